import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../support/fake-api';

/**
 * Admin > Networks and Admin > Floating IPs through the real data provider:
 * every project's records asked a page at a time, the Project column, and
 * the bodies the admin's Create Network and Allocate IP send.
 */

const PROJECTS = { items: [{ id: 'p-demo', name: 'demo', enabled: true }, { id: 'p-admin', name: 'admin', enabled: true }] };
const page = (items: unknown[]) => ({ items, has_more_data: false, has_prev_data: false });

const NETWORK_ROUTES = {
  'GET /api/neutron/networks/': () => page([{ id: 'n-demo', name: 'demo-net', tenant_id: 'p-demo', tenant_name: 'demo', shared: false, 'router:external': false, router__external: false, status: 'ACTIVE', admin_state_up: true, admin_state: 'UP', subnets: [] }]),
  'GET /api/keystone/projects/': () => PROJECTS,
  'GET /api/neutron/subnetpools/': () => ({ items: [] }),
  'POST /api/neutron/networks/': () => ({ id: 'n-new', name: 'prov-net', subnets: [] }),
};

async function choose(user: ReturnType<typeof renderWithApi>['user'], dialog: HTMLElement, label: RegExp | string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }, { timeout: 10_000 }));
}

describe('Admin › Networks', { timeout: 90_000 }, () => {
  it("lists every project's networks a page at a time from the server, with their Project", async () => {
    const api = renderWithApi({ path: '/admin/networks', admin: true, services: ['identity', 'compute', 'network'], routes: NETWORK_ROUTES });
    const table = await screen.findByRole('table', { name: 'Networks' }, { timeout: 30_000 });
    const row = (await within(table).findByRole('link', { name: 'demo-net' })).closest('tr')!;
    expect(within(row).getByText('demo')).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toContain('Project');
    const asked = api.requests.find((request) => request.method === 'GET' && request.path === '/api/neutron/networks/')!;
    expect(Object.fromEntries(asked.query)).toMatchObject({ all_tenants: 'true', paginate: 'true' });
  });

  it('Create Network sends the project, the provider type with the fields the type takes, shared and external', async () => {
    const api = renderWithApi({ path: '/admin/networks', admin: true, services: ['identity', 'compute', 'network'], routes: NETWORK_ROUTES });
    await api.user.click(await screen.findByRole('button', { name: 'Create Network' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Network' }, { timeout: 30_000 });
    await api.user.type(await within(dialog).findByRole('textbox', { name: 'Name' }, { timeout: 10_000 }), 'prov-net');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Project/ })).toBeTruthy(), { timeout: 10_000 });
    await choose(api.user, dialog, /Project/, 'demo');
    // Local takes neither field; VLAN both.
    expect(within(dialog).queryByRole('textbox', { name: /Physical Network/ })).toBeNull();
    expect(within(dialog).queryByRole('spinbutton', { name: /Segmentation ID/ })).toBeNull();
    await choose(api.user, dialog, /Provider Network Type/, 'VLAN');
    await api.user.type(within(dialog).getByRole('textbox', { name: /Physical Network/ }), 'physnet1');
    const segment = within(dialog).getByRole('spinbutton', { name: /Segmentation ID/ });
    await api.user.type(segment, '5000');
    expect(await within(dialog).findByText('For a vlan network, valid segmentation IDs are 1 through 4094.')).toBeTruthy();
    await api.user.clear(segment);
    await api.user.type(segment, '100');
    await api.user.click(within(dialog).getByRole('checkbox', { name: 'External Network' }));
    await api.user.click(within(dialog).getByRole('checkbox', { name: 'Create Subnet' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.sent('POST', '/api/neutron/networks/')).toHaveLength(1), { timeout: 10_000 });
    expect(api.sent('POST', '/api/neutron/networks/')[0]).toEqual({
      name: 'prov-net',
      admin_state_up: true,
      tenant_id: 'p-demo',
      shared: false,
      'router:external': true,
      'provider:network_type': 'vlan',
      'provider:physical_network': 'physnet1',
      'provider:segmentation_id': 100,
    });
    expect(api.sent('POST', '/api/neutron/subnets/')).toHaveLength(0);
  });
});

describe('Admin › Floating IPs', { timeout: 90_000 }, () => {
  it('Allocate IP To Project POSTs the pool, the chosen project and address, and the list shows the Project', async () => {
    const api = renderWithApi({
      path: '/admin/floating_ips',
      admin: true,
      services: ['identity', 'compute', 'network'],
      routes: {
        'GET /api/network/floatingips/': () => page([{ id: 'f1', ip: '172.24.4.50', floating_ip_address: '172.24.4.50', pool: 'net-public', status: 'DOWN', port_id: null, tenant_id: 'p-demo', tenant_name: 'demo' }]),
        'GET /api/network/floatingippools/': () => ({ items: [{ id: 'net-public', name: 'public' }] }),
        'GET /api/keystone/projects/': () => PROJECTS,
        'POST /api/network/floatingip/': () => ({ id: 'f2', ip: '172.24.4.99', pool: 'net-public', status: 'DOWN' }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Floating IPs' }, { timeout: 30_000 });
    const row = (await within(table).findByText('172.24.4.50')).closest('tr')!;
    expect(within(row).getByText('demo')).toBeTruthy();
    await api.user.click(screen.getByRole('button', { name: 'Allocate IP To Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allocate IP To Project' }, { timeout: 30_000 });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Pool/ }).textContent).toBe('public'), { timeout: 10_000 });
    await choose(api.user, dialog, /Project/, 'demo');
    await api.user.type(within(dialog).getByRole('textbox', { name: /Floating IP Address/ }), '172.24.4.99');
    await api.user.click(within(dialog).getByRole('button', { name: 'Allocate Floating IP' }));
    await waitFor(() => expect(api.sent('POST', '/api/network/floatingip/')).toHaveLength(1), { timeout: 10_000 });
    expect(api.sent('POST', '/api/network/floatingip/')[0]).toEqual({ pool_id: 'net-public', tenant_id: 'p-demo', floating_ip_address: '172.24.4.99' });
  });
});
