import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { type TestCloud, uniqueName } from '../support/cloud.js';
import { closeNeutronTestBed, NativeNeutron, openNeutronTestBed } from './neutron-native.js';

/**
 * `/api/neutron/routers/` (not in the contract: Horizon's Routers panel):
 * against the emulator, and unchanged against a real Neutron.
 */

let cloud: TestCloud, demo: ApiClient, admin: ApiClient, demoNative: NativeNeutron, adminNative: NativeNeutron;
let publicNet: { id: string; name: string };

beforeAll(async () => {
  ({ cloud, demo, admin, demoNative, adminNative } = await openNeutronTestBed());
  publicNet = (await demo.get('/api/network/floatingippools/')).body.items[0];
});
afterAll(() => closeNeutronTestBed({ cloud, demoNative, adminNative }), 120_000);

const patch = (client: ApiClient, path: string, body: unknown) => client.request('PATCH', path, body);

/** A network with one subnet, made natively and removed at clean-up. */
async function subnetOn(native: NativeNeutron, cidr: string) {
  const network = (await native.ok('POST', '/networks', { network: { name: uniqueName('api-rt-net') } })).network;
  native.deleteLater(`/networks/${network.id}`);
  const subnet = (await native.ok('POST', '/subnets', { subnet: { network_id: network.id, cidr, ip_version: 4 } })).subnet;
  return { network, subnet };
}

/** Creates a router through /api; clean-up deletes it through /api too, interfaces first. */
async function apiRouter(client: ApiClient, native: NativeNeutron, body: Record<string, unknown>) {
  const response = await client.post('/api/neutron/routers/', body);
  expect(response.status).toBe(201);
  native.later(() => client.delete(`/api/neutron/routers/${response.body.id}/`));
  return response;
}

describe('routers through /api/neutron/routers/', () => {
  it('creates a router with the public gateway: 201, Location, admin_state, the external network named', async () => {
    const name = uniqueName('api-router');
    const created = await apiRouter(demo, demoNative, { name, admin_state_up: true, external_gateway_info: { network_id: publicNet.id } });
    expect(created.headers.get('location')).toBe(`/api/neutron/routers/${created.body.id}`);
    expect(created.body).toMatchObject({ name, admin_state_up: true, admin_state: 'UP', project_id: demoNative.projectId });
    expect(created.body.external_gateway_info).toMatchObject({ network_id: publicNet.id, network: publicNet.name, enable_snat: true });
    expect(created.body.external_gateway_info.external_fixed_ips[0].ip_address).toMatch(/\d+\.\d+\.\d+\.\d+/);

    const listed = (await demo.get('/api/neutron/routers/')).body.items.find((item: { id: string }) => item.id === created.body.id);
    expect(listed).toMatchObject({ name, admin_state: 'UP', external_gateway_info: { network: publicNet.name } });
    const one = await demo.get(`/api/neutron/routers/${created.body.id}/`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: created.body.id, interfaces: expect.any(Array) });
  }, 60_000);

  it('edits the name and admin state, sets and clears the gateway', async () => {
    const created = await apiRouter(demo, demoNative, { name: uniqueName('api-router-edit') });
    expect(created.body.external_gateway_info).toBeNull();
    const renamed = await patch(demo, `/api/neutron/routers/${created.body.id}/`, { name: 'renamed', admin_state_up: false });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'renamed', admin_state_up: false, admin_state: 'DOWN' });
    const gateway = await patch(demo, `/api/neutron/routers/${created.body.id}/`, { external_gateway_info: { network_id: publicNet.id } });
    expect(gateway.status).toBe(200);
    expect(gateway.body.external_gateway_info).toMatchObject({ network_id: publicNet.id, network: publicNet.name });
    const cleared = await patch(demo, `/api/neutron/routers/${created.body.id}/`, { external_gateway_info: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.external_gateway_info).toBeNull();
  }, 60_000);

  it('adds interfaces by subnet and with a chosen IP address, lists them with their type, deletes one', async () => {
    const { subnet } = await subnetOn(demoNative, '10.244.0.0/24');
    const second = await subnetOn(demoNative, '10.245.0.0/24');
    const router = (await apiRouter(demo, demoNative, { name: uniqueName('api-router-if') })).body;
    const byGateway = await demo.post(`/api/neutron/routers/${router.id}/interfaces/`, { subnet_id: subnet.id });
    expect(byGateway.status).toBe(201);
    expect(byGateway.headers.get('location')).toBe(`/api/neutron/routers/${router.id}/interfaces/${byGateway.body.id}`);
    expect(byGateway.body).toMatchObject({ device_id: router.id, device_owner: 'network:router_interface', interface_type: 'Internal Interface', fixed_ips: [{ subnet_id: subnet.id, ip_address: '10.244.0.1' }] });
    const chosen = await demo.post(`/api/neutron/routers/${router.id}/interfaces/`, { subnet_id: second.subnet.id, ip_address: '10.245.0.50' });
    expect(chosen.status).toBe(201);
    expect(chosen.body.fixed_ips).toEqual([{ subnet_id: second.subnet.id, ip_address: '10.245.0.50' }]);

    const listed = (await demo.get(`/api/neutron/routers/${router.id}/interfaces/`)).body.items as { id: string; interface_type: string; name_or_id: string }[];
    expect(listed.map((item) => item.id).sort()).toEqual([byGateway.body.id, chosen.body.id].sort());
    expect(listed.every((item) => item.interface_type === 'Internal Interface' && item.name_or_id.length > 0)).toBe(true);
    const detail = (await demo.get(`/api/neutron/routers/${router.id}/`)).body;
    expect(detail.interfaces).toHaveLength(2);

    // The same subnet twice is Neutron's refusal, in its words.
    const again = await demo.post(`/api/neutron/routers/${router.id}/interfaces/`, { subnet_id: subnet.id });
    expect(again.status).toBe(400);
    expect(again.body).toMatch(/subnet/i);

    expect((await demo.delete(`/api/neutron/routers/${router.id}/interfaces/${chosen.body.id}/`)).status).toBe(204);
    const after = (await demo.get(`/api/neutron/routers/${router.id}/interfaces/`)).body.items.map((item: { id: string }) => item.id);
    expect(after).toEqual([byGateway.body.id]);
    // The port made for the chosen address went with the interface.
    expect((await demoNative.call('GET', `/ports/${chosen.body.id}`)).status).toBe(404);
    expect((await demo.delete(`/api/neutron/routers/${router.id}/interfaces/${chosen.body.id}/`)).status).toBe(404);
  }, 60_000);

  it('deletes a router with interfaces and a gateway: the interfaces go first', async () => {
    const { subnet } = await subnetOn(demoNative, '10.246.0.0/24');
    const response = await demo.post('/api/neutron/routers/', { name: uniqueName('api-router-del'), external_gateway_info: { network_id: publicNet.id } });
    const router = response.body;
    await demo.post(`/api/neutron/routers/${router.id}/interfaces/`, { subnet_id: subnet.id });
    // Natively, a router with an interface cannot be deleted.
    expect((await demoNative.call('DELETE', `/routers/${router.id}`)).status).toBe(409);
    expect((await demo.delete(`/api/neutron/routers/${router.id}/`)).status).toBe(204);
    expect((await demo.get(`/api/neutron/routers/${router.id}/`)).status).toBe(404);
    expect((await demoNative.ok('GET', `/ports?device_id=${router.id}`)).ports).toEqual([]);
  }, 60_000);

  it('validates bodies and names the field', async () => {
    const badName = await demo.post('/api/neutron/routers/', { name: 5 });
    expect(badName.status).toBe(400);
    expect(badName.body).toMatch(/name/);
    const badGateway = await demo.post('/api/neutron/routers/', { external_gateway_info: { net: 'x' } });
    expect(badGateway.status).toBe(400);
    expect(badGateway.body).toMatch(/network_id|net/);
    const router = (await apiRouter(demo, demoNative, { name: uniqueName('api-router-bad') })).body;
    const empty = await patch(demo, `/api/neutron/routers/${router.id}/`, {});
    expect(empty.status).toBe(400);
    const noSubnet = await demo.post(`/api/neutron/routers/${router.id}/interfaces/`, {});
    expect(noSubnet.status).toBe(400);
    expect(noSubnet.body).toMatch(/subnet_id/);
    const badIp = await demo.post(`/api/neutron/routers/${router.id}/interfaces/`, { subnet_id: 'x', ip_address: 'not-an-ip' });
    expect(badIp.status).toBe(400);
    expect(badIp.body).toMatch(/ip_address/);
    // An internal network is no gateway: Neutron's refusal is passed on.
    const { network } = await subnetOn(demoNative, '10.247.0.0/24');
    const internal = await patch(demo, `/api/neutron/routers/${router.id}/`, { external_gateway_info: { network_id: network.id } });
    expect(internal.status).toBe(400);
    expect(internal.body).toMatch(/external network/);
  }, 60_000);
});

describe('tenancy', () => {
  it("keeps admin's routers from demo: not listed, not readable, not changeable, not deletable", async () => {
    const secret = (await apiRouter(admin, adminNative, { name: uniqueName('api-admin-router') })).body;
    expect((await demo.get('/api/neutron/routers/')).body.items.map((item: { id: string }) => item.id)).not.toContain(secret.id);
    expect((await demo.get(`/api/neutron/routers/${secret.id}/`)).status).toBe(404);
    expect((await demo.get(`/api/neutron/routers/${secret.id}/interfaces/`)).status).toBe(404);
    expect((await patch(demo, `/api/neutron/routers/${secret.id}/`, { name: 'stolen' })).status).toBe(404);
    expect((await demo.delete(`/api/neutron/routers/${secret.id}/`)).status).toBe(404);
    expect((await admin.get(`/api/neutron/routers/${secret.id}/`)).body.name).toBe(secret.name);
    // Even admin's list is its project's routers.
    expect((await admin.get('/api/neutron/routers/')).body.items.every((item: { project_id: string }) => item.project_id === adminNative.projectId)).toBe(true);
  }, 60_000);
});
