import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { snapshotRecord, volumeRecord } from '../../dataProviders/cinder';
import { signedInBackend } from '../support/fake-backend';
import { makeCatalog } from '../support/records';
import { renderApp } from '../support/render-app';

const catalog = makeCatalog(['identity', 'compute', 'volumev3']);
const volumes = new Map([['v-data', 'data']]);

function makeSnapshot(overrides: Record<string, unknown> = {}) {
  const name = (overrides.name as string | undefined) ?? 'snap';
  return snapshotRecord({ id: `s-${name}`, name, description: '', size: 1, status: 'available', volume_id: 'v-data', metadata: {}, ...overrides }, volumes);
}

describe('Volume Snapshots panel (spec 2 §3)', { timeout: 30_000 }, () => {
  it('lists Name, Description, Size, Status and Volume Name, sorted by name', async () => {
    const getList = () => [makeSnapshot({ name: 'nightly', description: 'every night', size: 2 }), makeSnapshot({ name: 'before-upgrade', status: 'creating' })];
    renderApp({ backend: signedInBackend({ catalog, resources: { 'volume-snapshot': { getList } } }), path: '/project/snapshots' });
    const table = await screen.findByRole('table', { name: 'Snapshots' }, { timeout: 5000 });
    await within(table).findByRole('link', { name: 'nightly' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Name', 'Description', 'Size', 'Status', 'Volume Name', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['before-upgrade', 'nightly']);
    expect(within(rows[1]).getByText('data')).toBeTruthy();
    expect(within(rows[1]).getByText('every night')).toBeTruthy();
  });

  it("deletes with 'Confirm Delete Volume Snapshot' and toasts 'Deleted Volume Snapshot: <name>.'", async () => {
    let current = [makeSnapshot({ name: 's1' })];
    const remove = vi.fn(async ({ id }: { id: string }) => {
      current = current.filter((item) => item.id !== id);
    });
    const { user } = renderApp({ backend: signedInBackend({ catalog, resources: { 'volume-snapshot': { getList: () => current, delete: remove } } }), path: '/project/snapshots' });
    await screen.findByRole('link', { name: 's1' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Actions for s1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Volume Snapshot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Volume Snapshot' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Volume Snapshot' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Deleted Volume Snapshot: s1.');
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ id: 's-s1' }));
  });
});

describe("a volume row's Create Snapshot", { timeout: 30_000 }, () => {
  it('asks for a snapshot name and creates a snapshot of that volume', async () => {
    const volume = volumeRecord({ id: 'v-data', name: 'data', size: 1, status: 'available', bootable: 'false', attachments: [] });
    const create = vi.fn(({ data }) => makeSnapshot({ ...data, id: 's-new', status: 'creating' }));
    const { user } = renderApp({ backend: signedInBackend({ catalog, resources: { volume: { getList: () => [volume] }, 'volume-snapshot': { getList: () => [], create } } }), path: '/project/volumes' });
    await screen.findByRole('link', { name: 'data' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Actions for data' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create Snapshot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Snapshot' });
    const submit = within(dialog).getByRole('button', { name: 'Create Volume Snapshot' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Snapshot Name' }), 'nightly');
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('Creating volume snapshot "nightly".');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ data: { volume_id: 'v-data', name: 'nightly', description: '' } }));
  });
});
