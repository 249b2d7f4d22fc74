import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';
import { waitUntil } from '../support/wait.js';

/** /api/heat/ and the stack topology data, against the built-in Heat or a real one (cheap resources only: a random string, a network, a subnet). */

let cloud: TestCloud;
let demo: ApiClient;
const made: string[] = [];

beforeAll(async () => {
  cloud = await startTestCloud();
  demo = await ApiClient.loggedIn(cloud, 'demo');
});
afterAll(async () => {
  for (const id of made) await demo.delete(`/api/heat/stacks/${id}/`);
  await cloud.close();
});

const TEMPLATE = `heat_template_version: 2018-08-31
description: api test stack
parameters:
  length:
    type: number
    default: 8
    label: Length
    constraints:
      - range: { min: 4, max: 32 }
resources:
  word:
    type: OS::Heat::RandomString
    properties:
      length: { get_param: length }
  net:
    type: OS::Neutron::Net
  subnet:
    type: OS::Neutron::Subnet
    properties:
      network: { get_resource: net }
      cidr: 10.91.0.0/24
outputs:
  word:
    description: the word
    value: { get_attr: [word, value] }
`;

const settled = (id: string) =>
  waitUntil(() => demo.get(`/api/heat/stacks/${id}/`), (response) => response.status === 200 && !String(response.body.stack_status).endsWith('IN_PROGRESS'), { what: `stack ${id} settled` });

async function launch(parameters: Record<string, unknown> = {}) {
  const name = uniqueName('apistack').replace(/[^A-Za-z0-9_.-]/g, '');
  const response = await demo.post('/api/heat/stacks/', { stack_name: name, template: TEMPLATE, parameters });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  made.push(response.body.id);
  expect(response.headers.get('location')).toBe(`/api/heat/stacks/${response.body.id}/`);
  return { id: response.body.id as string, name };
}

describe('template validation through /api/heat/validate/', () => {
  it("describes the template's parameters", async () => {
    const response = await demo.post('/api/heat/validate/', { template: TEMPLATE });
    expect(response.status).toBe(200);
    expect(response.body.Parameters.length).toMatchObject({ Type: 'Number', Default: 8, MinValue: 4, MaxValue: 32, Label: 'Length' });
  });

  it("refuses a bad reference with Heat's message", async () => {
    const response = await demo.post('/api/heat/validate/', { template: TEMPLATE.replace('get_resource: net', 'get_resource: nowhere') });
    expect(response.status).toBe(400);
    expect(response.body).toBe('The specified reference "nowhere" (in subnet.Properties.network) is incorrect.');
  });

  it("refuses a template whose parameter default fails its constraint with Heat's message", async () => {
    const response = await demo.post('/api/heat/validate/', { template: TEMPLATE.replace('default: 8', 'default: 50') });
    expect(response.status).toBe(400);
    expect(response.body).toBe("Parameter 'length' is invalid: Invalid default 50 (50 is out of range (min: 4, max: 32))");
  });

  it("refuses a parameter that fails its constraint at launch with Heat's message", async () => {
    const response = await demo.post('/api/heat/stacks/', { stack_name: uniqueName('apibad').replace(/[^A-Za-z0-9_.-]/g, ''), template: TEMPLATE, parameters: { length: 50 } });
    expect(response.status).toBe(400);
    expect(response.body).toBe("Parameter 'length' is invalid: 50 is out of range (min: 4, max: 32)");
  });

  it('refuses a body without a stack name, naming the field', async () => {
    const response = await demo.post('/api/heat/stacks/', { template: TEMPLATE });
    expect(response.status).toBe(400);
    expect(response.body).toContain('stack_name');
  });
});

describe('a stack through /api/heat/stacks/', () => {
  it('launches, lists, shows with outputs, lists resources and events, returns its template, then deletes', { timeout: 120_000 }, async () => {
    const { id, name } = await launch({ length: 12 });
    const listed = await demo.get('/api/heat/stacks/');
    expect(listed.body.items.map((stack: { id: string }) => stack.id)).toContain(id);
    const stack = (await settled(id)).body;
    expect(stack).toMatchObject({ id, stack_name: name, stack_status: 'CREATE_COMPLETE', description: 'api test stack' });
    expect(stack.parameters.length).toBe('12');
    expect(stack.outputs[0]).toMatchObject({ output_key: 'word', description: 'the word' });
    expect(stack.outputs[0].output_value).toMatch(/^[A-Za-z0-9]{12}$/);

    const resources = (await demo.get(`/api/heat/stacks/${id}/resources/`)).body.items as { resource_name: string; required_by: string[]; resource_status: string }[];
    expect(resources.map((resource) => resource.resource_name).sort()).toEqual(['net', 'subnet', 'word']);
    expect(resources.find((resource) => resource.resource_name === 'net')!.required_by).toEqual(['subnet']);
    const events = (await demo.get(`/api/heat/stacks/${id}/events/`)).body.items as { resource_name: string; resource_status: string }[];
    expect(events[0]).toMatchObject({ resource_name: name, resource_status: 'CREATE_COMPLETE' });
    const template = (await demo.get(`/api/heat/stacks/${id}/template/`)).body;
    expect(template.resources.subnet.type).toBe('OS::Neutron::Subnet');
    expect((await demo.get(`/api/heat/stacks/${id}/outputs/`)).body.items[0].output_key).toBe('word');

    expect((await demo.delete(`/api/heat/stacks/${id}/`)).status).toBe(204);
    await waitUntil(() => demo.get('/api/heat/stacks/'), (response) => !response.body.items.some((item: { id: string }) => item.id === id), { what: `stack ${id} gone from the list` });
    const shown = await demo.get(`/api/heat/stacks/${id}/`);
    // Heat still shows a deleted stack by id (DELETE_COMPLETE) until it is purged.
    expect(shown.status === 404 || shown.body.stack_status === 'DELETE_COMPLETE').toBe(true);
  });

  it('checks, suspends and resumes a stack, and changes a parameter keeping the template', { timeout: 120_000 }, async () => {
    const { id } = await launch();
    await settled(id);
    for (const [action, status] of [['check', 'CHECK_COMPLETE'], ['suspend', 'SUSPEND_COMPLETE'], ['resume', 'RESUME_COMPLETE']]) {
      expect((await demo.post(`/api/heat/stacks/${id}/actions/`, { action })).status).toBe(204);
      await waitUntil(() => demo.get(`/api/heat/stacks/${id}/`), (response) => response.body.stack_status === status, { what: `stack ${status}` });
    }
    expect((await demo.post(`/api/heat/stacks/${id}/actions/`, { action: 'explode' })).status).toBe(400);
    expect((await demo.request('PUT', `/api/heat/stacks/${id}/`, { parameters: { length: 16 } })).status).toBe(204);
    const updated = (await waitUntil(() => demo.get(`/api/heat/stacks/${id}/`), (response) => response.body.stack_status === 'UPDATE_COMPLETE', { what: 'stack updated' })).body;
    expect(updated.parameters.length).toBe('16');
    expect(updated.outputs[0].output_value).toHaveLength(16);
  });

  it('changes a network\'s name in place (the same network, UPDATE_COMPLETE) and replaces a subnet whose CIDR changed, as Heat does', { timeout: 120_000 }, async () => {
    const { id } = await launch();
    await settled(id);
    const ids = async () =>
      Object.fromEntries(((await demo.get(`/api/heat/stacks/${id}/resources/`)).body.items as { resource_name: string; physical_resource_id: string; resource_status: string }[]).map((resource) => [resource.resource_name, resource]));
    const before = await ids();
    const changed = TEMPLATE.replace('    type: OS::Neutron::Net\n', '    type: OS::Neutron::Net\n    properties:\n      name: renamed-in-place\n').replace('10.91.0.0/24', '10.91.1.0/24');
    expect((await demo.request('PUT', `/api/heat/stacks/${id}/`, { template: changed, parameters: {} })).status).toBe(204);
    await waitUntil(() => demo.get(`/api/heat/stacks/${id}/`), (response) => response.body.stack_status === 'UPDATE_COMPLETE', { what: 'stack updated' });
    const after = await ids();
    expect(after.net).toMatchObject({ physical_resource_id: before.net!.physical_resource_id, resource_status: 'UPDATE_COMPLETE' });
    expect(after.subnet!.physical_resource_id).not.toBe(before.subnet!.physical_resource_id);
    expect(after.word!.physical_resource_id).toBe(before.word!.physical_resource_id);
  });

  it('answers 404 for a stack that does not exist', async () => {
    expect((await demo.get('/api/heat/stacks/no-such-stack/')).status).toBe(404);
  });
});

describe('the stack topology data (project/stacks/get_d3_data/{id}/)', () => {
  it('answers the stack and its resources as d3 nodes with icons, required_by and escaped info boxes', async () => {
    const { id, name } = await launch();
    await settled(id);
    const response = await demo.get(`/project/stacks/get_d3_data/${id}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const { stack, nodes } = response.body;
    expect(stack).toMatchObject({ stack_id: id, name, status: 'CREATE_COMPLETE', image_size: 60, image_x: -30, image_y: -30, text_x: 40, text_y: '.35em', in_progress: false });
    expect(stack.image).toBe('/static/heat/img/stack-green.svg');
    expect(stack.info_box).toContain(`<h3>${name}</h3>`);
    const net = nodes.find((node: { name: string }) => node.name === 'net');
    expect(net).toMatchObject({ status: 'CREATE_COMPLETE', required_by: ['subnet'], image: '/static/heat/img/network-green.svg', image_size: 50, image_x: -25, image_y: -25, text_x: 35, text_y: '.35em', in_progress: false });
    const icon = await fetch(`${cloud.baseUrl}${net.image}`);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('answers a synthetic DELETE_COMPLETE stack for one that does not exist, never an error', async () => {
    const response = await demo.get('/project/stacks/get_d3_data/no-such-stack/');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ stack: { stack_id: 'no-such-stack', status: 'DELETE_COMPLETE', in_progress: false, image: '/static/heat/img/stack-red.svg' }, nodes: [] });
  });
});
