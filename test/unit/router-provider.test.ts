import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/backend/http';
import { floatingIpHandlers, floatingIpRecord } from '../../dataProviders/network-floating-ips';
import { interfaceRecord, interfaceSubnets, routerHandlers, routerRecord } from '../../dataProviders/neutron-routers';

function fakeHttp(answers: Record<string, unknown> = {}) {
  const calls: [string, string, unknown][] = [];
  const answer = (method: string) =>
    vi.fn(async (path: string, body?: unknown) => {
      calls.push([method, path, body]);
      return answers[`${method} ${path}`] ?? {};
    });
  const http = { get: answer('GET'), post: answer('POST'), put: answer('PUT'), patch: answer('PATCH'), delete: answer('DELETE') } as unknown as HttpClient;
  return { http, calls };
}

describe('router records', () => {
  it("flatten the gateway: External Network by name, its id, fixed IPs and SNAT; none without a gateway", () => {
    const record = routerRecord({
      id: 'r1',
      name: 'edge',
      admin_state_up: true,
      external_gateway_info: { network_id: 'n1', network: 'public', enable_snat: false, external_fixed_ips: [{ subnet_id: 's1', ip_address: '172.24.4.9' }] },
    });
    expect(record).toMatchObject({ external_network: 'public', external_network_id: 'n1', external_fixed_ips: ['172.24.4.9 (subnet s1)'], snat: 'Disabled', admin_state: 'UP', availability_zones: [] });
    expect(routerRecord({ id: 'r2', admin_state_up: false, external_gateway_info: null })).toMatchObject({ name: '', external_network: '', external_fixed_ips: [], snat: '', admin_state: 'DOWN' });
  });

  it('name an interface by name or "(first 13 of its id)" and key it by router and port', () => {
    expect(interfaceRecord('r1', { id: 'abcdef0123456789', name: '', fixed_ips: [{ subnet_id: 's', ip_address: '10.0.0.1' }], admin_state_up: true })).toMatchObject({
      key: 'r1/abcdef0123456789',
      router_id: 'r1',
      name_or_id: '(abcdef0123456)',
      fixed_ips_text: ['10.0.0.1'],
      admin_state: 'UP',
    });
  });

  it("offer as Add Interface subnets the non-external networks' subnets the router is not on, as 'network: cidr (subnet)'", () => {
    const networks = [
      { id: 'n-public', name: 'public', 'router:external': true, subnets: [{ id: 's-pub', cidr: '172.24.4.0/24' }] },
      { id: 'n-private', name: 'private', subnets: [{ id: 's-a', name: 'private-subnet', cidr: '10.0.0.0/24' }, { id: 's-b', cidr: '10.1.0.0/24' }] },
    ];
    const interfaces = [{ fixed_ips: [{ subnet_id: 's-a', ip_address: '10.0.0.1' }] }];
    expect(interfaceSubnets(networks, interfaces)).toEqual([{ id: 's-b', name: 'private: 10.1.0.0/24', network_id: 'n-private', cidr: '10.1.0.0/24' }]);
  });
});

describe('router provider calls', () => {
  it('sends the chosen external network as the gateway, Set Gateway as network_id, Clear Gateway as null', async () => {
    const { http, calls } = fakeHttp({ 'POST /api/neutron/routers/': { id: 'r1' }, 'PATCH /api/neutron/routers/r1/': { id: 'r1' } });
    const router = routerHandlers(http).router;
    await router.create!({ name: 'r', admin_state_up: true, external_network: 'n1' });
    await router.create!({ name: 'bare', admin_state_up: true });
    await router.update!('r1', { network_id: 'n1' });
    await router.update!('r1', { external_gateway_info: null });
    expect(calls).toEqual([
      ['POST', '/api/neutron/routers/', { name: 'r', admin_state_up: true, external_gateway_info: { network_id: 'n1' } }],
      ['POST', '/api/neutron/routers/', { name: 'bare', admin_state_up: true }],
      ['PATCH', '/api/neutron/routers/r1/', { external_gateway_info: { network_id: 'n1' } }],
      ['PATCH', '/api/neutron/routers/r1/', { external_gateway_info: null }],
    ]);
  });

  it('adds an interface to the router the form came from and deletes one by its router and port', async () => {
    const { http, calls } = fakeHttp({ 'POST /api/neutron/routers/r1/interfaces/': { id: 'p1', fixed_ips: [] } });
    const interfaces = routerHandlers(http)['router-interface'];
    await interfaces.create!({ router_id: 'r1', subnet_id: 's1', ip_address: '' });
    await interfaces.remove!('r1/p1', { id: 'p1', router_id: 'r1' });
    expect(calls).toEqual([
      ['POST', '/api/neutron/routers/r1/interfaces/', { subnet_id: 's1' }],
      ['DELETE', '/api/neutron/routers/r1/interfaces/p1/', undefined],
    ]);
  });
});

describe('floating IP records and calls', () => {
  it('name the pool and the mapped fixed IP by the port', () => {
    const pools = new Map([['n1', 'public']]);
    // Horizon's Mapped Fixed IP Address: 'instance-name fixed-ip' for an instance's port, else the fixed IP.
    const servers = new Map([['s1', 'web']]);
    expect(floatingIpRecord({ id: 'f1', ip: '172.24.4.10', pool: 'n1', fixed_ip: '10.0.0.5', port_id: 'p1', instance_id: 's1', instance_type: 'compute' }, pools, servers)).toMatchObject({ pool_name: 'public', mapped_fixed_ip: 'web 10.0.0.5' });
    expect(floatingIpRecord({ id: 'f3', ip: '172.24.4.12', pool: 'n1', fixed_ip: '10.0.0.6', port_id: 'p2', instance_id: 'lb', instance_type: 'loadbalancer' }, pools, servers)).toMatchObject({ mapped_fixed_ip: '10.0.0.6' });
    expect(floatingIpRecord({ id: 'f2', floating_ip_address: '172.24.4.11', floating_network_id: 'n2', fixed_ip_address: null }, pools)).toMatchObject({ ip: '172.24.4.11', pool_name: 'n2', mapped_fixed_ip: '', description: '', dns_name: '' });
  });

  it("associates through the contract's PATCH with '<port>_<ip>', disassociates without port_id, releases with a DELETE", async () => {
    const { http, calls } = fakeHttp({
      'GET /api/network/floatingips/': { items: [{ id: 'f1', ip: '172.24.4.10', pool: 'n1' }] },
      'GET /api/network/floatingippools/': { items: [{ id: 'n1', name: 'public' }] },
      'GET /api/nova/servers/': { items: [] },
    });
    const fip = floatingIpHandlers(http)['floating-ip'];
    await fip.update!('f1', { port_id: 'p1_10.0.0.5' });
    await fip.update!('f1', { port_id: null });
    await fip.remove!('f1');
    expect(calls.filter(([method]) => method !== 'GET')).toEqual([
      ['PATCH', '/api/network/floatingip/', { address_id: 'f1', port_id: 'p1_10.0.0.5' }],
      ['PATCH', '/api/network/floatingip/', { address_id: 'f1' }],
      ['DELETE', '/api/network/floatingips/f1/', undefined],
    ]);
  });

  it("runs Disassociate and Clear Gateway as named calls: the contract's PATCH without port_id, a null gateway", async () => {
    const { http, calls } = fakeHttp();
    await floatingIpHandlers(http)['floating-ip'].calls!.disassociate('f1');
    await routerHandlers(http).router.calls!['clear-gateway']('r1');
    expect(calls).toEqual([
      ['PATCH', '/api/network/floatingip/', { address_id: 'f1' }],
      ['PATCH', '/api/neutron/routers/r1/', { external_gateway_info: null }],
    ]);
  });
});
