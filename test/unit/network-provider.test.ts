import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../../src/backend/http';
import { createNeutronProvider } from '../../dataProviders/neutron';
import { adminNetworkCreateBodies, attachedDevice, networkCreateBodies, networkRecord, prefixLengthOptions, subnetBody, subnetFormValues, subnetPoolChoice, subnetUpdateBody } from '../../dataProviders/neutron-networks';

type Answer = unknown | ((path: string, body?: unknown) => unknown);

/** An HttpClient answering each verb from `answers` (a value, or a function of the path), recording the calls. */
function fakeHttp(answers: Partial<Record<keyof HttpClient, Answer>>) {
  const calls: [string, string, unknown?][] = [];
  const verb = (name: keyof HttpClient) =>
    vi.fn(async (path: string, body?: unknown) => {
      calls.push([name, path, body]);
      const answer = answers[name];
      return typeof answer === 'function' ? (answer as (path: string, body?: unknown) => unknown)(path, body) : answer;
    });
  const http = { get: verb('get'), post: verb('post'), put: verb('put'), patch: verb('patch'), delete: verb('delete') } as unknown as HttpClient;
  return { http, calls };
}

describe('subnet pool rules of the network wizard (spec 1 §5)', () => {
  it('offers prefix lengths from the pool minimum to its maximum', () => {
    expect(prefixLengthOptions({ min_prefixlen: 24, max_prefixlen: 28 })).toEqual([24, 25, 26, 27, 28]);
    expect(prefixLengthOptions({ min_prefixlen: 30, max_prefixlen: 30 })).toEqual([30]);
  });

  it('takes 32 for IPv4 and 128 for IPv6 when a pool gives no maximum, and reads Neutron’s string lengths as numbers', () => {
    expect(subnetPoolChoice({ id: 'p4', name: 'v4', ip_version: 4, min_prefixlen: '24', max_prefixlen: null, default_prefixlen: '26' })).toEqual({
      id: 'p4',
      label: 'v4',
      ip_version: 4,
      min_prefixlen: 24,
      max_prefixlen: 32,
      default_prefixlen: 26,
    });
    expect(subnetPoolChoice({ id: 'p6', name: 'v6', ip_version: 6, min_prefixlen: 64 })).toMatchObject({ ip_version: 6, min_prefixlen: 64, max_prefixlen: 128, default_prefixlen: 64 });
  });

  it('keeps the default prefix length inside the pool’s range and labels an unnamed pool by its id', () => {
    expect(subnetPoolChoice({ id: 'p', name: '', ip_version: 4, min_prefixlen: 24, max_prefixlen: 28, default_prefixlen: 8 })).toMatchObject({ label: 'p', default_prefixlen: 24 });
  });
});

describe('the wizard’s values as Neutron bodies (Horizon’s _setup_subnet_parameters)', () => {
  it('sends a manual subnet’s CIDR, version, gateway and one pool, name server and route per line', () => {
    expect(
      subnetBody(
        {
          subnet_name: 's',
          address_source: 'manual',
          cidr: '10.1.0.0/24',
          ip_version: 4,
          gateway_ip: '10.1.0.254',
          no_gateway: false,
          enable_dhcp: false,
          allocation_pools: '10.1.0.10,10.1.0.20\n\n 10.1.0.30 , 10.1.0.40 ',
          dns_nameservers: '8.8.8.8\n1.1.1.1',
          host_routes: '10.9.0.0/16,10.1.0.1',
        },
        'n1',
      ),
    ).toEqual({
      network_id: 'n1',
      name: 's',
      enable_dhcp: false,
      cidr: '10.1.0.0/24',
      ip_version: 4,
      gateway_ip: '10.1.0.254',
      allocation_pools: [
        { start: '10.1.0.10', end: '10.1.0.20' },
        { start: '10.1.0.30', end: '10.1.0.40' },
      ],
      dns_nameservers: ['8.8.8.8', '1.1.1.1'],
      host_routes: [{ destination: '10.9.0.0/16', nexthop: '10.1.0.1' }],
    });
  });

  it('sends the pool and the prefix length, not a CIDR, for an address from a pool; Disable Gateway sends a null gateway', () => {
    expect(subnetBody({ subnet_name: '', address_source: 'subnetpool', subnetpool_id: 'pool', prefixlen: 27, ip_version: 4, no_gateway: true, cidr: '10.0.0.0/8' })).toEqual({
      name: '',
      enable_dhcp: true,
      subnetpool_id: 'pool',
      prefixlen: 27,
      ip_version: 4,
      gateway_ip: null,
    });
  });

  it('sends the IPv6 Address Configuration Mode as ipv6_ra_mode and ipv6_address_mode, leaving out the ones "none" and any for IPv4', () => {
    const v6 = (ipv6_modes: string) => subnetBody({ subnet_name: 's', cidr: 'fd00::/64', ip_version: 6, ipv6_modes });
    expect(v6('slaac/slaac')).toMatchObject({ ipv6_ra_mode: 'slaac', ipv6_address_mode: 'slaac' });
    expect(v6('dhcpv6-stateful/dhcpv6-stateful')).toMatchObject({ ipv6_ra_mode: 'dhcpv6-stateful', ipv6_address_mode: 'dhcpv6-stateful' });
    expect(v6('dhcpv6-stateless/dhcpv6-stateless')).toMatchObject({ ipv6_ra_mode: 'dhcpv6-stateless', ipv6_address_mode: 'dhcpv6-stateless' });
    const external = v6('none/slaac');
    expect(external.ipv6_address_mode).toBe('slaac');
    expect(external).not.toHaveProperty('ipv6_ra_mode');
    expect(v6('none/none')).not.toHaveProperty('ipv6_address_mode');
    expect(subnetBody({ subnet_name: 's', cidr: '10.0.0.0/24', ip_version: 4, ipv6_modes: 'slaac/slaac' })).not.toHaveProperty('ipv6_ra_mode');
  });

  it('makes the admin network body: the project, shared, external, and only the provider fields the type takes (Horizon’s PROVIDER_TYPES)', () => {
    const body = (values: Record<string, unknown>) => adminNetworkCreateBodies({ name: 'n', tenant_id: 'p1', with_subnet: false, physical_network: 'physnet1', segmentation_id: 7, ...values }).network;
    expect(body({ network_type: 'local' })).toEqual({ name: 'n', admin_state_up: true, tenant_id: 'p1', shared: false, 'router:external': false, 'provider:network_type': 'local' });
    expect(body({ network_type: 'flat', shared: true })).toMatchObject({ shared: true, 'provider:physical_network': 'physnet1' });
    expect(body({ network_type: 'flat' })).not.toHaveProperty('provider:segmentation_id');
    expect(body({ network_type: 'vxlan', external: true })).toMatchObject({ 'router:external': true, 'provider:segmentation_id': 7 });
    expect(body({ network_type: 'geneve' })).not.toHaveProperty('provider:physical_network');
    expect(body({ network_type: 'vlan' })).toMatchObject({ 'provider:physical_network': 'physnet1', 'provider:segmentation_id': 7 });
  });

  it('makes the network body, with shared only when ticked and no subnet without Create Subnet', () => {
    expect(networkCreateBodies({ name: 'n', admin_state_up: false, shared: false, with_subnet: false, mtu: 1400 })).toEqual({ network: { name: 'n', admin_state_up: false, mtu: 1400 }, subnet: undefined });
    const both = networkCreateBodies({ name: 'n', admin_state_up: true, shared: true, with_subnet: true, address_source: 'manual', cidr: '10.2.0.0/24', ip_version: 4 });
    expect(both.network).toEqual({ name: 'n', admin_state_up: true, shared: true });
    expect(both.subnet).toMatchObject({ cidr: '10.2.0.0/24', ip_version: 4 });
  });

  it('turns a subnet into Edit Subnet lines and back, keeping Neutron’s pools when the box is emptied', () => {
    const subnet = {
      id: 's',
      name: 'a',
      gateway_ip: null,
      enable_dhcp: true,
      allocation_pools: [{ start: '10.0.0.2', end: '10.0.0.9' }],
      dns_nameservers: ['8.8.8.8'],
      host_routes: [{ destination: '10.5.0.0/16', nexthop: '10.0.0.1' }],
    };
    const values = subnetFormValues(subnet);
    expect(values).toEqual({ subnet_name: 'a', no_gateway: true, enable_dhcp: true, allocation_pools: '10.0.0.2,10.0.0.9', dns_nameservers: '8.8.8.8', host_routes: '10.5.0.0/16,10.0.0.1' });
    expect(subnetUpdateBody(values)).toEqual({
      name: 'a',
      enable_dhcp: true,
      gateway_ip: null,
      allocation_pools: [{ start: '10.0.0.2', end: '10.0.0.9' }],
      dns_nameservers: ['8.8.8.8'],
      host_routes: [{ destination: '10.5.0.0/16', nexthop: '10.0.0.1' }],
    });
    expect(subnetUpdateBody({ ...values, allocation_pools: '', dns_nameservers: '', no_gateway: false, gateway_ip: '10.0.0.1' })).toEqual({
      name: 'a',
      enable_dhcp: true,
      gateway_ip: '10.0.0.1',
      dns_nameservers: [],
      host_routes: [{ destination: '10.5.0.0/16', nexthop: '10.0.0.1' }],
    });
  });
});

describe('network records', () => {
  it('shows each associated subnet as “name cidr” (the CIDR alone when unnamed)', () => {
    const record = networkRecord({ id: 'n', name: '', status: 'ACTIVE', shared: false, admin_state_up: true, subnets: [{ id: 's1', name: 'a', cidr: '10.0.0.0/24' }, { id: 's2', name: '', cidr: 'fd00::/64' }] });
    expect(record.subnets_associated).toEqual(['a 10.0.0.0/24', 'fd00::/64']);
    expect(record.name_or_id).toBe('n');
    expect(record.availability_zones).toEqual([]);
  });

  it('names a port’s attached device as Horizon does: the owner, else Attached with a device id, else Detached', () => {
    expect(attachedDevice({ device_owner: 'network:dhcp', device_id: 'x' })).toBe('network:dhcp');
    expect(attachedDevice({ device_owner: '', device_id: 'vm' })).toBe('Attached');
    expect(attachedDevice({ device_owner: '', device_id: '' })).toBe('Detached');
  });
});

describe('neutron data provider: networks, subnets, ports', () => {
  it('lists the panel’s networks with the external ones and without the auto-allocation pseudo network', async () => {
    const { http, calls } = fakeHttp({ get: { items: [{ id: '__auto_allocate__', name: 'auto' }, { id: 'n', name: 'net', subnets: [] }] } });
    const { data } = await createNeutronProvider(http).getList('network', { sort: { field: 'name_or_id', order: 'ASC' } });
    expect(calls[0]).toEqual(['get', '/api/neutron/networks/', { query: { include_external: 'true' } }]);
    expect(data.map((network) => network.id)).toEqual(['n']);
  });

  it('creates the network, then its subnet with the network’s id: two POSTs', async () => {
    const { http, calls } = fakeHttp({
      post: (path: string, body?: unknown) => (path.endsWith('networks/') ? { id: 'n1', name: 'net', subnets: [] } : { id: 's1', name: 'sub', cidr: '10.0.0.0/24', ...(body as object) }),
    });
    const { data } = await createNeutronProvider(http).create('network', { data: { network: { name: 'net' }, subnet: { name: 'sub', cidr: '10.0.0.0/24', ip_version: 4 } } });
    expect(calls.map(([verb, path, body]) => [verb, path, body])).toEqual([
      ['post', '/api/neutron/networks/', { name: 'net' }],
      ['post', '/api/neutron/subnets/', { name: 'sub', cidr: '10.0.0.0/24', ip_version: 4, network_id: 'n1' }],
    ]);
    expect(data).toMatchObject({ id: 'n1', subnets_associated: ['sub 10.0.0.0/24'] });
  });

  it('deletes the network again when its subnet is refused, and fails with Horizon’s “Failed to create subnet … for network …: reason”', async () => {
    const refusal = Object.assign(new Error('400'), { status: 400, body: 'Invalid input for operation: 10.0.0.300/24 is not in a CIDR format.' });
    const { http, calls } = fakeHttp({
      post: (path: string) => {
        if (path.endsWith('subnets/')) throw refusal;
        return { id: 'n1', name: 'net', subnets: [] };
      },
    });
    const created = createNeutronProvider(http).create('network', { data: { network: { name: 'net' }, subnet: { cidr: '10.0.0.300/24', ip_version: 4 } } });
    await expect(created).rejects.toMatchObject({
      status: 400,
      body: 'Failed to create subnet "10.0.0.300/24" for network "net": Invalid input for operation: 10.0.0.300/24 is not in a CIDR format.',
    });
    expect(calls.at(-1)).toEqual(['delete', '/api/neutron/networks/n1/', undefined]);
  });

  it('lists a network’s subnets and ports through the server’s network_id filter', async () => {
    const { http, calls } = fakeHttp({ get: { items: [{ id: 'p', name: '', device_owner: '', device_id: '', fixed_ips: [{ subnet_id: 's', ip_address: '10.0.0.5' }] }] } });
    const neutron = createNeutronProvider(http);
    const ports = await neutron.getList('port', { filter: { network_id: 'n 1' }, sort: { field: 'id', order: 'ASC' } });
    expect(ports.data[0]).toMatchObject({ fixed_ips_text: ['10.0.0.5'], attached_device: 'Detached', name_or_id: '(p)' });
    await neutron.getList('subnet', { filter: { network_id: 'n 1' }, sort: { field: 'id', order: 'ASC' } });
    expect(calls.map(([, path]) => path)).toEqual(['/api/neutron/ports/?network_id=n%201', '/api/neutron/subnets/?network_id=n%201']);
  });

  it('edits a network and a subnet with PATCH and deletes them at their own routes', async () => {
    const { http, calls } = fakeHttp({ patch: { id: 'x', name: 'y', subnets: [] }, delete: undefined });
    const neutron = createNeutronProvider(http);
    await neutron.update('network', { id: 'x', data: { name: 'y' }, previousData: { id: 'x' } });
    await neutron.update('subnet', { id: 's', data: { name: 'y' }, previousData: { id: 's' } });
    await neutron.delete('network', { id: 'x', previousData: { id: 'x' } });
    await neutron.delete('subnet', { id: 's', previousData: { id: 's' } });
    expect(calls.map(([verb, path]) => `${verb} ${path}`)).toEqual([
      'patch /api/neutron/networks/x/',
      'patch /api/neutron/subnets/s/',
      'delete /api/neutron/networks/x/',
      'delete /api/neutron/subnets/s/',
    ]);
  });
});
