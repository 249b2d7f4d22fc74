import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { floatingIpRecord } from '../../dataProviders/network-floating-ips';
import { type FakeResources, signedInBackend } from '../support/fake-backend';
import { makeCatalog } from '../support/records';
import { renderApp } from '../support/render-app';

const catalog = makeCatalog(['identity', 'compute', 'network']);
const pools = new Map([['net-public', 'public']]);

/** A floating IP as the provider hands it to the table (floatingIpRecord over the contract's shape). */
function makeFip(ip: string, overrides: Record<string, unknown> = {}) {
  return floatingIpRecord(
    { id: `fip-${ip}`, ip, floating_ip_address: ip, pool: 'net-public', floating_network_id: 'net-public', status: 'DOWN', description: '', dns_name: '', port_id: null, fixed_ip: null, port_details: null, ...overrides },
    pools,
    new Map([['s-web', 'web']]),
  );
}

const FIPS = [
  makeFip('172.24.4.20', { port_id: 'port-web', fixed_ip: '10.0.0.5', status: 'ACTIVE', description: 'web front', instance_id: 's-web', instance_type: 'compute' }),
  makeFip('172.24.4.10'),
];

function openFips(resources: FakeResources = {}) {
  const backend = signedInBackend({
    catalog,
    resources: {
      'floating-ip': { getList: () => FIPS, ...resources['floating-ip'] },
      'floating-ip-pool': { getList: () => [{ id: 'net-public', name: 'public' }] },
      'floating-ip-target': { getList: () => [], ...resources['floating-ip-target'] },
    },
  });
  return renderApp({ backend, path: '/project/floating_ips' });
}

// Typing into modals and the first lazy page load take a while on a loaded two-core machine.
describe('Floating IPs panel', { timeout: 30_000 }, () => {
  it('lists IP Address, Description, DNS Name, Mapped Fixed IP Address, Pool and Status', async () => {
    openFips();
    const table = await screen.findByRole('table', { name: 'Floating IPs' }, { timeout: 5000 });
    await within(table).findByText('172.24.4.20');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'IP Address', 'Description', 'DNS Name', 'Mapped Fixed IP Address', 'Pool', 'Status', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getAllByRole('cell').slice(1, 7).map((cell) => cell.textContent)).toEqual(['172.24.4.10', '-', '-', '-', 'public', 'Down']);
    expect(within(rows[1]).getAllByRole('cell').slice(1, 7).map((cell) => cell.textContent)).toEqual(['172.24.4.20', 'web front', '-', 'web 10.0.0.5', 'public', 'Active']);
  });

  it('allocates an address from the pool (the only one preselected) with a description and toasts it', async () => {
    const create = vi.fn(({ data }) => makeFip('172.24.4.30', { description: data.description }));
    const { user } = openFips({ 'floating-ip': { create } });
    await user.click(await screen.findByRole('button', { name: 'Allocate IP To Project' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Allocate IP To Project' });
    const submit = within(dialog).getByRole('button', { name: 'Allocate IP' }) as HTMLButtonElement;
    // As Horizon's pool list, which has no empty choice: the first pool is chosen.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Pool/ }).textContent).toBe('public'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'db');
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('Allocated Floating IP 172.24.4.30.');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ data: { pool_id: 'net-public', description: 'db' } }));
  });

  it("associates an unassociated address with one of its targets, as '<port>_<ip>', and shows Neutron's refusal in its words", async () => {
    const targets = vi.fn(() => [{ id: 'port-db_10.0.0.7', name: 'db-port: 10.0.0.7' }]);
    const update = vi.fn(() => {
      throw Object.assign(new Error('Not Found'), { status: 404, body: 'External network net-public is not reachable from subnet s-1. Therefore, cannot associate Port port-db with a Floating IP.' });
    });
    const { user } = openFips({ 'floating-ip': { update }, 'floating-ip-target': { getList: targets } });
    await user.click(await screen.findByRole('button', { name: 'Actions for 172.24.4.20' }, { timeout: 5000 }));
    expect(screen.queryByRole('menuitem', { name: 'Associate' })).toBeNull(); // already mapped
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for 172.24.4.10' }));
    expect(screen.queryByRole('menuitem', { name: 'Disassociate' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Associate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Associate' });
    await user.click(within(dialog).getByRole('combobox', { name: /Port to be associated/ }));
    await user.click(await screen.findByRole('option', { name: 'db-port: 10.0.0.7' }));
    expect(targets).toHaveBeenCalledWith(expect.objectContaining({ filter: { floating_ip_id: 'fip-172.24.4.10' } }));
    await user.click(within(dialog).getByRole('button', { name: 'Associate' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent).join('\n')).toContain(
        'Unable to associate IP address 172.24.4.10: External network net-public is not reachable from subnet s-1. Therefore, cannot associate Port port-db with a Floating IP.',
      ),
    );
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: 'fip-172.24.4.10', data: { port_id: 'port-db_10.0.0.7' } }));
  });

  it("says 'No ports available' when no port can be associated", async () => {
    const { user } = openFips();
    await user.click(await screen.findByRole('button', { name: 'Actions for 172.24.4.10' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Associate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Associate' });
    await user.click(within(dialog).getByRole('combobox', { name: /Port to be associated/ }));
    expect(await screen.findByRole('option', { name: 'No ports available' })).toBeTruthy();
  });

  it('disassociates after a confirmation', async () => {
    const call = vi.fn();
    const { user } = openFips({ 'floating-ip': { call } });
    await user.click(await screen.findByRole('button', { name: 'Actions for 172.24.4.20' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disassociate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Disassociate' });
    await user.click(within(confirm).getByRole('button', { name: 'Disassociate' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Successfully disassociated Floating IP: 172.24.4.20');
    expect(call).toHaveBeenCalledWith({ id: 'fip-172.24.4.20', name: 'disassociate' });
  });

  it("releases the checked addresses: 'Confirm Release Floating IPs', 'Released Floating IPs: <ips>.'", async () => {
    const remove = vi.fn();
    const { user } = openFips({ 'floating-ip': { delete: remove } });
    const table = await screen.findByRole('table', { name: 'Floating IPs' }, { timeout: 5000 });
    await within(table).findByText('172.24.4.20');
    for (const checkbox of within(table).getAllByRole('checkbox').slice(1)) await user.click(checkbox);
    await user.click(screen.getByRole('button', { name: 'Release Floating IPs' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Release Floating IPs' });
    expect(confirm.textContent).toContain('You have selected "172.24.4.20", "172.24.4.10". Released Floating IPs are not recoverable.');
    await user.click(within(confirm).getByRole('button', { name: 'Release Floating IPs' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Released Floating IPs: 172.24.4.20, 172.24.4.10.');
    expect(remove).toHaveBeenCalledTimes(2);
  });
});
