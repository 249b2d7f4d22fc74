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
