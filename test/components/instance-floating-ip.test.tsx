import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../support/fake-api';
import { makeNovaServer } from '../support/instance-records';

/**
 * Associate / Disassociate Floating IP from the instance row (Horizon's
 * AssociateIP and DisassociateIP): the bodies sent, and the address the
 * row shows afterwards.
 */

const FIXED = { addr: '10.0.0.5', version: 4, 'OS-EXT-IPS:type': 'fixed' };

/** A cloud where the instance 'web' has one port, and associating maps the address to it. */
function cloud(initial: { mapped?: string } = {}) {
  let mapped: string | undefined = initial.mapped;
  const fips = [
    { id: 'fip-free', ip: '172.24.4.10', pool: 'net-public', status: 'DOWN', port_id: null as string | null },
    // Mapped to web's port, or to another instance's.
    { id: 'fip-mapped', ip: '172.24.4.20', pool: 'net-public', status: 'ACTIVE', port_id: mapped ? 'port-web' : 'port-other' },
  ];
  const server = () => makeNovaServer({ name: 'web', addresses: { private: mapped ? [FIXED, { addr: mapped, version: 4, 'OS-EXT-IPS:type': 'floating' }] : [FIXED] } });
  return {
    'GET /api/nova/servers/': () => ({ items: [server()], has_more_data: false, has_prev_data: false }),
    'GET /api/nova/servers/:id': () => server(),
    'GET /api/nova/flavors/': () => ({ items: [] }),
    'GET /api/nova/servers/:id/interfaces/': () => ({ items: [{ id: 'port-web', fixed_ips: ['10.0.0.5', 'fd00::5'] }] }),
    'GET /api/network/floatingips/': () => ({ items: fips }),
    'GET /api/network/floatingippools/': () => ({ items: [{ id: 'net-public', name: 'public' }] }),
    'POST /api/network/floatingip/': () => {
      const created = { id: 'fip-new', ip: '172.24.4.99', pool: 'net-public', status: 'DOWN', port_id: null };
      fips.push(created);
      return created;
    },
    'PATCH /api/network/floatingip/': (request: { body: unknown }) => {
      const { address_id: id, port_id: target } = request.body as { address_id: string; port_id?: string };
      const fip = fips.find((each) => each.id === id)!;
      fip.port_id = target ? target.split('_')[0] : null;
      mapped = target ? fip.ip : undefined;
      return undefined;
    },
    'DELETE /api/network/floatingips/:id/': () => {
      mapped = undefined;
      return undefined;
    },
  };
}

async function openRowAction(routes: ReturnType<typeof cloud>, action: string, dialogName: string) {
  const api = renderWithApi({ path: '/project/instances', routes });
  const table = await screen.findByRole('table', { name: 'Instances' }, { timeout: 30_000 });
  await within(table).findByRole('link', { name: 'web' });
  await api.user.click(screen.getByRole('button', { name: 'Actions for web' }));
  await api.user.click(await screen.findByRole('menuitem', { name: action }));
  const dialog = await screen.findByRole('dialog', { name: dialogName }, { timeout: 30_000 });
  return { ...api, table, dialog };
}

const rowOf = (table: HTMLElement) => within(table).getByRole('link', { name: 'web' }).closest('tr')!;

describe('Floating IPs from the instance row', { timeout: 90_000 }, () => {
  it("Associate maps a free address to the instance's only IPv4 port and the row shows it", async () => {
    const api = await openRowAction(cloud(), 'Associate Floating IP', 'Manage Floating IP Associations');
    await api.user.click(within(api.dialog).getByRole('combobox', { name: /IP Address/ }));
    await screen.findByRole('option', { name: '172.24.4.10' });
    // An address mapped elsewhere is no choice; a new one may come from the pool.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Select an IP address', '172.24.4.10', 'Allocate a new IP from pool public']);
    await api.user.click(screen.getByRole('option', { name: '172.24.4.10' }));
    // The IPv6 address is no target; the one IPv4 target is chosen for the user.
    await waitFor(() => expect(within(api.dialog).getByRole('combobox', { name: /Port to be associated/ }).textContent).toBe('web: 10.0.0.5'), { timeout: 10_000 });
    await api.user.click(within(api.dialog).getByRole('button', { name: 'Associate' }));
    await waitFor(() => expect(api.sent('PATCH', '/api/network/floatingip/')).toEqual([{ address_id: 'fip-free', port_id: 'port-web_10.0.0.5' }]), { timeout: 10_000 });
    expect(await screen.findByText('IP address 172.24.4.10 associated.')).toBeTruthy();
    await waitFor(() => expect(within(rowOf(api.table)).getByText('10.0.0.5, 172.24.4.10')).toBeTruthy(), { timeout: 10_000 });
  });

  it('Associate with a pool allocates a new address first, then maps it', async () => {
    const api = await openRowAction(cloud(), 'Associate Floating IP', 'Manage Floating IP Associations');
    await api.user.click(within(api.dialog).getByRole('combobox', { name: /IP Address/ }));
    await api.user.click(await screen.findByRole('option', { name: 'Allocate a new IP from pool public' }));
    await waitFor(() => expect(within(api.dialog).getByRole('combobox', { name: /Port to be associated/ }).textContent).toBe('web: 10.0.0.5'), { timeout: 10_000 });
    await api.user.click(within(api.dialog).getByRole('button', { name: 'Associate' }));
    await waitFor(() => expect(api.sent('PATCH', '/api/network/floatingip/')).toEqual([{ address_id: 'fip-new', port_id: 'port-web_10.0.0.5' }]), { timeout: 10_000 });
    expect(api.sent('POST', '/api/network/floatingip/')).toEqual([{ pool_id: 'net-public' }]);
    expect(await screen.findByText('IP address 172.24.4.99 associated.')).toBeTruthy();
  });

  it("Disassociate offers the instance's address and, with Release, releases it; the row no longer shows it", async () => {
    const api = await openRowAction(cloud({ mapped: '172.24.4.20' }), 'Disassociate Floating IP', 'Disassociate Floating IP');
    await waitFor(() => expect(within(api.dialog).getByRole('combobox', { name: /Floating IP/ }).textContent).toBe('172.24.4.20'), { timeout: 10_000 });
    await api.user.click(within(api.dialog).getByRole('checkbox', { name: 'Release Floating IP' }));
    await api.user.click(within(api.dialog).getByRole('button', { name: 'Disassociate' }));
    await waitFor(() => expect(api.calls('DELETE')).toEqual(['/api/network/floatingips/fip-mapped/']), { timeout: 10_000 });
    expect(api.sent('PATCH', '/api/network/floatingip/')).toEqual([]);
    expect(await screen.findByText('Successfully disassociated and released floating IP 172.24.4.20')).toBeTruthy();
    await waitFor(() => expect(within(rowOf(api.table)).queryByText(/172\.24\.4\.20/)).toBeNull(), { timeout: 10_000 });
  });
});
