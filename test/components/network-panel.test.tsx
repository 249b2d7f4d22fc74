import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { networkRecord, portRecord, subnetRecord } from '../../dataProviders/neutron-networks';
import { signedInBackend } from '../support/fake-backend';
import { makeCatalog } from '../support/records';
import { currentPath, renderApp } from '../support/render-app';

const catalog = makeCatalog(['identity', 'compute', 'network']);

/** A member: every network rule but sharing (Neutron's defaults). */
const memberPolicy = (rules: [string, string][]) => !rules.some(([, rule]) => rule.endsWith(':shared'));
const adminPolicy = () => true;

function makeSubnet(overrides: Record<string, unknown> = {}) {
  return subnetRecord({ id: 's1', name: 'sub-a', network_id: 'n1', cidr: '10.0.0.0/24', ip_version: 4, ipver_str: 'IPv4', gateway_ip: '10.0.0.1', enable_dhcp: true, allocation_pools: [], host_routes: [], dns_nameservers: [], ...overrides });
}

function makeNetwork(overrides: Record<string, unknown> = {}) {
  return networkRecord({
    id: 'n1',
    name: 'net-a',
    subnets: [makeSubnet()],
    shared: false,
    router__external: false,
    'router:external': false,
    status: 'ACTIVE',
    admin_state_up: true,
    admin_state: 'UP',
    availability_zones: ['nova'],
    mtu: 1450,
    project_id: 'p-demo',
    ...overrides,
  });
}

function makePort(overrides: Record<string, unknown> = {}) {
  return portRecord({ id: 'port-1', name: 'port-a', network_id: 'n1', network_name: 'net-a', mac_address: 'fa:16:3e:00:00:01', fixed_ips: [{ subnet_id: 's1', ip_address: '10.0.0.5' }], device_owner: 'network:dhcp', device_id: 'dhcp1', status: 'ACTIVE', admin_state_up: true, admin_state: 'UP', security_groups: ['sg1'], security_group_names: ['web-sg'], binding__vnic_type: 'normal', ...overrides });
}

const pools = () => [
  { id: 'pool-v4', name: 'shared-v4', ip_version: 4, min_prefixlen: 24, max_prefixlen: 28, default_prefixlen: 26 },
  { id: 'pool-v6', name: 'v6', ip_version: 6, min_prefixlen: 124, max_prefixlen: null, default_prefixlen: 126 },
];

async function choose(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, label: RegExp | string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

// The first lazy page load takes a while on a loaded two-core machine.
describe('Networks list (Horizon /project/networks)', { timeout: 60_000 }, () => {
  it('lists Name, Subnets Associated (name cidr), Shared, External, Status, Admin State and Availability Zones, sorted by name', async () => {
    const getList = () => [
      makeNetwork({ id: 'n2', name: 'zeta', subnets: [makeSubnet({ name: 'z1', cidr: '10.9.0.0/24' }), makeSubnet({ id: 's9', name: '', cidr: 'fd00::/64' })] }),
      makeNetwork({ id: 'pub', name: 'public', subnets: [], router__external: true, shared: false }),
      makeNetwork({ id: 'n3', name: '<b>bold</b>', shared: true, admin_state_up: false, admin_state: 'DOWN', status: 'DOWN' }),
    ];
    renderApp({ backend: signedInBackend({ catalog, policy: memberPolicy, resources: { network: { getList } } }), path: '/project/networks' });
    const table = await screen.findByRole('table', { name: 'Networks' }, { timeout: 20_000 });
    await within(table).findByRole('link', { name: 'zeta' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Name', 'Subnets Associated', 'Shared', 'External', 'Status', 'Admin State', 'Availability Zones', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('link')[0].textContent)).toEqual(['<b>bold</b>', 'public', 'zeta']);
    expect(within(rows[2]).getByText('z1 10.9.0.0/24, fd00::/64')).toBeTruthy();
    expect(within(rows[1]).getAllByText('Yes')).toHaveLength(1); // external, not shared
    expect(within(rows[0]).getByText('Down')).toBeTruthy();
    expect(within(rows[0]).getByText('DOWN')).toBeTruthy();
    expect(within(rows[2]).getByRole('link', { name: 'zeta' }).getAttribute('href')).toBe('/ngdetails/OS::Neutron::Net/n2');
  });

  it('does not let a member delete or edit a shared network (Horizon’s CheckNetworkEditable)', async () => {
    const getList = () => [makeNetwork({ id: 'n3', name: 'shared-net', shared: true })];
    const { user } = renderApp({ backend: signedInBackend({ catalog, policy: memberPolicy, resources: { network: { getList } } }), path: '/project/networks' });
    await screen.findByRole('link', { name: 'shared-net' }, { timeout: 20_000 });
    await user.click(await screen.findByRole('button', { name: 'Actions for shared-net' }));
    const item = await screen.findByRole('menuitem', { name: 'Delete Network' });
    expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('menuitem', { name: 'Edit Network' })).toBeNull();
    // A row link the record does not allow is left out, as Horizon leaves out a link action whose allowed() is false.
    expect(screen.queryByRole('menuitem', { name: 'Create Subnet' })).toBeNull();
  });

  it('offers Create Subnet on a network’s row, opening the network’s Subnets tab with the wizard', async () => {
    const { user, router } = renderApp({
      backend: signedInBackend({ catalog, policy: memberPolicy, resources: { network: { getList: () => [makeNetwork()], getOne: () => makeNetwork() }, subnet: { getList: () => [] }, subnetpool: { getList: pools } } }),
      path: '/project/networks',
    });
    await screen.findByRole('link', { name: 'net-a' }, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Actions for net-a' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create Subnet' }));
    expect(await screen.findByRole('dialog', { name: 'Create Subnet' }, { timeout: 20_000 })).toBeTruthy();
    expect(currentPath(router)).toBe('/ngdetails/OS::Neutron::Net/n1');
    expect(router.state.location.search).toBe('?tab=network_tabs__subnets_tab');
  });

  it('deletes with “Confirm Delete Network”; Neutron’s refusal is the error toast naming the network', async () => {
    const remove = vi.fn(async () => {
      throw Object.assign(new Error('409'), { status: 409, body: 'Unable to complete operation on network n1. There are one or more ports still in use on the network.' });
    });
    const { user } = renderApp({ backend: signedInBackend({ catalog, policy: memberPolicy, resources: { network: { getList: () => [makeNetwork()], delete: remove } } }), path: '/project/networks' });
    await screen.findByRole('link', { name: 'net-a' }, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Actions for net-a' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Network' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Network' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Network' }));
    expect(await screen.findByText('Unable to delete Network: net-a. Unable to complete operation on network n1. There are one or more ports still in use on the network.')).toBeTruthy();
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ id: 'n1' }));
  });
});

describe('Create Network wizard (Network, Subnet, Subnet Details; spec 1 §5)', { timeout: 60_000 }, () => {
  it('offers Shared only where policy create_network:shared allows it', async () => {
    const view = renderApp({ backend: signedInBackend({ catalog, policy: memberPolicy, resources: { network: { getList: () => [] }, subnetpool: { getList: pools } } }), path: '/project/networks' });
    await view.user.click(await screen.findByRole('button', { name: 'Create Network' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Network' });
    await within(dialog).findByRole('textbox', { name: 'Network Name' });
    expect(within(dialog).getByRole('checkbox', { name: 'Enable Admin State' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('checkbox', { name: 'Create Subnet' })).toHaveProperty('checked', true);
    expect(within(dialog).queryByRole('checkbox', { name: 'Shared' })).toBeNull();
    view.unmount();

    const admin = renderApp({ backend: signedInBackend({ catalog, policy: adminPolicy, resources: { network: { getList: () => [] }, subnetpool: { getList: pools } } }), path: '/project/networks' });
    await admin.user.click(await screen.findByRole('button', { name: 'Create Network' }, { timeout: 20_000 }));
    expect(await within(await screen.findByRole('dialog', { name: 'Create Network' })).findByRole('checkbox', { name: 'Shared' })).toBeTruthy();
  });

  it('with a subnet pool: the version is the pool’s and cannot be changed, the mask runs from the pool minimum to its maximum (128 for IPv6 without one), the default chosen; one POST each', async () => {
    const create = vi.fn(async ({ data }: { data: Record<string, unknown> }) => ({ id: 'new', name: (data.network as { name: string }).name, subnets: [] }));
    const { user } = renderApp({ backend: signedInBackend({ catalog, policy: memberPolicy, resources: { network: { getList: () => [], create }, subnetpool: { getList: pools } } }), path: '/project/networks' });
    await user.click(await screen.findByRole('button', { name: 'Create Network' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Network' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Network Name' }), 'pool-net');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.type(await within(dialog).findByRole('textbox', { name: 'Subnet Name' }), 'pool-sub');
    expect(within(dialog).queryByRole('combobox', { name: /^Address pool/ })).toBeNull();
    await choose(user, dialog, 'Network Address Source', 'Allocate Network Address from a pool');
    expect(within(dialog).queryByRole('textbox', { name: /^Network Address/ })).toBeNull();

    await choose(user, dialog, /^Address pool/, 'v6');
    const version = within(dialog).getByRole('combobox', { name: 'IP Version' });
    await waitFor(() => expect(version.textContent).toBe('IPv6'));
    expect(version.getAttribute('aria-disabled')).toBe('true');
    const mask = within(dialog).getByRole('combobox', { name: 'Network Mask' });
    await waitFor(() => expect(mask.textContent).toBe('126'));
    await user.click(mask);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['124', '125', '126', '127', '128']);
    await user.keyboard('{Escape}');

    await choose(user, dialog, /^Address pool/, 'shared-v4');
    await waitFor(() => expect(version.textContent).toBe('IPv4'));
    await waitFor(() => expect(mask.textContent).toBe('26'));
    await choose(user, dialog, 'Network Mask', '27');
    expect(within(dialog).getByRole('combobox', { name: 'Network Mask' }).textContent).toBe('27');

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByRole('checkbox', { name: 'Enable DHCP' })).toHaveProperty('checked', true);
    await user.type(within(dialog).getByRole('textbox', { name: 'DNS Name Servers' }), '8.8.8.8');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][0].data).toEqual({
      network: { name: 'pool-net', admin_state_up: true },
      subnet: { name: 'pool-sub', enable_dhcp: true, subnetpool_id: 'pool-v4', prefixlen: 27, ip_version: 4, dns_nameservers: ['8.8.8.8'] },
    });
    expect(await screen.findByText('Successfully created network "pool-net".')).toBeTruthy();
  });

  it('checks the Network Address in the browser: the format, the IP version, and a required address naming the field', async () => {
    const { user } = renderApp({ backend: signedInBackend({ catalog, policy: memberPolicy, resources: { network: { getList: () => [] }, subnetpool: { getList: pools } } }), path: '/project/networks' });
    await user.click(await screen.findByRole('button', { name: 'Create Network' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Network' });
    await within(dialog).findByRole('textbox', { name: 'Network Name' });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const address = await within(dialog).findByRole('textbox', { name: /^Network Address/ });
    await user.type(address, '10.0.0.300/24');
    expect(await within(dialog).findByText('Network Address: Incorrect format for IP address (use CIDR, e.g. 192.168.0.0/24 or 2001:DB8::/48).')).toBeTruthy();
    await user.clear(address);
    await user.type(address, 'fd00::/64');
    expect(await within(dialog).findByText('Network Address and IP version are inconsistent.')).toBeTruthy();
    await choose(user, dialog, 'IP Version', 'IPv6');
    await waitFor(() => expect(within(dialog).queryByText('Network Address and IP version are inconsistent.')).toBeNull());
    await user.clear(address);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Specify "Network Address" or clear "Create Subnet" checkbox in previous step.')).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { name: 'Enable DHCP' })).toBeNull(); // still on the Subnet step
  });

  it('without Create Subnet sends the network alone', async () => {
    const create = vi.fn(async () => ({ id: 'new', name: 'bare', subnets: [] }));
    const { user } = renderApp({ backend: signedInBackend({ catalog, policy: memberPolicy, resources: { network: { getList: () => [], create }, subnetpool: { getList: pools } } }), path: '/project/networks' });
    await user.click(await screen.findByRole('button', { name: 'Create Network' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Network' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Network Name' }), 'bare');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Create Subnet' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).queryByRole('textbox', { name: /^Network Address/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect((create.mock.calls[0] as unknown as [{ data: unknown }])[0].data).toEqual({ network: { name: 'bare', admin_state_up: true }, subnet: undefined });
  });

  it('shows the server’s refusal inside the wizard and keeps the form', async () => {
    const message = 'Failed to create subnet "10.0.0.0/24" for network "dup": Invalid input for operation: Requested subnet with cidr: 10.0.0.0/24 for network: x overlaps with another subnet.';
    const create = vi.fn(async () => {
      throw Object.assign(new Error(message), { status: 400, body: message });
    });
    const { user } = renderApp({ backend: signedInBackend({ catalog, policy: memberPolicy, resources: { network: { getList: () => [], create }, subnetpool: { getList: pools } } }), path: '/project/networks' });
    await user.click(await screen.findByRole('button', { name: 'Create Network' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Network' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Network Name' }), 'dup');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.type(await within(dialog).findByRole('textbox', { name: /^Network Address/ }), '10.0.0.0/24');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect((await within(dialog).findByRole('textbox', { name: /^Network Address/ })).getAttribute('value')).toBe('10.0.0.0/24');
  });
});

describe('Network details: Overview, Subnets and Ports tabs', { timeout: 60_000 }, () => {
  const resources = () => ({
    network: { getOne: () => makeNetwork(), getList: () => [makeNetwork()] },
    subnet: { getList: vi.fn(() => [makeSubnet(), makeSubnet({ id: 's2', name: 'sub-b', cidr: 'fd00::/64', ip_version: 6, ipver_str: 'IPv6', gateway_ip: 'fd00::1' })]) },
    port: { getList: vi.fn(() => [makePort(), makePort({ id: 'port-2', name: '', device_owner: '', device_id: '', admin_state_up: false, admin_state: 'DOWN', status: 'DOWN' })]) },
    subnetpool: { getList: pools },
  });

  it('opens the Subnets tab from Horizon’s ?tab=network_tabs__subnets_tab and lists the network’s subnets', async () => {
    const arranged = resources();
    const { router } = renderApp({ backend: signedInBackend({ catalog, policy: memberPolicy, resources: arranged }), path: '/project/networks/n1/?tab=network_tabs__subnets_tab' });
    const table = await screen.findByRole('table', { name: 'Subnets' }, { timeout: 20_000 });
    expect(currentPath(router)).toBe('/ngdetails/OS::Neutron::Net/n1');
    expect(screen.getByRole('tab', { name: 'Subnets' }).getAttribute('aria-selected')).toBe('true');
    await within(table).findByRole('link', { name: 'sub-a' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Name', 'CIDR', 'IP Version', 'Gateway IP', 'Actions']);
    expect(within(table).getByText('fd00::/64')).toBeTruthy();
    expect(within(table).getByText('IPv6')).toBeTruthy();
    expect(arranged.subnet.getList).toHaveBeenCalledWith(expect.objectContaining({ filter: { network_id: 'n1' } }));
    expect(screen.getByRole('button', { name: 'Create Subnet' })).toBeTruthy();
  });

  it('lists the network’s ports: Name linked to the port detail, Fixed IPs, MAC Address, Attached Device, Status, Admin State', async () => {
    const arranged = resources();
    renderApp({ backend: signedInBackend({ catalog, policy: memberPolicy, resources: arranged }), path: '/ngdetails/OS::Neutron::Net/n1?tab=network_tabs__ports_tab' });
    const table = await screen.findByRole('table', { name: 'Ports' }, { timeout: 20_000 });
    await within(table).findByRole('link', { name: 'port-a' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Fixed IPs', 'MAC Address', 'Attached Device', 'Status', 'Admin State']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[1]).getByRole('link', { name: 'port-a' }).getAttribute('href')).toBe('/ngdetails/OS::Neutron::Port/port-1');
    expect(within(rows[1]).getByText('10.0.0.5')).toBeTruthy();
    expect(within(rows[1]).getByText('network:dhcp')).toBeTruthy();
    expect(within(rows[0]).getByText('(port-2)')).toBeTruthy();
    expect(within(rows[0]).getByText('Detached')).toBeTruthy();
    expect(arranged.port.getList).toHaveBeenCalledWith(expect.objectContaining({ filter: { network_id: 'n1' } }));
  });

  it('opens Create Subnet from the topology’s network/{id}/subnet/create and sends the network’s id with the subnet', async () => {
    const arranged = { ...resources(), subnet: { getList: () => [], create: vi.fn(async ({ data }: { data: Record<string, unknown> }) => ({ id: 's3', ...data })) } };
    const { user } = renderApp({ backend: signedInBackend({ catalog, policy: memberPolicy, resources: arranged }), path: '/project/networks/n1/subnet/create' });
    const dialog = await screen.findByRole('dialog', { name: 'Create Subnet' }, { timeout: 20_000 });
    // The page behind the modal is hidden from assistive technology while it is open.
    expect(screen.getByRole('tab', { name: 'Subnets', hidden: true }).getAttribute('aria-selected')).toBe('true');
    await user.type(await within(dialog).findByRole('textbox', { name: 'Subnet Name' }), 'sub-c');
    await user.type(within(dialog).getByRole('textbox', { name: /^Network Address/ }), '10.3.0.0/24');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Disable Gateway' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(arranged.subnet.create).toHaveBeenCalled());
    expect(arranged.subnet.create.mock.calls[0][0].data).toEqual({ name: 'sub-c', enable_dhcp: true, cidr: '10.3.0.0/24', ip_version: 4, gateway_ip: null, network_id: 'n1' });
  });

  it('shows the port detail at Horizon’s networks/ports/{id}/detail', async () => {
    const port = makePort({ trunk_id: 'trunk-9', binding__vnic_type: 'direct' });
    const { router } = renderApp({ backend: signedInBackend({ catalog, policy: memberPolicy, resources: { port: { getOne: () => port } } }), path: '/project/networks/ports/port-1/detail' });
    await screen.findByRole('heading', { name: 'port-a', level: 1 }, { timeout: 20_000 });
    expect(currentPath(router)).toBe('/ngdetails/OS::Neutron::Port/port-1');
    for (const text of ['fa:16:3e:00:00:01', '10.0.0.5', 'network:dhcp', 'net-a', 'Direct', 'trunk-9', 'web-sg']) expect(screen.getByText(text)).toBeTruthy();
    // Within the details: the sidebar has a 'Security Groups' panel too.
    const details = screen.getByRole('tabpanel');
    for (const label of ['MAC Address', 'Fixed IPs', 'Device Owner', 'VNIC Type', 'Trunk', 'Security Groups']) expect(within(details).getByText(label)).toBeTruthy();
  });
});

describe('Edit Network and Edit Subnet', { timeout: 60_000 }, () => {
  it('edits a network’s name and admin state, sending only what changed; a member gets no Shared box', async () => {
    const update = vi.fn(async ({ data }: { data: Record<string, unknown> }) => makeNetwork(data));
    const { user } = renderApp({ backend: signedInBackend({ catalog, policy: memberPolicy, resources: { network: { getList: () => [makeNetwork()], update } } }), path: '/project/networks' });
    await screen.findByRole('link', { name: 'net-a' }, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Actions for net-a' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Network' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Network' });
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    expect(name.getAttribute('value')).toBe('net-a');
    expect(within(dialog).queryByRole('checkbox', { name: 'Shared' })).toBeNull();
    await user.clear(name);
    await user.type(name, 'net-b');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Enable Admin State' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][0].data).toEqual({ name: 'net-b', admin_state_up: false });
    expect(await screen.findByText('Network net-b was successfully updated.')).toBeTruthy();
  });

  it('edits a subnet from the Subnets tab with its pools, name servers and routes as lines', async () => {
    const subnet = makeSubnet({ allocation_pools: [{ start: '10.0.0.2', end: '10.0.0.99' }], dns_nameservers: ['8.8.8.8'], host_routes: [] });
    const update = vi.fn(async ({ data }: { data: Record<string, unknown> }) => ({ ...subnet, ...data }));
    const { user } = renderApp({
      backend: signedInBackend({ catalog, policy: memberPolicy, resources: { network: { getOne: () => makeNetwork() }, subnet: { getList: () => [subnet], update }, port: { getList: () => [] } } }),
      path: '/ngdetails/OS::Neutron::Net/n1?tab=network_tabs__subnets_tab',
    });
    await screen.findByRole('link', { name: 'sub-a' }, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Actions for sub-a' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Subnet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Subnet' });
    expect((await within(dialog).findByRole('textbox', { name: 'Gateway IP' })).getAttribute('value')).toBe('10.0.0.1');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('textbox', { name: 'Allocation Pools' }).textContent).toBe('10.0.0.2,10.0.0.99');
    await user.type(within(dialog).getByRole('textbox', { name: 'DNS Name Servers' }), '{Enter}1.1.1.1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][0]).toMatchObject({ id: 's1', data: { name: 'sub-a', enable_dhcp: true, gateway_ip: '10.0.0.1', allocation_pools: [{ start: '10.0.0.2', end: '10.0.0.99' }], dns_nameservers: ['8.8.8.8', '1.1.1.1'], host_routes: [] } });
  });
});
