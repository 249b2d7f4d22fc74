import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';
import { createStack, heat, type HeatCaller, heatCaller, native, settle } from './support.js';

/** Heat's refusals (validation, parameters, quotas), rollback, update, check/suspend/resume, and what a stack gives back. */

let cloud: TestEmulator;
let demo: HeatCaller;

beforeAll(async () => {
  cloud = await startEmulator();
  demo = await heatCaller(cloud);
});
afterAll(async () => {
  await cloud.close();
});

const random = (name: string, extra: Record<string, unknown> = {}) => ({ [name]: { type: 'OS::Heat::RandomString', ...extra } });
const hot = (resources: Record<string, unknown>, more: Record<string, unknown> = {}) => ({ heat_template_version: '2018-08-31', resources, ...more });

describe('template validation', () => {
  it('describes the parameters of a template (types, defaults, constraints) as Heat does', async () => {
    const answer = await heat(cloud, demo, 'POST', '/validate', {
      template: hot(random('r'), {
        description: 'two parameters',
        parameters: {
          size: { type: 'number', default: 8, label: 'Size', description: 'How many', constraints: [{ range: { min: 4, max: 32 }, description: '4 to 32' }] },
          colour: { type: 'string', hidden: true, constraints: [{ allowed_values: ['red', 'blue'] }] },
        },
      }),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      Description: 'two parameters',
      Parameters: {
        size: { Type: 'Number', Description: 'How many', NoEcho: 'false', Label: 'Size', Default: 8, MinValue: 4, MaxValue: 32, ConstraintDescription: '4 to 32' },
        colour: { Type: 'String', Description: '', NoEcho: 'true', Label: 'colour', AllowedValues: ['red', 'blue'] },
      },
      Environment: { resource_registry: { resources: {} }, parameters: {}, parameter_defaults: {}, event_sinks: [] },
    });
  });

  it.each([
    ['a reference to a missing resource', hot({ r: { type: 'OS::Heat::RandomString', properties: { length: { get_resource: 'zz' } } } }), 'InvalidTemplateReference', 'The specified reference "zz" (in r.Properties.length) is incorrect.'],
    ['a depends_on a missing resource', hot({ r: { type: 'OS::Heat::RandomString', depends_on: ['zz'] } }), 'InvalidTemplateReference', 'The specified reference "zz" (in r) is incorrect.'],
    ['an unknown resource type', hot({ r: { type: 'OS::Nope::Thing' } }), 'HTTPBadRequest', 'The Resource Type (OS::Nope::Thing) could not be found.'],
    ['an unknown property', hot({ r: { type: 'OS::Heat::RandomString', properties: { lengthx: 3 } } }), 'HTTPBadRequest', 'Property error: resources.r.properties: Unknown Property lengthx'],
    ['an unknown version', { heat_template_version: '2099-01-01', resources: {} }, 'InvalidTemplateVersion', 'The template version is invalid: "heat_template_version: 2099-01-01".'],
    [
      'a parameter default that fails its own constraint',
      hot(random('r'), { parameters: { size: { type: 'number', default: 50, constraints: [{ range: { min: 4, max: 32 } }] } } }),
      'InvalidSchemaError',
      "Parameter 'size' is invalid: Invalid default 50 (50 is out of range (min: 4, max: 32))",
    ],
    [
      'a list default with a value its allowed_values do not have',
      hot(random('r'), { parameters: { zones: { type: 'comma_delimited_list', default: 'a,c', constraints: [{ allowed_values: ['a', 'b'] }] } } }),
      'InvalidSchemaError',
      'Parameter \'zones\' is invalid: Invalid default a,c (["a", "c"] is not an allowed value ["a", "b"])',
    ],
  ])('refuses %s with Heat message', async (_case, template, type, message) => {
    const answer = await heat(cloud, demo, 'POST', '/validate', { template });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.type).toBe(type);
    expect(answer.json().error.message).toContain(message);
  });

  it('refuses YAML that does not parse', async () => {
    const answer = await heat(cloud, demo, 'POST', '/validate', { template: 'heat_template_version: 2018-08-31\nresources:\n  a: [\n' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toMatch(/^Template not in valid format: /);
  });
});

describe('stack create refusals', () => {
  const withSize = hot(random('r', { properties: { length: { get_param: 'size' } } }), { parameters: { size: { type: 'number', constraints: [{ range: { min: 4, max: 32 } }] } } });

  it('refuses a parameter that fails its constraint, naming it', async () => {
    const answer = await heat(cloud, demo, 'POST', '/stacks', { stack_name: 'tooLong', template: withSize, parameters: { size: 50 } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({ type: 'StackValidationFailed', message: "Parameter 'size' is invalid: 50 is out of range (min: 4, max: 32)" });
  });

  it('refuses a value outside allowed_values in Heat words (JSON values)', async () => {
    const template = hot(random('r'), { parameters: { colour: { type: 'string', constraints: [{ allowed_values: ['red', 'blue'] }] } } });
    const answer = await heat(cloud, demo, 'POST', '/stacks', { stack_name: 'green', template, parameters: { colour: 'green' } });
    expect(answer.json().error).toMatchObject({ type: 'StackValidationFailed', message: 'Parameter \'colour\' is invalid: "green" is not an allowed value ["red", "blue"]' });
  });

  it('refuses a parameter without a value or default', async () => {
    const answer = await heat(cloud, demo, 'POST', '/stacks', { stack_name: 'noSize', template: withSize });
    expect(answer.json().error).toMatchObject({ type: 'UserParameterMissing', message: 'The Parameter (size) was not provided.' });
  });

  it('refuses a second stack of the same name and a name Heat does not allow', async () => {
    await createStack(cloud, demo, { stack_name: 'twice', template: hot(random('r')) });
    const again = await heat(cloud, demo, 'POST', '/stacks', { stack_name: 'twice', template: hot(random('r')) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('The Stack (twice) already exists.');
    const badName = await heat(cloud, demo, 'POST', '/stacks', { stack_name: '1 bad', template: hot(random('r')) });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().error.message).toMatch(/^Invalid stack name 1 bad must contain only alphanumeric/);
  });
});

describe('a resource that fails', () => {
  async function limitNetworks(count: number) {
    const admin = await tokenFor(cloud.app, 'admin');
    const answer = await cloud.app.inject({
      method: 'PUT',
      url: `/cloud/network/v2.0/quotas/${demo.projectId}`,
      headers: { 'x-auth-token': admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ quota: { network: count } }),
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  const networkCount = async () => (await native(cloud, demo, `/network/v2.0/networks?project_id=${demo.projectId}`)).json().networks.length as number;

  it('leaves the stack CREATE_FAILED with the quota reason, and rolls back what it made when asked', async () => {
    const used = await networkCount();
    await limitNetworks(used + 1);
    try {
      const template = hot({ one: { type: 'OS::Neutron::Net' }, two: { type: 'OS::Neutron::Net', depends_on: ['one'] } });
      const failed = await createStack(cloud, demo, { stack_name: 'overQuota', template });
      const stack = await settle(cloud, demo, failed.path);
      expect(stack.stack_status).toBe('CREATE_FAILED');
      expect(stack.stack_status_reason).toBe("Resource CREATE failed: OverQuotaClient: resources.two: Quota exceeded for resources: ['network'].");
      const resources = (await heat(cloud, demo, 'GET', `${failed.path}/resources`)).json().resources as Record<string, string>[];
      expect(resources.find((resource) => resource.resource_name === 'two')).toMatchObject({ resource_status: 'CREATE_FAILED' });
      expect(await networkCount()).toBe(used + 1);
      await heat(cloud, demo, 'DELETE', failed.path);
      expect((await settle(cloud, demo, failed.path)).stack_status).toBe('DELETE_COMPLETE');
      expect(await networkCount()).toBe(used);

      const rolled = await createStack(cloud, demo, { stack_name: 'rolledBack', template, disable_rollback: false });
      const after = await settle(cloud, demo, rolled.path);
      expect(after).toMatchObject({ stack_status: 'ROLLBACK_COMPLETE', stack_status_reason: 'Stack ROLLBACK completed successfully' });
      expect(await networkCount()).toBe(used);
    } finally {
      await limitNetworks(100);
    }
  });

  it("makes Heat's OS::Heat::TestResource: its value as the output attribute, changed in place by an update, and Heat's ValueError when asked to fail", async () => {
    const template = (value: string, fail = false) => hot({ t: { type: 'OS::Heat::TestResource', properties: { value, fail } } }, { outputs: { out: { value: { get_attr: ['t', 'output'] } } } });
    const made = await createStack(cloud, demo, { stack_name: 'testResource', template: template('first') });
    expect(await settle(cloud, demo, made.path)).toMatchObject({ stack_status: 'CREATE_COMPLETE' });
    expect((await heat(cloud, demo, 'GET', `${made.path}/outputs/out`)).json().output.output_value).toBe('first');
    const before = (await heat(cloud, demo, 'GET', `${made.path}/resources/t`)).json().resource.physical_resource_id as string;
    expect((await heat(cloud, demo, 'PUT', made.path, { template: template('second') })).statusCode).toBe(202);
    expect(await settle(cloud, demo, made.path)).toMatchObject({ stack_status: 'UPDATE_COMPLETE' });
    expect((await heat(cloud, demo, 'GET', `${made.path}/outputs/out`)).json().output.output_value).toBe('second');
    expect((await heat(cloud, demo, 'GET', `${made.path}/resources/t`)).json().resource.physical_resource_id).toBe(before);

    const failing = await createStack(cloud, demo, { stack_name: 'testResourceFails', template: template('x', true) });
    expect(await settle(cloud, demo, failing.path)).toMatchObject({ stack_status: 'CREATE_FAILED', stack_status_reason: 'Resource CREATE failed: ValueError: resources.t: Test Resource failed t' });
  });
});

describe('stack update', () => {
  const physicalIds = async (path: string) =>
    Object.fromEntries(((await heat(cloud, demo, 'GET', `${path}/resources`)).json().resources as Record<string, string>[]).map((resource) => [resource.resource_name, resource.physical_resource_id]));
  const resourceEvents = async (path: string, name: string) =>
    ((await heat(cloud, demo, 'GET', `${path}/resources/${name}/events?sort_dir=asc`)).json().events as Record<string, string>[]).map((event) => `${event.resource_status} ${event.resource_status_reason}`);

  it('adds, removes and replaces resources, keeping the ones that did not change', async () => {
    const net = (length: number) => ({ net: { type: 'OS::Neutron::Net', properties: { name: 'kept' } }, key: { type: 'OS::Heat::RandomString', properties: { length } } });
    const { path } = await createStack(cloud, demo, { stack_name: 'growing', template: hot({ ...random('keep'), ...net(8), ...random('gone') }) });
    await settle(cloud, demo, path);
    const before = await physicalIds(path);

    // A random string's length is not update_allowed in Heat: the resource is replaced.
    const answer = await heat(cloud, demo, 'PUT', path, { template: hot({ ...random('keep'), ...net(12), ...random('added') }) });
    expect(answer.statusCode).toBe(202);
    const stack = await settle(cloud, demo, path);
    expect(stack).toMatchObject({ stack_status: 'UPDATE_COMPLETE', stack_status_reason: 'Stack UPDATE completed successfully' });
    const after = await physicalIds(path);
    expect(Object.keys(after).sort()).toEqual(['added', 'keep', 'key', 'net']);
    expect(after.keep).toBe(before.keep);
    expect(after.net).toBe(before.net);
    expect(after.key).not.toBe(before.key);
    const value = ((await heat(cloud, demo, 'GET', `${path}/resources/key`)).json().resource as { attributes: { value: string } }).attributes.value;
    expect(value).toHaveLength(12);
    expect(await resourceEvents(path, 'key')).toEqual(expect.arrayContaining(['UPDATE_IN_PROGRESS state changed', 'UPDATE_COMPLETE The Resource key requires replacement.']));
  });

  it('changes in place what Heat allows to change (a network\'s name: same network, UPDATE_COMPLETE) and replaces what it does not (a subnet\'s CIDR)', async () => {
    const template = (name: string, cidr: string) =>
      hot({
        net: { type: 'OS::Neutron::Net', properties: { name } },
        sub: { type: 'OS::Neutron::Subnet', properties: { network: { get_resource: 'net' }, cidr, name: 's1' } },
      });
    const { path } = await createStack(cloud, demo, { stack_name: 'inPlace', template: template('first', '10.71.1.0/24') });
    await settle(cloud, demo, path);
    const before = await physicalIds(path);

    expect((await heat(cloud, demo, 'PUT', path, { template: template('second', '10.71.1.0/24') })).statusCode).toBe(202);
    expect((await settle(cloud, demo, path)).stack_status).toBe('UPDATE_COMPLETE');
    const renamed = await physicalIds(path);
    expect(renamed).toEqual(before);
    expect((await native(cloud, demo, `/network/v2.0/networks/${before.net}`)).json().network.name).toBe('second');
    const resources = (await heat(cloud, demo, 'GET', `${path}/resources`)).json().resources as Record<string, string>[];
    expect(resources.find((resource) => resource.resource_name === 'net')).toMatchObject({ resource_status: 'UPDATE_COMPLETE' });
    expect(resources.find((resource) => resource.resource_name === 'sub')).toMatchObject({ resource_status: 'CREATE_COMPLETE' });
    expect((await resourceEvents(path, 'net')).slice(-2)).toEqual(['UPDATE_IN_PROGRESS state changed', 'UPDATE_COMPLETE state changed']);

    expect((await heat(cloud, demo, 'PUT', path, { template: template('second', '10.71.2.0/24') })).statusCode).toBe(202);
    expect((await settle(cloud, demo, path)).stack_status).toBe('UPDATE_COMPLETE');
    const after = await physicalIds(path);
    expect(after.net).toBe(before.net);
    expect(after.sub).not.toBe(before.sub);
    expect((await native(cloud, demo, `/network/v2.0/subnets/${before.sub}`)).statusCode).toBe(404);
    expect((await native(cloud, demo, `/network/v2.0/subnets/${after.sub}`)).json().subnet.cidr).toBe('10.71.2.0/24');
    expect(await resourceEvents(path, 'sub')).toEqual(expect.arrayContaining(['UPDATE_COMPLETE The Resource sub requires replacement.', 'DELETE_COMPLETE state changed', 'CREATE_COMPLETE state changed']));
  });

  it('keeps the template and changes a parameter with PATCH, updating in place what reads it', async () => {
    const template = hot({ net: { type: 'OS::Neutron::Net', properties: { name: { get_param: 'label' } } } }, { parameters: { label: { type: 'string', default: 'one' } } });
    const { path } = await createStack(cloud, demo, { stack_name: 'patched', template });
    await settle(cloud, demo, path);
    const before = await physicalIds(path);
    expect((await heat(cloud, demo, 'PATCH', path, { parameters: { label: 'two' } })).statusCode).toBe(202);
    const stack = await settle(cloud, demo, path);
    expect(stack.parameters).toMatchObject({ label: 'two' });
    const net = (await heat(cloud, demo, 'GET', `${path}/resources/net`)).json().resource as { attributes: { name: string }; physical_resource_id: string; resource_status: string };
    expect(net).toMatchObject({ physical_resource_id: before.net, resource_status: 'UPDATE_COMPLETE' });
    expect(net.attributes.name).toBe('two');
    expect((await heat(cloud, demo, 'GET', `${path}/environment`)).json().parameters).toEqual({ label: 'two' });
  });
});

describe('timeout_mins', () => {
  it('fails a create whose resources are not complete in time with Heat\'s "Timed out", the resource in progress "CREATE aborted"', async () => {
    const template = hot({ ...random('fast'), srv: { type: 'OS::Nova::Server', properties: { image: 'tiny-boot', flavor: 'm1.tiny', networks: [{ network: 'private' }] } } });
    const { id, path } = await createStack(cloud, demo, { stack_name: 'slowServer', template, timeout_mins: 1 });
    const started = (await heat(cloud, demo, 'GET', path)).json().stack;
    expect(started).toMatchObject({ stack_status: 'CREATE_IN_PROGRESS', timeout_mins: 1 });
    const building = (await heat(cloud, demo, 'GET', `${path}/resources/srv`)).json().resource;
    expect(building.resource_status).toBe('CREATE_IN_PROGRESS');

    cloud.clock.advance(61);
    const stack = (await heat(cloud, demo, 'GET', path)).json().stack;
    expect(stack).toMatchObject({ stack_status: 'CREATE_FAILED', stack_status_reason: 'Timed out' });
    const srv = (await heat(cloud, demo, 'GET', `${path}/resources/srv`)).json().resource;
    expect(srv).toMatchObject({ resource_status: 'CREATE_FAILED', resource_status_reason: `CREATE aborted (Task create from Server "srv" Stack "slowServer" [${id}] Timed out)` });
    expect((await heat(cloud, demo, 'GET', `${path}/resources/fast`)).json().resource.resource_status).toBe('CREATE_COMPLETE');
    await heat(cloud, demo, 'DELETE', path);
    expect((await settle(cloud, demo, path)).stack_status).toBe('DELETE_COMPLETE');
  });

  it('times an update out the same way, with the timeout the update gives', async () => {
    const { path } = await createStack(cloud, demo, { stack_name: 'slowUpdate', template: hot(random('first')) });
    expect((await settle(cloud, demo, path)).stack_status).toBe('CREATE_COMPLETE');
    const bigger = hot({ ...random('first'), srv: { type: 'OS::Nova::Server', properties: { image: 'tiny-boot', flavor: 'm1.tiny', networks: [{ network: 'private' }] } } });
    expect((await heat(cloud, demo, 'PATCH', path, { template: bigger, timeout_mins: 1 })).statusCode).toBe(202);
    expect((await heat(cloud, demo, 'GET', `${path}/resources/srv`)).json().resource.resource_status).toBe('CREATE_IN_PROGRESS');
    cloud.clock.advance(61);
    expect((await heat(cloud, demo, 'GET', path)).json().stack).toMatchObject({ stack_status: 'UPDATE_FAILED', stack_status_reason: 'Timed out', timeout_mins: 1 });
    expect((await heat(cloud, demo, 'GET', `${path}/resources/srv`)).json().resource.resource_status_reason).toMatch(/^CREATE aborted \(Task create from Server "srv" Stack "slowUpdate" \[[0-9a-f-]+\] Timed out\)$/);
    await heat(cloud, demo, 'DELETE', path);
    expect((await settle(cloud, demo, path)).stack_status).toBe('DELETE_COMPLETE');
  });

  it('lets a stack that completes within its timeout complete', async () => {
    const { path } = await createStack(cloud, demo, { stack_name: 'inTime', template: hot(random('only')), timeout_mins: 1 });
    expect((await settle(cloud, demo, path)).stack_status).toBe('CREATE_COMPLETE');
    cloud.clock.advance(120);
    expect((await heat(cloud, demo, 'GET', path)).json().stack.stack_status).toBe('CREATE_COMPLETE');
  });
});

describe('stack actions', () => {
  it('checks, suspends and resumes a stack, and refuses an unknown action', async () => {
    const { path } = await createStack(cloud, demo, { stack_name: 'acted', template: hot(random('r')) });
    await settle(cloud, demo, path);
    for (const [action, status] of [['check', 'CHECK_COMPLETE'], ['suspend', 'SUSPEND_COMPLETE'], ['resume', 'RESUME_COMPLETE']] as const) {
      const answer = await heat(cloud, demo, 'POST', `${path}/actions`, { [action]: null });
      expect(answer.statusCode).toBe(200);
      expect((await settle(cloud, demo, path)).stack_status).toBe(status);
    }
    const bogus = await heat(cloud, demo, 'POST', `${path}/actions`, { bogus: null });
    expect(bogus.json().error.message).toBe('Invalid action bogus specified');
  });
});

describe('what a stack gives back', () => {
  it('answers its template, environment, outputs and one output', async () => {
    const template = hot(random('r', { properties: { length: 12 } }), { outputs: { value: { description: 'the value', value: { get_attr: ['r', 'value'] } } } });
    const { path } = await createStack(cloud, demo, { stack_name: 'giving', template, environment: { parameter_defaults: {} } });
    await settle(cloud, demo, path);
    expect((await heat(cloud, demo, 'GET', `${path}/template`)).json()).toEqual(template);
    expect((await heat(cloud, demo, 'GET', `${path}/outputs`)).json()).toEqual({ outputs: [{ output_key: 'value', description: 'the value' }] });
    const output = (await heat(cloud, demo, 'GET', `${path}/outputs/value`)).json().output;
    expect(output.output_value).toMatch(/^[A-Za-z0-9]{12}$/);
  });
});
