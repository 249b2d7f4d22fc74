import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiRoute, renderWithApi } from '../support/fake-api';

/**
 * Horizon's Availability Zone Hints: Create Network and Create Router offer
 * Neutron's available zones of the resource, several at once, only when the
 * network_availability_zone / router_availability_zone extension is enabled.
 */

const ZONES: Record<string, string[]> = { network: ['az-east', 'az-west', 'nova'], router: ['az-east', 'az-west'] };

function extensions(aliases: string[]): ApiRoute {
  return () => ({ items: ['router', 'quotas', ...aliases].map((alias) => ({ alias })) });
}

const zones: ApiRoute = (request) => ({ items: ZONES[request.query.get('resource') ?? '']?.map((name) => ({ name, resource: request.query.get('resource'), state: 'available' })) ?? [] });

function openNetworks(aliases: string[]) {
  return renderWithApi({
    path: '/project/networks',
    services: ['identity', 'compute', 'network'],
    routes: {
      'GET /api/neutron/extensions/': extensions(aliases),
      'GET /api/neutron/availability_zones/': zones,
      'GET /api/neutron/networks/': () => ({ items: [] }),
      'GET /api/neutron/subnetpools/': () => ({ items: [] }),
      'POST /api/neutron/networks/': (request) => ({ id: 'n-az', subnets: [], ...(request.body as object) }),
    },
  });
}

function openRouters(aliases: string[]) {
  return renderWithApi({
    path: '/project/routers',
    services: ['identity', 'compute', 'network'],
    routes: {
      'GET /api/neutron/extensions/': extensions(aliases),
      'GET /api/neutron/availability_zones/': zones,
      'GET /api/neutron/routers/': () => ({ items: [] }),
      'GET /api/network/floatingippools/': () => ({ items: [] }),
      'POST /api/neutron/routers/': (request) => ({ id: 'r-az', external_gateway_info: null, ...(request.body as object) }),
    },
  });
}

/** Chooses options of an open multi-select, then closes its list. */
async function choose(api: ReturnType<typeof renderWithApi>, field: HTMLElement, names: string[]) {
  await api.user.click(field);
  for (const name of names) await api.user.click(await screen.findByRole('option', { name }, { timeout: 10_000 }));
  await api.user.keyboard('{Escape}');
}

describe('Availability Zone Hints', { timeout: 90_000 }, () => {
  it('Create Network offers the available network zones and POSTs the two chosen as availability_zone_hints', async () => {
    const api = openNetworks(['network_availability_zone']);
    await api.user.click(await screen.findByRole('button', { name: 'Create Network' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Network' }, { timeout: 30_000 });
    await api.user.type(await within(dialog).findByRole('textbox', { name: 'Network Name' }, { timeout: 10_000 }), 'az-net');
    const hints = within(dialog).getByRole('combobox', { name: 'Availability Zone Hints' });
    expect(dialog.textContent).toContain('Availability zones where the DHCP agents may be scheduled. Leaving this unset is equivalent to selecting all availability zones');
    await api.user.click(hints);
    expect((await screen.findAllByRole('option', undefined, { timeout: 10_000 })).map((option) => option.textContent)).toEqual(['az-east', 'az-west', 'nova']);
    await api.user.keyboard('{Escape}');
    await choose(api, hints, ['az-east', 'nova']);
    expect(hints.textContent).toBe('az-east, nova');
    await api.user.click(within(dialog).getByRole('checkbox', { name: 'Create Subnet' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.sent('POST', '/api/neutron/networks/')).toHaveLength(1), { timeout: 10_000 });
    expect(api.sent('POST', '/api/neutron/networks/')[0]).toEqual({ name: 'az-net', admin_state_up: true, availability_zone_hints: ['az-east', 'nova'] });
    expect(api.requests.find((request) => request.path === '/api/neutron/availability_zones/')?.query.toString()).toBe('resource=network&state=available');
  });

  it('Create Network has no Availability Zone Hints without the network_availability_zone extension, and sends none', async () => {
    const api = openNetworks([]);
    await api.user.click(await screen.findByRole('button', { name: 'Create Network' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Network' }, { timeout: 30_000 });
    await api.user.type(await within(dialog).findByRole('textbox', { name: 'Network Name' }, { timeout: 10_000 }), 'plain-net');
    expect(within(dialog).queryByRole('combobox', { name: 'Availability Zone Hints' })).toBeNull();
    expect(dialog.textContent).not.toContain('Availability Zone Hints');
    await api.user.click(within(dialog).getByRole('checkbox', { name: 'Create Subnet' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.sent('POST', '/api/neutron/networks/')).toHaveLength(1), { timeout: 10_000 });
    expect(api.sent('POST', '/api/neutron/networks/')[0]).toEqual({ name: 'plain-net', admin_state_up: true });
  });

  it('Create Router offers the available router zones and POSTs the two chosen as availability_zone_hints', async () => {
    const api = openRouters(['router_availability_zone']);
    await api.user.click(await screen.findByRole('button', { name: 'Create Router' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Router' }, { timeout: 30_000 });
    await api.user.type(within(dialog).getByRole('textbox', { name: 'Router Name' }), 'az-router');
    expect(dialog.textContent).toContain('Availability Zones where the router may be scheduled. Leaving this unset is equivalent to selecting all Availability Zones');
    await choose(api, within(dialog).getByRole('combobox', { name: 'Availability Zone Hints' }), ['az-east', 'az-west']);
    await api.user.click(within(dialog).getByRole('button', { name: 'Create Router' }));
    await waitFor(() => expect(api.sent('POST', '/api/neutron/routers/')).toHaveLength(1), { timeout: 10_000 });
    expect(api.sent('POST', '/api/neutron/routers/')[0]).toEqual({ name: 'az-router', admin_state_up: true, availability_zone_hints: ['az-east', 'az-west'] });
    expect(api.requests.find((request) => request.path === '/api/neutron/availability_zones/')?.query.toString()).toBe('resource=router&state=available');
  });

  it('Create Router has no Availability Zone Hints without the router_availability_zone extension', async () => {
    const api = openRouters(['network_availability_zone']);
    await api.user.click(await screen.findByRole('button', { name: 'Create Router' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Router' }, { timeout: 30_000 });
    await within(dialog).findByRole('textbox', { name: 'Router Name' });
    expect(within(dialog).queryByRole('combobox', { name: 'Availability Zone Hints' })).toBeNull();
    expect(api.requests.some((request) => request.path === '/api/neutron/availability_zones/')).toBe(false);
  });
});
