import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectContract } from '../support/contract';
import { renderWithApi } from '../support/fake-api';

/**
 * The admin's Octavia panels (Admin > Network: Load Balancer Flavors, Load
 * Balancer Flavor Profiles, Amphorae; api-contract §10 flavors/ and
 * flavorprofiles/, amphorae/ beyond it): what they list and the bodies their
 * forms send, through the real data provider and HTTP helper.
 */
const SERVICES = ['identity', 'compute', 'network', 'load-balancer'];
const PROFILE = { id: 'fp-1', name: 'single', provider_name: 'amphora', flavor_data: '{"loadbalancer_topology": "SINGLE"}' };
const FLAVOR = { id: 'fl-1', name: 'small', description: 'one amphora', flavor_profile_id: 'fp-1', is_enabled: true };
const AMPHORA = { id: 'a0000000-1111', loadbalancer_id: 'lb-1', role: 'STANDALONE', status: 'ALLOCATED', ha_ip: '10.0.0.5', lb_network_ip: null, cached_zone: null, cert_busy: false };

const ROUTES = {
  'GET /api/lbaas/flavors/': () => ({ items: [FLAVOR] }),
  'GET /api/lbaas/flavors/:id/': () => FLAVOR,
  'POST /api/lbaas/flavors/': () => ({ ...FLAVOR, id: 'fl-new' }),
  'PUT /api/lbaas/flavors/:id/': () => null,
  'GET /api/lbaas/flavorprofiles/': () => ({ items: [PROFILE] }),
  'GET /api/lbaas/flavorprofiles/:id/': () => PROFILE,
  'POST /api/lbaas/flavorprofiles/': () => ({ ...PROFILE, id: 'fp-new' }),
  'PUT /api/lbaas/flavorprofiles/:id/': () => null,
  'GET /api/lbaas/providers/': () => ({ items: [{ name: 'amphora', description: 'The Octavia Amphora driver.' }] }),
  'GET /api/lbaas/amphorae/': () => ({ items: [AMPHORA] }),
  'GET /api/lbaas/amphorae/:id/': () => AMPHORA,
};

type Api = ReturnType<typeof renderWithApi>;

async function openPanel(path: string, link: string): Promise<Api> {
  const api = renderWithApi({ path, routes: ROUTES, services: SERVICES, admin: true });
  await screen.findByRole('link', { name: link }, { timeout: 20_000 });
  return api;
}

async function openRowAction(api: Api, rowName: string, action: string): Promise<HTMLElement> {
  const row = screen.getByRole('link', { name: rowName }).closest('tr')!;
  const direct = within(row).queryByRole('button', { name: action });
  if (direct) await api.user.click(direct);
  else {
    await api.user.click(within(row).getByRole('button', { name: /more actions|actions/i }));
    await api.user.click(await screen.findByRole('menuitem', { name: action }));
  }
  return screen.findByRole('dialog', { name: action }, { timeout: 20_000 });
}

describe('Load Balancer Flavors (admin)', { timeout: 90_000 }, () => {
  it('lists the flavors with their profile and whether they are enabled, and Create Flavor sends the contract body with the only profile preselected', async () => {
    const api = await openPanel('/admin/load_balancer_flavors', 'small');
    expect(screen.getByRole('heading', { name: 'Load Balancer Flavors', level: 1 })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Load Balancer Flavors' });
    for (const header of ['Name', 'Description', 'Flavor Profile ID', 'Enabled']) expect(within(table).getByRole('columnheader', { name: new RegExp(`^${header}`) })).toBeTruthy();
    expect(within(table).getByText('one amphora')).toBeTruthy();

    await api.user.click(screen.getByRole('button', { name: 'Create Flavor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Flavor' }, { timeout: 20_000 });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: '<b>large</b>' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'two amphorae' } });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Flavor Profile/ }).textContent).toContain('single'));
    await api.user.click(within(dialog).getByRole('button', { name: 'Create Flavor' }));
    await waitFor(() => expect(api.sent('POST', '/api/lbaas/flavors/')).toHaveLength(1));
    const [body] = api.sent('POST', '/api/lbaas/flavors/');
    expectContract(body, 'lb-flavor.schema.json#/$defs/createRequest');
    expect(body).toEqual({ flavor: { name: '<b>large</b>', description: 'two amphorae', flavor_profile_id: 'fp-1', enabled: true } });
  });

  it('Edit Flavor PUTs the name, description and enabled with the flavor id, leaving the profile', async () => {
    const api = await openPanel('/admin/load_balancer_flavors', 'small');
    const dialog = await openRowAction(api, 'small', 'Edit Flavor');
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('small');
    await api.user.click(within(dialog).getByRole('checkbox', { name: 'Enabled' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/api/lbaas/flavors/fl-1/')).toHaveLength(1));
    const [body] = api.sent('PUT', '/api/lbaas/flavors/fl-1/');
    expectContract(body, 'lb-flavor.schema.json#/$defs/updateRequest');
    expect(body).toEqual({ flavor: { id: 'fl-1', name: 'small', description: 'one amphora', enabled: false } });
  });
});

describe('Load Balancer Flavor Profiles (admin)', { timeout: 90_000 }, () => {
  it('lists the profiles with their provider and data, and Create Flavor Profile creates a profile (not a flavor) with the only provider preselected', async () => {
    const api = await openPanel('/admin/load_balancer_flavor_profiles', 'single');
    const table = screen.getByRole('table', { name: 'Load Balancer Flavor Profiles' });
    expect(within(table).getByText('amphora')).toBeTruthy();
    await api.user.click(screen.getByRole('button', { name: 'Create Flavor Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Flavor Profile' }, { timeout: 20_000 });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'active-standby' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Flavor Data/ }), { target: { value: '{"loadbalancer_topology": "ACTIVE_STANDBY"}' } });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Provider/ }).textContent).toContain('amphora'));
    await api.user.click(within(dialog).getByRole('button', { name: 'Create Flavor Profile' }));
    await waitFor(() => expect(api.sent('POST', '/api/lbaas/flavorprofiles/')).toHaveLength(1));
    const [body] = api.sent('POST', '/api/lbaas/flavorprofiles/');
    expectContract(body, 'lb-flavor-profile.schema.json#/$defs/createRequest');
    expect(body).toEqual({ flavor_profile: { name: 'active-standby', provider_name: 'amphora', flavor_data: '{"loadbalancer_topology": "ACTIVE_STANDBY"}' } });
    expect(api.sent('POST', '/api/lbaas/flavors/')).toHaveLength(0);
  });

  it('Edit Flavor Profile PUTs only what changed, so a profile a flavor uses can still be renamed (Octavia fixes its provider and data)', async () => {
    const api = await openPanel('/admin/load_balancer_flavor_profiles', 'single');
    const dialog = await openRowAction(api, 'single', 'Edit Flavor Profile');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'single-amphora' } });
    await api.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/api/lbaas/flavorprofiles/fp-1/')).toHaveLength(1));
    const [body] = api.sent('PUT', '/api/lbaas/flavorprofiles/fp-1/');
    expectContract(body, 'lb-flavor-profile.schema.json#/$defs/updateRequest');
    expect(body).toEqual({ flavor_profile: { id: 'fp-1', name: 'single-amphora' } });
  });

  it('refuses an empty flavor data with the field’s message, before any call', async () => {
    const api = await openPanel('/admin/load_balancer_flavor_profiles', 'single');
    const dialog = await openRowAction(api, 'single', 'Edit Flavor Profile');
    const data = within(dialog).getByRole('textbox', { name: /Flavor Data/ });
    fireEvent.change(data, { target: { value: '' } });
    fireEvent.blur(data);
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.sent('PUT', '/api/lbaas/flavorprofiles/fp-1/')).toHaveLength(0);
  });
});

describe('Amphorae (admin)', { timeout: 90_000 }, () => {
  it('lists each amphora with its load balancer, role and status, and shows its details', async () => {
    const api = await openPanel('/admin/amphorae', 'a0000000-1111');
    const row = screen.getByRole('link', { name: 'a0000000-1111' }).closest('tr')!;
    for (const text of ['lb-1', 'STANDALONE', 'ALLOCATED']) expect(within(row).getByText(text)).toBeTruthy();
    await api.user.click(screen.getByRole('link', { name: 'a0000000-1111' }));
    await screen.findByRole('heading', { name: 'a0000000-1111', level: 1 }, { timeout: 20_000 });
    expect(await screen.findByText('10.0.0.5', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('VIP Address')).toBeTruthy();
  });

  it('is not offered to a project member: the sidebar has none of the three panels', async () => {
    renderWithApi({ path: '/project/load_balancer', routes: { ...ROUTES, 'GET /api/lbaas/loadbalancers/': () => ({ items: [] }) }, services: SERVICES, policy: (rules) => !rules.some(([scope, rule]) => scope === 'load-balancer' && /flavor|amphora/.test(rule)) });
    await screen.findByRole('heading', { name: 'Load Balancers', level: 1 }, { timeout: 20_000 });
    for (const label of ['Load Balancer Flavors', 'Load Balancer Flavor Profiles', 'Amphorae']) expect(screen.queryByRole('link', { name: label })).toBeNull();
  });
});
