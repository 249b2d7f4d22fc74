import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../support/fake-api';

/**
 * Floating IPs through the real data provider and HTTP helper: what the
 * table and the Associate form name (Horizon's 'instance-name: fixed-ip'),
 * and the bodies Allocate and Associate send (api-contract §7).
 */
const fip = (ip: string, overrides: Record<string, unknown> = {}) => ({
  id: `fip-${ip}`,
  ip,
  floating_ip_address: ip,
  pool: 'net-public',
  floating_network_id: 'net-public',
  status: 'DOWN',
  description: '',
  dns_name: '',
  port_id: null,
  fixed_ip: null,
  instance_id: null,
  instance_type: null,
  ...overrides,
});

const ROUTES = {
  'GET /api/network/floatingips/': () => ({
    items: [fip('172.24.4.20', { port_id: 'port-web', fixed_ip: '10.0.0.5', status: 'ACTIVE', instance_id: 's-web', instance_type: 'compute' }), fip('172.24.4.10')],
  }),
  'GET /api/network/floatingippools/': () => ({ items: [{ id: 'net-public', name: 'public' }] }),
  'GET /api/nova/servers/': () => ({ items: [{ id: 's-web', name: 'web' }, { id: 's-db', name: 'db' }], has_more_data: false, has_prev_data: false }),
  'GET /api/network/floatingips/:id/targets/': () => ({
    items: [
      { id: 'port-db_10.0.0.7', name: 'db-port: 10.0.0.7', port_id: 'port-db', ip_address: '10.0.0.7', instance_id: 's-db' },
      { id: 'port-free_10.0.0.8', name: 'free-port: 10.0.0.8', port_id: 'port-free', ip_address: '10.0.0.8', instance_id: null },
    ],
  }),
  'PATCH /api/network/floatingip/': () => undefined,
  'POST /api/network/floatingip/': () => fip('172.24.4.30'),
};

async function openFloatingIps() {
  const api = renderWithApi({ path: '/project/floating_ips', services: ['identity', 'compute', 'network'], routes: ROUTES });
  const table = await screen.findByRole('table', { name: 'Floating IPs' }, { timeout: 30_000 });
  await within(table).findByText('172.24.4.20');
  return { ...api, table };
}

describe('Floating IPs name the instance and send the contract’s bodies', { timeout: 60_000 }, () => {
  it("shows the Mapped Fixed IP Address as 'instance-name fixed-ip'", async () => {
    const { table } = await openFloatingIps();
    expect(await within(table).findByRole('cell', { name: 'web 10.0.0.5' })).toBeTruthy();
  });

  it("Associate offers 'instance-name: fixed-ip' (the fixed IP alone for a port of no instance) and PATCHes {address_id, port_id: '<port>_<ip>'}", async () => {
    const api = await openFloatingIps();
    await api.user.click(screen.getByRole('button', { name: 'Actions for 172.24.4.10' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Associate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Associate' });
    await api.user.click(within(dialog).getByRole('combobox', { name: /Port to be associated/ }));
    await screen.findByRole('option', { name: 'db: 10.0.0.7' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Select one', '10.0.0.8', 'db: 10.0.0.7']);
    await api.user.click(screen.getByRole('option', { name: 'db: 10.0.0.7' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Associate' }));
    await waitFor(() => expect(api.sent('PATCH', '/api/network/floatingip/')).toEqual([{ address_id: 'fip-172.24.4.10', port_id: 'port-db_10.0.0.7' }]));
  });

  it('Allocate IP preselects the only pool and POSTs {pool_id}', async () => {
    const api = await openFloatingIps();
    await api.user.click(screen.getByRole('button', { name: 'Allocate IP To Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allocate IP To Project' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Pool/ }).textContent).toBe('public'));
    const submit = within(dialog).getByRole('button', { name: 'Allocate IP' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await api.user.click(submit);
    await waitFor(() => expect(api.sent('POST', '/api/network/floatingip/')).toHaveLength(1));
    expect(api.sent('POST', '/api/network/floatingip/')[0]).toMatchObject({ pool_id: 'net-public' });
  });
});
