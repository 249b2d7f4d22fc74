import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

/** Neutron behaviour Tempest's network API tests rely on (issue 23). */

let cloud: TestEmulator;
let demo: string;

const call = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
  cloud.app.inject({ method, url: `/cloud/network/v2.0${path}`, headers: { 'x-auth-token': demo }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  cloud = await startEmulator();
  demo = await tokenFor(cloud.app, 'demo');
});
afterAll(async () => {
  await cloud.close();
});

describe('routers', () => {
  it('takes "external_gateway_info": {} as no gateway, as Neutron does', async () => {
    const response = await call('POST', '/routers', { router: { name: 'no-gw', external_gateway_info: {} } });
    expect(response.statusCode).toBe(201);
    expect(response.json().router).toMatchObject({ name: 'no-gw', external_gateway_info: null });
  });
});

describe('bulk create', () => {
  it('creates every network of {"networks": [...]} and answers them in order', async () => {
    const response = await call('POST', '/networks', { networks: [{ name: 'bulk-a' }, { name: 'bulk-b' }] });
    expect(response.statusCode).toBe(201);
    expect(response.json().networks.map((network: { name: string }) => network.name)).toEqual(['bulk-a', 'bulk-b']);
  });

  it('creates subnets and ports in bulk too', async () => {
    const network = (await call('POST', '/networks', { network: { name: 'bulk-net' } })).json().network;
    const subnets = await call('POST', '/subnets', {
      subnets: [
        { network_id: network.id, ip_version: 4, cidr: '10.77.1.0/24' },
        { network_id: network.id, ip_version: 4, cidr: '10.77.2.0/24' },
      ],
    });
    expect(subnets.statusCode).toBe(201);
    expect(subnets.json().subnets.map((subnet: { cidr: string }) => subnet.cidr)).toEqual(['10.77.1.0/24', '10.77.2.0/24']);
    const ports = await call('POST', '/ports', { ports: [{ network_id: network.id }, { network_id: network.id }] });
    expect(ports.statusCode).toBe(201);
    expect(ports.json().ports).toHaveLength(2);
  });

  it('creates none when one item is refused', async () => {
    const response = await call('POST', '/networks', { networks: [{ name: 'bulk-kept-out' }, { name: 'bulk-bad', admin_state_up: 'maybe' }] });
    expect(response.statusCode).toBe(400);
    const listed = (await call('GET', '/networks?name=bulk-kept-out')).json().networks;
    expect(listed).toEqual([]);
  });
});

describe('IPv6 auto-address subnets', () => {
  it('deletes a SLAAC subnet whose addresses ports hold, taking the addresses off the ports', async () => {
    const network = (await call('POST', '/networks', { network: { name: 'slaac-net' } })).json().network;
    const subnet = (
      await call('POST', '/subnets', { subnet: { network_id: network.id, ip_version: 6, cidr: '2001:db8:77::/64', ipv6_ra_mode: 'slaac', ipv6_address_mode: 'slaac' } })
    ).json().subnet;
    const port = (await call('POST', '/ports', { port: { network_id: network.id } })).json().port;
    expect(port.fixed_ips.map((ip: { subnet_id: string }) => ip.subnet_id)).toEqual([subnet.id]);
    expect((await call('DELETE', `/subnets/${subnet.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/ports/${port.id}`)).json().port.fixed_ips).toEqual([]);
  });

  it('still refuses to delete a plain subnet a port holds an address of (409 SubnetInUse)', async () => {
    const network = (await call('POST', '/networks', { network: { name: 'plain-net' } })).json().network;
    const subnet = (await call('POST', '/subnets', { subnet: { network_id: network.id, ip_version: 4, cidr: '10.78.0.0/24' } })).json().subnet;
    await call('POST', '/ports', { port: { network_id: network.id } });
    const refused = await call('DELETE', `/subnets/${subnet.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().NeutronError.type).toBe('SubnetInUse');
  });
});

describe('extra routes', () => {
  it('clears a router’s routes with "routes": null, as Neutron converts None to an empty list', async () => {
    const router = (await call('POST', '/routers', { router: { name: 'routes-null' } })).json().router;
    const response = await cloud.app.inject({ method: 'PUT', url: `/cloud/network/v2.0/routers/${router.id}`, headers: { 'x-auth-token': demo }, payload: { router: { routes: null } } });
    expect(response.statusCode).toBe(200);
    expect(response.json().router.routes).toEqual([]);
  });
});
