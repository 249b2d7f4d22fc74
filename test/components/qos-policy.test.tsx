import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeCatalog } from '../support/records';
import { renderApp } from '../support/render-app';

const catalog = makeCatalog(['identity', 'compute', 'network']);

function makePolicy(overrides: Record<string, unknown> = {}) {
  const name = (overrides.name as string | undefined) ?? 'policy';
  return { id: `qos-${name}`, name, description: '', shared: false, tenant_id: 'p-demo', project_id: 'p-demo', rules: [], ...overrides };
}

// Typing into modals and the first lazy page load take a while on a loaded two-core machine.
describe('QoS policy list (spec 2 §2, §3)', { timeout: 30_000 }, () => {
  it('lists Name, Description and Shared, sorted by name, the name a link to the details', async () => {
    const getList = () => [makePolicy({ name: 'silver', description: 'slow lane' }), makePolicy({ name: 'gold', description: 'fast lane', shared: true })];
    renderApp({ backend: signedInBackend({ catalog, resources: { 'qos-policy': { getList } } }), path: '/project/network_qos' });
    expect(await screen.findByRole('heading', { name: 'Network QoS', level: 1 }, { timeout: 5000 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Network QoS' });
    await within(table).findByRole('link', { name: 'gold' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Name', 'Description', 'Shared', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['gold', 'silver']);
    expect(within(rows[0]).getByText('fast lane')).toBeTruthy();
    expect(within(rows[0]).getByText('Yes')).toBeTruthy();
    expect(within(rows[1]).getByText('No')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Network QoS' })).toBeTruthy();
  });

  it('hides the panel without a network service in the catalog', async () => {
    renderApp({ backend: signedInBackend({ catalog: makeCatalog(['identity', 'compute']), resources: { 'qos-policy': { getList: () => [] }, keypair: { getList: () => [] } } }), path: '/project/key_pairs' });
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'Network QoS' })).toBeNull();
  });

  it("creates a policy with name, description and shared, and toasts 'QoS Policy <name> was successfully created.'", async () => {
    const create = vi.fn(({ data }) => makePolicy({ ...data, id: 'qos-new' }));
    const { user } = renderApp({ backend: signedInBackend({ catalog, resources: { 'qos-policy': { getList: () => [makePolicy({ name: 'existing' })], create } } }), path: '/project/network_qos' });
    await screen.findByRole('link', { name: 'existing' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Create QoS Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create QoS Policy' });
    const submit = () => within(dialog).getByRole('button', { name: 'Create QoS Policy' }) as HTMLButtonElement;
    expect(submit().disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'bronze');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'best effort');
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('QoS Policy bronze was successfully created.');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ data: expect.objectContaining({ name: 'bronze', description: 'best effort', shared: false }) }));
  });

  it('refuses a description over 255 characters with the spec’s message', async () => {
    const { user } = renderApp({ backend: signedInBackend({ catalog, resources: { 'qos-policy': { getList: () => [makePolicy({ name: 'existing' })] } } }), path: '/project/network_qos' });
    await screen.findByRole('link', { name: 'existing' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Create QoS Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create QoS Policy' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'long');
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.click(description);
    await user.paste('x'.repeat(256));
    expect(await within(dialog).findByText('Ensure this value has at most 255 characters.')).toBeTruthy();
  });

  it('offers neither Create QoS Policy nor Delete when Neutron policy refuses them (a member)', async () => {
    const policy = (rules: [string, string][]) => !rules.some(([scope, action]) => scope === 'network' && (action === 'create_qos_policy' || action === 'delete_qos_policy'));
    renderApp({ backend: signedInBackend({ catalog, policy, resources: { 'qos-policy': { getList: () => [makePolicy({ name: 'gold' })] } } }), path: '/project/network_qos' });
    await screen.findByRole('link', { name: 'gold' }, { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Create QoS Policy' })).toBeNull());
    // Delete is the row's only action: without it the row has no actions menu.
    expect(screen.queryByRole('button', { name: 'Actions for gold' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete QoS Policies' })).toBeNull();
  });

  it("deletes with 'Confirm Delete QoS Policy' and toasts 'Deleted QoS Policy: <name>.'", async () => {
    let current = [makePolicy({ name: 'p1' }), makePolicy({ name: 'p2' })];
    const remove = vi.fn(async ({ id }: { id: string }) => {
      current = current.filter((item) => item.id !== id);
    });
    const { user } = renderApp({ backend: signedInBackend({ catalog, resources: { 'qos-policy': { getList: () => current, delete: remove } } }), path: '/project/network_qos' });
    await screen.findByRole('link', { name: 'p1' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Actions for p1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete QoS Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete QoS Policy' });
    expect(within(dialog).getByText('You have selected "p1". Deleted QoS Policy is not recoverable.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete QoS Policy' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Deleted QoS Policy: p1.');
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ id: 'qos-p1' }));
  });
});

describe('QoS policy overview (spec 2 §2)', { timeout: 30_000 }, () => {
  it('shows the rules table: Rule ID, Type, Direction, Max Kbps, Max Burst Kbits, Min Kbps, DSCP Mark', async () => {
    const policy = makePolicy({
      id: 'qos1',
      name: 'gold',
      rules: [
        { id: 'r1', type: 'bandwidth_limit', direction: 'egress', max_kbps: 10000, max_burst_kbps: 1000, qos_policy_id: 'qos1' },
        { id: 'r2', type: 'dscp_marking', dscp_mark: 26, qos_policy_id: 'qos1' },
      ],
    });
    renderApp({ backend: signedInBackend({ catalog, resources: { 'qos-policy': { getOne: () => policy } } }), path: '/project/network_qos/qos1' });
    expect(await screen.findByRole('heading', { name: 'gold', level: 1 }, { timeout: 5000 })).toBeTruthy();
    const rules = screen.getByRole('table', { name: 'Rules' });
    expect(within(rules).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Rule ID', 'Type', 'Direction', 'Max Kbps', 'Max Burst Kbits', 'Min Kbps', 'DSCP Mark']);
    const rows = within(rules).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['r1', 'bandwidth_limit', 'egress', '10000', '1000', '-', '-'],
      ['r2', 'dscp_marking', '-', '-', '-', '-', '26'],
    ]);
  });
});
