import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiRoute, renderWithApi } from '../support/fake-api';

/**
 * Admin › Host Aggregates through the real data provider and HTTP helper
 * (Horizon's admin/aggregates): the bodies Create and Manage Hosts send, and
 * the Availability Zones tab's hosts and their state.
 */
const aggregate = (name: string, overrides: Record<string, unknown> = {}) => ({ id: `${name.length}`, name, availability_zone: null, hosts: [], metadata: {}, ...overrides });

const ROUTES: Record<string, ApiRoute> = {
  'GET /api/nova/aggregates/': () => ({ items: [aggregate('fast', { id: '1', availability_zone: 'az-fast', hosts: ['emu-compute3'], metadata: { availability_zone: 'az-fast' } })] }),
  'GET /api/nova/aggregates/:id/': () => aggregate('fast', { id: '1', hosts: ['emu-compute3', 'emu-compute1'] }),
  'POST /api/nova/aggregates/': (request) => aggregate((request.body as { name: string }).name, { id: '2' }),
  'PUT /api/nova/aggregates/:id/hosts': () => undefined,
  'GET /api/nova/services/': () => ({
    items: [
      { binary: 'nova-scheduler', host: 'emu-controller' },
      ...['emu-compute1', 'emu-compute2', 'emu-compute3'].map((host) => ({ binary: 'nova-compute', host })),
    ],
  }),
  'GET /api/nova/availzones/': () => ({
    items: [
      { zoneName: 'az-fast', zoneState: { available: true }, hosts: { 'emu-compute3': { 'nova-compute': { available: true, active: true } } } },
      { zoneName: 'nova', zoneState: { available: true }, hosts: { 'emu-compute1': { 'nova-compute': { available: false, active: true } } } },
    ],
  }),
};

async function openTab(tab: string, table: string) {
  const api = renderWithApi({ path: `/admin/aggregates?tab=${tab}`, admin: true, routes: ROUTES });
  return { ...api, table: await screen.findByRole('table', { name: table }, { timeout: 30_000 }) };
}

describe('Admin › Host Aggregates (Horizon’s admin/aggregates)', { timeout: 60_000 }, () => {
  it('creates an aggregate with a name and an availability zone', async () => {
    const api = await openTab('host_aggregates', 'Host Aggregates');
    expect(within((await within(api.table).findByText('fast')).closest('tr')!).getByText('az-fast')).toBeTruthy();
    await api.user.click(screen.getByRole('button', { name: 'Create Host Aggregate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Host Aggregate' }, { timeout: 30_000 });
    await api.user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'gpu');
    await api.user.type(within(dialog).getByRole('textbox', { name: /Availability Zone/ }), 'az-gpu');
    await api.user.click(within(dialog).getByRole('button', { name: 'Create Host Aggregate' }));
    await waitFor(() => expect(api.sent('POST', '/api/nova/aggregates/')).toEqual([{ name: 'gpu', availability_zone: 'az-gpu' }]));
    expect((await screen.findByRole('alert')).textContent).toContain('Successfully created new host aggregate: gpu');
  });

  it('adds a compute host with Manage Hosts and PUTs the whole set', async () => {
    const api = await openTab('host_aggregates', 'Host Aggregates');
    await within(api.table).findByText('fast');
    await api.user.click(screen.getByRole('button', { name: 'Actions for fast' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Manage Hosts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Hosts within Aggregate' }, { timeout: 30_000 });
    const all = within(dialog).getByRole('region', { name: 'All available hosts' });
    // The controller runs no compute service: it is not offered.
    await within(all).findByRole('button', { name: 'Allocate emu-compute1' });
    expect(within(all).queryByText('emu-controller')).toBeNull();
    await api.user.click(within(all).getByRole('button', { name: 'Allocate emu-compute1' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/api/nova/aggregates/1/hosts')).toEqual([{ hosts: ['emu-compute3', 'emu-compute1'] }]));
  });

  it("lists the zones with each host and whether its services are up", async () => {
    const { table } = await openTab('availability_zones', 'Availability Zones');
    const fast = (await within(table).findByText('az-fast')).closest('tr')!;
    expect(within(fast).getByText('emu-compute3 (Services Up)')).toBeTruthy();
    expect(within(within(table).getByText('nova').closest('tr')!).getByText('emu-compute1 (Services Down)')).toBeTruthy();
  });
});
