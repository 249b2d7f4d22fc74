import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootImageId } from '../support/boot-image.js';
import { type ApiClient } from '../support/api-client.js';
import { type TestCloud, uniqueName } from '../support/cloud.js';
import { waitUntil } from '../support/wait.js';
import { closeNeutronTestBed, type NativeNeutron, openNeutronTestBed } from './neutron-native.js';

/**
 * `project/network_topology/json` (api-contract §12): what both topology
 * views draw, against the emulator and unchanged against a real cloud.
 */

let cloud: TestCloud, demo: ApiClient, admin: ApiClient, demoNative: NativeNeutron, adminNative: NativeNeutron;
let publicNet: { id: string; name: string };
let network: { id: string; name: string }, subnet: { id: string; cidr: string }, router: { id: string; name: string };
let serverId: string, serverName: string, haPort: { id: string };

type Topology = {
  networks: { id: string; name: string; subnets: { id: string; cidr: string; url: string }[]; status: string; original_status: string; 'router:external': boolean; allow_delete_subnet?: boolean; allow_delete_network?: boolean; url: string }[];
  routers: { id: string; name: string; status: string; original_status: string; external_gateway_info: { network_id: string } | null; url: string }[];
  servers: { id: string; name: string; status: string; original_status: string; task: string | null; console?: string; allow_delete_server: boolean; url: string }[];
  ports: { id: string; network_id: string; device_id: string; device_owner?: string; fixed_ips: { ip_address: string; subnet_id: string }[]; status?: string; original_status?: string; url?: string }[];
};

const topology = async (client = demo) => {
  const response = await client.get<Topology>(`/project/network_topology/json?${Date.now()}`);
  expect(response.status).toBe(200);
  return response.body;
};

beforeAll(async () => {
  ({ cloud, demo, admin, demoNative, adminNative } = await openNeutronTestBed());
  publicNet = (await demo.get('/api/network/floatingippools/')).body.items[0];
  network = (await demoNative.ok('POST', '/networks', { network: { name: uniqueName('api-topo-net') } })).network;
  demoNative.deleteLater(`/networks/${network.id}`);
  subnet = (await demoNative.ok('POST', '/subnets', { subnet: { network_id: network.id, cidr: '10.231.0.0/24', ip_version: 4 } })).subnet;
  router = (await demoNative.ok('POST', '/routers', { router: { name: uniqueName('api-topo-router'), external_gateway_info: { network_id: publicNet.id } } })).router;
  demoNative.deleteLater(`/routers/${router.id}`);
  await demoNative.ok('PUT', `/routers/${router.id}/add_router_interface`, { subnet_id: subnet.id });
  demoNative.later(() => demoNative.call('PUT', `/routers/${router.id}/remove_router_interface`, { subnet_id: subnet.id }));
  // A port as an HA router makes it (the network's owner may set the owner): the topology leaves it out.
  haPort = (await demoNative.ok('POST', '/ports', { port: { network_id: network.id, device_owner: 'network:router_ha_interface', device_id: router.id } })).port;
  demoNative.deleteLater(`/ports/${haPort.id}`);

  const imageId = await bootImageId(demo);
  const flavor = ((await demo.get('/api/nova/flavors/')).body.items as { id: string; ram: number }[]).sort((a, b) => a.ram - b.ram)[0];
  serverName = uniqueName('api-topo-vm');
  const launched = await demo.post('/api/nova/servers/', {
    name: serverName, source_id: imageId, flavor_id: flavor.id, key_name: null, user_data: null, security_groups: ['default'], nics: [{ 'net-id': network.id, 'v4-fixed-ip': '' }],
  });
  expect(launched.status).toBe(201);
  serverId = launched.body.id;
  // The server goes first at clean-up (latest first), so its port leaves the network.
  demoNative.later(async () => {
    await demo.delete(`/api/nova/servers/${serverId}`);
    await waitUntil(() => demo.get(`/api/nova/servers/${serverId}`), (response) => response.status === 404, { what: 'the topology test server to go', timeout: 90_000 });
  });
}, 120_000);
afterAll(() => closeNeutronTestBed({ cloud, demoNative, adminNative }), 180_000);

describe('project/network_topology/json', () => {
  it('answers text/json with the networks, routers, servers and ports of the project', async () => {
    const response = await demo.get(`/project/network_topology/json?${Date.now()}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/json/);
    expect(Object.keys(response.body).sort()).toEqual(['networks', 'ports', 'routers', 'servers']);
  }, 60_000);

  it('lists a network with its subnets, translated status, delete rights and url; the external network first without delete rights', async () => {
    const { networks } = await topology();
    const mine = networks.find((item) => item.id === network.id)!;
    expect(mine).toEqual({
      id: network.id,
      name: network.name,
      subnets: [{ id: subnet.id, cidr: '10.231.0.0/24', url: `/project/networks/subnets/${subnet.id}/detail` }],
      status: 'Active',
      original_status: 'ACTIVE',
      'router:external': false,
      allow_delete_subnet: true,
      allow_delete_network: true,
      url: `/project/networks/${network.id}/detail`,
    });
    const external = networks.find((item) => item.id === publicNet.id)!;
    expect(external['router:external']).toBe(true);
    expect(external).not.toHaveProperty('allow_delete_network');
    const firstInternal = networks.findIndex((item) => !item['router:external']);
    expect(networks.slice(0, firstInternal).every((item) => item['router:external'])).toBe(true);
    expect(networks.slice(firstInternal).every((item) => !item['router:external'])).toBe(true);
  }, 60_000);

  it('lists the router with its gateway, and the server with its task, console and delete right once it is active', async () => {
    const { routers } = await topology();
    expect(routers.find((item) => item.id === router.id)).toMatchObject({
      name: router.name,
      status: 'Active',
      original_status: 'ACTIVE',
      external_gateway_info: { network_id: publicNet.id },
      url: `/project/routers/${router.id}/`,
    });
    const server = await waitUntil(
      async () => (await topology()).servers.find((item) => item.id === serverId),
      (item) => item?.original_status === 'ACTIVE' && !item.task,
      { what: 'the server to be active in the topology', timeout: 90_000 },
    );
    expect(server).toEqual({ id: serverId, name: serverName, status: 'Active', original_status: 'ACTIVE', task: null, console: 'auto_console', allow_delete_server: true, url: `/project/instances/${serverId}/` });
  }, 120_000);

  it("lists the server's and the router interface's ports on the network, leaves HA router ports out", async () => {
    const ports = await waitUntil(
      async () => (await topology()).ports,
      (list) => list.some((port) => port.device_id === serverId),
      { what: "the server's port in the topology", timeout: 90_000 },
    );
    const interfacePort = ports.find((port) => port.device_id === router.id && port.network_id === network.id)!;
    expect(interfacePort).toMatchObject({ device_owner: 'network:router_interface', fixed_ips: [{ subnet_id: subnet.id, ip_address: '10.231.0.1' }], url: `/project/networks/ports/${interfacePort.id}/detail` });
    expect(interfacePort.original_status).toEqual(expect.any(String));
    const serverPort = ports.find((port) => port.device_id === serverId)!;
    expect(serverPort.device_owner).toMatch(/^compute:/);
    expect(serverPort.fixed_ips[0].subnet_id).toBe(subnet.id);
    expect(ports.some((port) => port.id === haPort.id)).toBe(false);
  }, 120_000);

  it('shows the router gateway once: its own port when the member sees it, else the fake gateway<netid> port', async () => {
    const { ports } = await topology();
    const gateway = ports.filter((port) => port.device_id === router.id && port.network_id === publicNet.id);
    expect(gateway).toHaveLength(1);
    const visible = (await demoNative.ok<{ ports: { id: string }[] }>('GET', `/ports?device_id=${router.id}&network_id=${publicNet.id}`)).ports;
    if (visible.length) expect(gateway[0].id).toBe(visible[0].id);
    else expect(gateway[0]).toEqual({ id: `gateway${publicNet.id}`, network_id: publicNet.id, device_id: router.id, fixed_ips: [] });
  }, 60_000);

  it("does not show another project's network to demo", async () => {
    const theirs = (await adminNative.ok('POST', '/networks', { network: { name: uniqueName('api-topo-admin') } })).network;
    adminNative.deleteLater(`/networks/${theirs.id}`);
    expect((await topology()).networks.some((item) => item.id === theirs.id)).toBe(false);
    expect((await topology(admin)).networks.some((item) => item.id === theirs.id)).toBe(true);
  }, 60_000);

  it('refuses a caller without a session: 401', async () => {
    const response = await fetch(`${cloud.baseUrl}/project/network_topology/json`);
    expect(response.status).toBe(401);
  });
});
