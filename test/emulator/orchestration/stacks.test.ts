import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator } from '../../support/emulator.js';
import { createStack, heat, type HeatCaller, heatCaller, native, settle } from './support.js';

/** Heat's engine in the built-in cloud: real resources made in dependency order through the other services, and removed again. */

let cloud: TestEmulator;
let demo: HeatCaller;

beforeAll(async () => {
  cloud = await startEmulator();
  demo = await heatCaller(cloud);
});
afterAll(async () => {
  await cloud.close();
});

const NETWORK_TEMPLATE = `
heat_template_version: 2018-08-31
description: A network with a server behind a router
parameters:
  cidr:
    type: string
    default: 10.60.0.0/24
  flavor:
    type: string
    default: m1.tiny
    constraints:
      - allowed_values: [m1.tiny, m1.small]
resources:
  net:
    type: OS::Neutron::Net
    properties:
      name: heat-net
  subnet:
    type: OS::Neutron::Subnet
    properties:
      network: { get_resource: net }
      cidr: { get_param: cidr }
  router:
    type: OS::Neutron::Router
    properties:
      external_gateway_info: { network: public }
  interface:
    type: OS::Neutron::RouterInterface
    properties:
      router: { get_resource: router }
      subnet: { get_resource: subnet }
  sg:
    type: OS::Neutron::SecurityGroup
    properties:
      rules:
        - { protocol: tcp, port_range_min: 22, port_range_max: 22, remote_ip_prefix: 0.0.0.0/0 }
  server:
    type: OS::Nova::Server
    depends_on: [interface]
    properties:
      image: tiny-boot
      flavor: { get_param: flavor }
      networks: [{ network: { get_resource: net } }]
      security_groups: [{ get_resource: sg }]
  port:
    type: OS::Neutron::Port
    properties:
      network: { get_resource: net }
      fixed_ips: [{ subnet: { get_resource: subnet } }]
  fip:
    type: OS::Neutron::FloatingIP
    depends_on: [interface]
    properties:
      floating_network: public
      port_id: { get_resource: port }
outputs:
  server_ip:
    description: The server's address
    value: { get_attr: [server, first_address] }
  net_id:
    value: { get_resource: net }
`;

describe('a stack of a network, subnet, router with interface, security group, server, port and floating IP', () => {
  it('is CREATE_IN_PROGRESS, then CREATE_COMPLETE once the server is ACTIVE, with every resource made for real', async () => {
    const { id, path } = await createStack(cloud, demo, { stack_name: 'web', template: NETWORK_TEMPLATE, parameters: { cidr: '10.61.0.0/24' } });
    const first = (await heat(cloud, demo, 'GET', path)).json().stack;
    expect(first.stack_status).toBe('CREATE_IN_PROGRESS');
    const done = await settle(cloud, demo, path);
    expect(done).toMatchObject({ id, stack_name: 'web', stack_status: 'CREATE_COMPLETE', stack_status_reason: 'Stack CREATE completed successfully', description: 'A network with a server behind a router' });
    expect(done.parameters).toMatchObject({ cidr: '10.61.0.0/24', flavor: 'm1.tiny', 'OS::stack_name': 'web' });

    const resources = (await heat(cloud, demo, 'GET', `${path}/resources`)).json().resources as Record<string, unknown>[];
    const byName = Object.fromEntries(resources.map((resource) => [resource.resource_name, resource]));
    expect(Object.keys(byName).sort()).toEqual(['fip', 'interface', 'net', 'port', 'router', 'server', 'sg', 'subnet']);
    expect(resources.every((resource) => resource.resource_status === 'CREATE_COMPLETE')).toBe(true);
    expect((byName.net!.required_by as string[]).sort()).toEqual(['port', 'server', 'subnet']);
    expect(byName.interface!.physical_resource_id).toBe(`${byName.router!.physical_resource_id}:subnet_id=${byName.subnet!.physical_resource_id}`);

    const network = (await native(cloud, demo, `/network/v2.0/networks/${byName.net!.physical_resource_id}`)).json().network;
    expect(network.name).toBe('heat-net');
    const subnet = (await native(cloud, demo, `/network/v2.0/subnets/${byName.subnet!.physical_resource_id}`)).json().subnet;
    expect(subnet.cidr).toBe('10.61.0.0/24');
    const server = (await native(cloud, demo, `/compute/v2.1/servers/${byName.server!.physical_resource_id}`)).json().server;
    expect(server.status).toBe('ACTIVE');
    expect(server.name).toMatch(/^web-server-[a-z0-9]{12}$/);
    const fip = (await native(cloud, demo, `/network/v2.0/floatingips/${byName.fip!.physical_resource_id}`)).json().floatingip;
    expect(fip.port_id).toBe(byName.port!.physical_resource_id);

    const outputs = done.outputs as { output_key: string; output_value: unknown }[];
    expect(outputs.find((output) => output.output_key === 'net_id')?.output_value).toBe(byName.net!.physical_resource_id);
    expect(outputs.find((output) => output.output_key === 'server_ip')?.output_value).toMatch(/^10\.61\.0\.\d+$/);

    // The server came after the interface it depends on: the events say so.
    const events = (await heat(cloud, demo, 'GET', `${path}/events?sort_dir=asc`)).json().events as { resource_name: string; resource_status: string }[];
    const at = (name: string, status: string) => events.findIndex((event) => event.resource_name === name && event.resource_status === status);
    expect(at('interface', 'CREATE_COMPLETE')).toBeLessThan(at('server', 'CREATE_IN_PROGRESS'));
    expect(events[0]).toMatchObject({ resource_name: 'web', resource_status: 'CREATE_IN_PROGRESS', resource_status_reason: 'Stack CREATE started' });

    // Deleting removes everything it made, dependents first.
    expect((await heat(cloud, demo, 'DELETE', path)).statusCode).toBe(204);
    const deleted = await settle(cloud, demo, path);
    expect(deleted.stack_status).toBe('DELETE_COMPLETE');
    for (const [name, url] of [
      ['server', `/compute/v2.1/servers/${byName.server!.physical_resource_id}`],
      ['net', `/network/v2.0/networks/${byName.net!.physical_resource_id}`],
      ['router', `/network/v2.0/routers/${byName.router!.physical_resource_id}`],
      ['sg', `/network/v2.0/security-groups/${byName.sg!.physical_resource_id}`],
      ['fip', `/network/v2.0/floatingips/${byName.fip!.physical_resource_id}`],
    ]) {
      expect((await native(cloud, demo, url!)).statusCode, name).toBe(404);
    }
    expect((await heat(cloud, demo, 'GET', '/stacks')).json().stacks.map((stack: { id: string }) => stack.id)).not.toContain(id);
    const deleteEvents = (await heat(cloud, demo, 'GET', `${path}/events?sort_dir=asc`)).json().events as { resource_name: string; resource_status: string }[];
    const gone = (name: string) => deleteEvents.findIndex((event) => event.resource_name === name && event.resource_status === 'DELETE_COMPLETE');
    expect(gone('server')).toBeLessThan(gone('net'));
    expect(gone('interface')).toBeLessThan(gone('subnet'));
  });
});

describe('stack URLs', () => {
  it('redirects /stacks/{name} and its sub-paths to /stacks/{name}/{id}', async () => {
    const { path } = await createStack(cloud, demo, { stack_name: 'redirected', template: { heat_template_version: '2018-08-31', resources: { r: { type: 'OS::Heat::RandomString' } } } });
    const answer = await heat(cloud, demo, 'GET', '/stacks/redirected');
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`http://cloud.test/cloud/orchestration/v1/${demo.projectId}${path}`);
    const resources = await heat(cloud, demo, 'GET', '/stacks/redirected/resources');
    expect(resources.statusCode).toBe(302);
    expect(resources.headers.location).toMatch(new RegExp(`${path}/resources$`));
    expect((await heat(cloud, demo, 'GET', '/stacks/missing')).json()).toMatchObject({ code: 404, error: { type: 'EntityNotFound', message: 'The Stack (missing) could not be found.' } });
    // Heat's stack_lookup redirects every method, so a DELETE by name alone is followed to the stack.
    for (const method of ['DELETE', 'PATCH'] as const) {
      const other = await heat(cloud, demo, method, '/stacks/redirected', method === 'PATCH' ? {} : undefined);
      expect(other.statusCode).toBe(302);
      expect(other.headers.location).toMatch(new RegExp(`${path}$`));
    }
  });

  it("filters a stack's resources by type, name, action and status as Heat does", async () => {
    const template = { heat_template_version: '2018-08-31', resources: { a: { type: 'OS::Heat::RandomString' }, b: { type: 'OS::Heat::TestResource' } } };
    const { path } = await createStack(cloud, demo, { stack_name: 'filtered', template });
    await settle(cloud, demo, path);
    const names = async (query: string) => ((await heat(cloud, demo, 'GET', `${path}/resources?${query}`)).json().resources as { resource_name: string }[]).map((resource) => resource.resource_name).sort();
    expect(await names('type=OS::Heat::TestResource')).toEqual(['b']);
    expect(await names('type=OS::Nova::Server')).toEqual([]);
    expect(await names('name=a&name=b')).toEqual(['a', 'b']);
    expect(await names('action=CREATE&status=COMPLETE')).toEqual(['a', 'b']);
  });

  it('answers JSON as Heat does: application/json without a charset', async () => {
    expect((await heat(cloud, demo, 'GET', '/stacks')).headers['content-type']).toBe('application/json');
  });
});
