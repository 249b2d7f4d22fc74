import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { type TestCloud, uniqueName } from '../support/cloud.js';
import { createProjectMember, memberClient } from '../support/members.js';
import { closeNeutronTestBed, NativeNeutron, openNeutronTestBed } from './neutron-native.js';

/**
 * The Floating IPs panel's routes beyond api-contract §7: release
 * (`DELETE /api/network/floatingips/{id}/`) and the Associate form's
 * targets (`GET /api/network/floatingips/{id}/targets/`), with Neutron's
 * refusals passed on in its words.
 */

let cloud: TestCloud, demo: ApiClient, admin: ApiClient, demoNative: NativeNeutron, adminNative: NativeNeutron;
let publicNet: { id: string; name: string };

beforeAll(async () => {
  ({ cloud, demo, admin, demoNative, adminNative } = await openNeutronTestBed());
  publicNet = (await demo.get('/api/network/floatingippools/')).body.items[0];
});
afterAll(() => closeNeutronTestBed({ cloud, demoNative, adminNative }), 120_000);

const patch = (client: ApiClient, path: string, body: unknown) => client.request('PATCH', path, body);

async function allocate(client: ApiClient, native: NativeNeutron, body: Record<string, unknown> = {}) {
  const response = await client.post('/api/network/floatingip/', { pool_id: publicNet.id, ...body });
  expect([response.status, response.status === 200 ? 'allocated' : response.body]).toEqual([200, 'allocated']);
  native.deleteLater(`/floatingips/${response.body.id}`);
  return response.body as { id: string; ip: string; floating_ip_address: string };
}

/** A network and subnet with a port on it; with `routed`, a router with the public gateway has an interface on the subnet. */
async function portBehind(native: NativeNeutron, cidr: string, routed: boolean) {
  const network = (await native.ok('POST', '/networks', { network: { name: uniqueName('api-fip-net') } })).network;
  native.deleteLater(`/networks/${network.id}`);
  const subnet = (await native.ok('POST', '/subnets', { subnet: { network_id: network.id, cidr, ip_version: 4 } })).subnet;
  let router: { id: string } | undefined;
  if (routed) {
    router = (await native.ok('POST', '/routers', { router: { name: uniqueName('api-fip-router'), external_gateway_info: { network_id: publicNet.id } } })).router;
    native.deleteLater(`/routers/${router!.id}`);
    await native.ok('PUT', `/routers/${router!.id}/add_router_interface`, { subnet_id: subnet.id });
    native.later(() => native.call('PUT', `/routers/${router!.id}/remove_router_interface`, { subnet_id: subnet.id }));
  }
  const port = (await native.ok('POST', '/ports', { port: { network_id: network.id, name: uniqueName('vm-port') } })).port;
  native.deleteLater(`/ports/${port.id}`);
  return { network, subnet, router, port, fixedIp: port.fixed_ips[0].ip_address as string };
}

describe('floating IP targets and release', () => {
  it('offers the ports a router with a gateway on the address’s network reaches, as "<port>_<ip>" with "name: ip"', async () => {
    const reached = await portBehind(demoNative, '10.248.0.0/24', true);
    const unreached = await portBehind(demoNative, '10.249.0.0/24', false);
    const fip = await allocate(demo, demoNative);
    const response = await demo.get(`/api/network/floatingips/${fip.id}/targets/`);
    expect(response.status).toBe(200);
    const items = response.body.items as { id: string; name: string; port_id: string }[];
    expect(items).toContainEqual(expect.objectContaining({ id: `${reached.port.id}_${reached.fixedIp}`, name: `${reached.port.name}: ${reached.fixedIp}`, port_id: reached.port.id }));
    expect(items.map((item) => item.port_id)).not.toContain(unreached.port.id);
    // Router interfaces, DHCP and other network: ports are never targets.
    const owners = (await demoNative.ok('GET', `/ports?network_id=${reached.network.id}`)).ports.filter((port: { device_owner: string }) => port.device_owner.startsWith('network:'));
    expect(owners.length).toBeGreaterThan(0);
    for (const port of owners) expect(items.map((item) => item.port_id)).not.toContain(port.id);

    // A target associates through the contract's PATCH; the list then names the fixed IP.
    const target = items.find((item) => item.port_id === reached.port.id)!;
    expect((await patch(demo, '/api/network/floatingip/', { address_id: fip.id, port_id: target.id })).status).toBe(204);
    const listed = (await demo.get('/api/network/floatingips/')).body.items.find((item: { id: string }) => item.id === fip.id);
    expect(listed).toMatchObject({ port_id: reached.port.id, fixed_ip: reached.fixedIp, router_id: reached.router!.id });
    expect(listed.port_details).toMatchObject({ name: reached.port.name });
    expect((await patch(demo, '/api/network/floatingip/', { address_id: fip.id })).status).toBe(204);
  }, 90_000);

  it("refuses a port whose subnet the external network does not reach, in Neutron's words", async () => {
    const unreached = await portBehind(demoNative, '10.250.0.0/24', false);
    const fip = await allocate(demo, demoNative);
    const response = await patch(demo, '/api/network/floatingip/', { address_id: fip.id, port_id: `${unreached.port.id}_${unreached.fixedIp}` });
    expect(response.status).toBe(404);
    expect(response.body).toBe(
      `External network ${publicNet.id} is not reachable from subnet ${unreached.subnet.id}. Therefore, cannot associate Port ${unreached.port.id} with a Floating IP.`,
    );
  }, 60_000);

  it('allocates with a description and releases: 204, then gone', async () => {
    const fip = await allocate(demo, demoNative, { description: 'web front' });
    const listed = (await demo.get('/api/network/floatingips/')).body.items.find((item: { id: string }) => item.id === fip.id);
    expect(listed).toMatchObject({ description: 'web front', pool: publicNet.id, status: expect.any(String) });
    expect((await demo.delete(`/api/network/floatingips/${fip.id}/`)).status).toBe(204);
    expect((await demo.get('/api/network/floatingips/')).body.items.map((item: { id: string }) => item.id)).not.toContain(fip.id);
    expect((await demo.delete(`/api/network/floatingips/${fip.id}/`)).status).toBe(404);
    expect((await demo.get(`/api/network/floatingips/${fip.id}/targets/`)).status).toBe(404);
  }, 60_000);

  it('refuses an allocation over the quota in Neutron’s words', async (context) => {
    if (cloud.isRealCloud) return context.skip('changing a real project’s quota would disturb other users of the cloud');
    // A project of its own: lowering demo's quota would refuse the other tests' allocations meanwhile.
    const member = await createProjectMember(cloud.baseUrl, cloud.passwords.admin, 'api-fip-quota');
    adminNative.later(() => member.remove());
    await adminNative.ok('PUT', `/quotas/${member.projectId}`, { quota: { floatingip: 0 } });
    adminNative.later(() => adminNative.call('DELETE', `/quotas/${member.projectId}`));
    const refused = await (await memberClient(cloud, member)).post('/api/network/floatingip/', { pool_id: publicNet.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toBe('Quota exceeded for resources: [\'floatingip\'].');
  });

  it("keeps admin's floating IPs from demo: not listed, no targets, not associable, not releasable", async () => {
    const secret = await allocate(admin, adminNative);
    expect((await demo.get('/api/network/floatingips/')).body.items.map((item: { id: string }) => item.id)).not.toContain(secret.id);
    expect((await demo.get(`/api/network/floatingips/${secret.id}/targets/`)).status).toBe(404);
    expect((await patch(demo, '/api/network/floatingip/', { address_id: secret.id })).status).toBe(404);
    expect((await demo.delete(`/api/network/floatingips/${secret.id}/`)).status).toBe(404);
    expect((await admin.get('/api/network/floatingips/')).body.items.map((item: { id: string }) => item.id)).toContain(secret.id);
  }, 60_000);
});
