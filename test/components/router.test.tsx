import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { interfaceRecord, routerRecord } from '../../dataProviders/neutron-routers';
import { type FakeResources, signedInBackend } from '../support/fake-backend';
import { makeCatalog } from '../support/records';
import { currentPath, renderApp } from '../support/render-app';

const catalog = makeCatalog(['identity', 'compute', 'network']);

const GATEWAY = { network_id: 'net-public', network: 'public', enable_snat: true, external_fixed_ips: [{ subnet_id: 'sub-public', ip_address: '172.24.4.9' }] };

/** A router as the provider hands it to the table (routerRecord over the /api answer). */
function makeRouter(overrides: Record<string, unknown> = {}) {
  return routerRecord({
    id: `r-${String(overrides.name ?? 'router')}`,
    name: 'router',
    status: 'ACTIVE',
    admin_state_up: true,
    availability_zones: ['nova'],
    external_gateway_info: null,
    project_id: 'p-demo',
    ...overrides,
  });
}

const ROUTERS = [makeRouter({ name: 'edge', external_gateway_info: GATEWAY }), makeRouter({ name: 'inner', admin_state_up: false, status: 'DOWN', availability_zones: [] })];
const POOLS = [{ id: 'net-public', name: 'public' }];

function openRouters(path = '/project/routers', resources: FakeResources = {}) {
  const backend = signedInBackend({
    catalog,
    resources: {
      router: { getList: () => ROUTERS, getOne: ({ id }: { id: string }) => ROUTERS.find((router) => router.id === id), ...resources.router },
      'floating-ip-pool': { getList: () => POOLS },
      'router-interface': { getList: () => [], ...resources['router-interface'] },
      'router-subnet': { getList: () => [], ...resources['router-subnet'] },
    },
  });
  return renderApp({ backend, path });
}

// Typing into modals and the first lazy page load take a while on a loaded two-core machine.
describe('Routers panel', { timeout: 30_000 }, () => {
  it('lists Name, Status, External Network, Admin State and Availability Zones, sorted by name', async () => {
    openRouters();
    const table = await screen.findByRole('table', { name: 'Routers' }, { timeout: 5000 });
    await within(table).findByRole('link', { name: 'edge' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Name', 'Status', 'External Network', 'Admin State', 'Availability Zones', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getAllByRole('cell').slice(1, 6).map((cell) => cell.textContent)).toEqual(['edge', 'Active', 'public', 'UP', 'nova']);
    expect(within(rows[1]).getAllByRole('cell').slice(1, 6).map((cell) => cell.textContent)).toEqual(['inner', 'Down', '-', 'DOWN', '']);
  });

  it('creates a router with a name, the admin state and an external network from the pools', async () => {
    const create = vi.fn(({ data }) => makeRouter({ ...data, id: 'r-new' }));
    const { user } = openRouters('/project/routers', { router: { create } });
    await user.click(await screen.findByRole('button', { name: 'Create Router' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Router' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Router Name' }), 'r2');
    expect((within(dialog).getByRole('checkbox', { name: 'Enable Admin State' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: /External Network/ }));
    await user.click(await screen.findByRole('option', { name: 'public' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Router' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Router r2 was successfully created.');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ data: { name: 'r2', admin_state_up: true, external_network: 'net-public' } }));
  });

  it('offers Set Gateway only without a gateway and Clear Gateway only with one; Clear Gateway confirms and sends a null gateway', async () => {
    const call = vi.fn();
    const { user } = openRouters('/project/routers', { router: { call } });
    await user.click(await screen.findByRole('button', { name: 'Actions for inner' }, { timeout: 5000 }));
    expect(await screen.findByRole('menuitem', { name: 'Set Gateway' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Clear Gateway' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for edge' }));
    expect(screen.queryByRole('menuitem', { name: 'Set Gateway' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Clear Gateway' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Clear Gateway' });
    expect(confirm.textContent).toContain('You have selected: "edge". Please confirm your selection. This action cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Clear Gateway' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Cleared Gateway: edge');
    expect(call).toHaveBeenCalledWith({ id: 'r-edge', name: 'clear-gateway' });
  });

  it('sets a gateway from the external networks', async () => {
    const update = vi.fn(({ id, data }) => ({ ...ROUTERS.find((router) => router.id === id), ...data }));
    const { user } = openRouters('/project/routers', { router: { update } });
    await user.click(await screen.findByRole('button', { name: 'Actions for inner' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Set Gateway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Gateway' });
    await user.click(within(dialog).getByRole('combobox', { name: /External Network/ }));
    await user.click(await screen.findByRole('option', { name: 'public' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Gateway interface is added');
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: 'r-inner', data: { network_id: 'net-public' } }));
  });

  it('shows the gateway in the overview and the interfaces in their tab, Delete Interface for internal ones only', async () => {
    const ports = [
      interfaceRecord('r-edge', { id: 'port-internal-1', name: '', fixed_ips: [{ subnet_id: 's1', ip_address: '10.0.0.1' }], status: 'ACTIVE', admin_state_up: true, interface_type: 'Internal Interface' }),
      interfaceRecord('r-edge', { id: 'port-gateway-1', name: 'gw', fixed_ips: [{ subnet_id: 'sub-public', ip_address: '172.24.4.9' }], status: 'ACTIVE', admin_state_up: true, interface_type: 'External Gateway' }),
    ];
    const getList = vi.fn(() => ports);
    const { user } = openRouters('/ngdetails/OS::Neutron::Router/r-edge', { 'router-interface': { getList } });
    await screen.findByRole('heading', { name: 'edge', level: 1 }, { timeout: 5000 });
    expect(screen.getByText('172.24.4.9 (subnet sub-public)')).toBeTruthy();
    expect(screen.getByText('Enabled')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Interfaces' }));
    const table = await screen.findByRole('table', { name: 'Interfaces' });
    await within(table).findByText('(port-internal)');
    expect(getList).toHaveBeenCalledWith(expect.objectContaining({ filter: { router_id: 'r-edge' } }));
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Name', 'Fixed IPs', 'Status', 'Type', 'Admin State', 'Actions']);
    const gatewayRow = within(table).getByText('gw').closest('tr')!;
    expect(within(gatewayRow).getByText('External Gateway')).toBeTruthy();
    await user.click(within(gatewayRow).getByRole('button', { name: 'Actions for gw' }));
    expect((await screen.findByRole('menuitem', { name: 'Delete Interface' })).getAttribute('aria-disabled')).toBe('true');
  });

  it('adds an interface on a subnet the router is not on yet, and shows Neutron’s refusal in its words', async () => {
    const subnets = vi.fn(() => [{ id: 's-private', name: 'private: 10.0.0.0/24 (private-subnet)' }]);
    const create = vi.fn(() => {
      throw Object.assign(new Error('Bad Request'), { status: 400, body: 'IP address 10.0.0.1 already allocated in subnet s-private' });
    });
    const { user } = openRouters('/ngdetails/OS::Neutron::Router/r-edge', { 'router-subnet': { getList: subnets }, 'router-interface': { create } });
    // Horizon's Add Interface is the Interfaces tab's button.
    await user.click(await screen.findByRole('tab', { name: 'Interfaces' }, { timeout: 15_000 }));
    await user.click(await screen.findByRole('button', { name: 'Add Interface' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Interface' });
    await user.click(within(dialog).getByRole('combobox', { name: /Subnet/ }));
    await user.click(await screen.findByRole('option', { name: 'private: 10.0.0.0/24 (private-subnet)' }));
    expect(subnets).toHaveBeenCalledWith(expect.objectContaining({ filter: { router_id: 'r-edge' } }));
    await user.type(within(dialog).getByRole('textbox', { name: /IP Address/ }), 'not-an-ip');
    expect(await within(dialog).findByText('Enter a valid IPv4 or IPv6 address.')).toBeTruthy();
    await user.clear(within(dialog).getByRole('textbox', { name: /IP Address/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /IP Address/ }), '10.0.0.1');
    const submit = within(dialog).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    // The toast, besides the reason the dialog keeps showing.
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent).join('\n')).toContain('Failed to add interface: IP address 10.0.0.1 already allocated in subnet s-private'));
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ data: { subnet_id: 's-private', ip_address: '10.0.0.1', router_id: 'r-edge' } }));
  });

  it.each(['/project/routers/r-inner/addinterface', '/project/network_topology/router/r-inner/addinterface'])('opens Add Interface for the router at %s', async (path) => {
    const { router } = openRouters(path);
    expect(await screen.findByRole('dialog', { name: 'Add Interface' }, { timeout: 5000 })).toBeTruthy();
    expect(currentPath(router)).toBe('/ngdetails/OS::Neutron::Router/r-inner');
    // Behind the modal, the page is the router's details.
    expect(screen.getByRole('heading', { name: 'inner', level: 1, hidden: true })).toBeTruthy();
  });
});
