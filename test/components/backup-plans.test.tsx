import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../support/fake-api';

/**
 * The Backup plans list of project/duratus_job (spec 3 §2.5, §4.3) through the
 * real data provider: only backup jobs, descriptions cut at 50 characters,
 * Run as POST job/{id}/ and Delete as DELETE job/{id}/.
 */
const plan = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name: id,
  description: '',
  enable: true,
  job_type: 'backup',
  schedule: { type: 1, hour: 0, minute: 0, weekday: 1 },
  rotation_points: 10,
  vms: [],
  volumes: ['v1'],
  poolAlias: 'default',
  next_run: null,
  ...overrides,
});

const LONG = 'A description that is longer than fifty characters, surely.';

function open() {
  let plans = [plan('nightly', { description: LONG }), plan('weekly'), plan('restore nightly', { job_type: 'restore' })];
  return renderWithApi({
    path: '/project/duratus_job',
    routes: {
      'GET /api/baas/duratus/job/': () => ({ items: plans }),
      'POST /api/baas/duratus/job/:id/': () => ({ items: [] }),
      'DELETE /api/baas/duratus/job/:id/': (_request, { id }) => {
        plans = plans.filter((item) => item.id !== id);
      },
    },
  });
}

describe('backup plans (spec 3 §2.5)', () => {
  it('lists only backup jobs, with the description cut at 50 characters', async () => {
    open();
    // The first lazy page load of the file takes a while on a loaded two-core machine.
    const table = await screen.findByRole('table', { name: 'Backup plans' }, { timeout: 15_000 });
    await within(table).findByText('nightly');
    expect(within(table).getByText(`${LONG.slice(0, 50)}...`)).toBeTruthy();
    expect(within(table).queryByText('restore nightly')).toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('runs a plan now with POST job/{id}/', async () => {
    const api = open();
    const table = await screen.findByRole('table', { name: 'Backup plans' }, { timeout: 5000 });
    await within(table).findByText('weekly');
    await api.user.click(screen.getByRole('button', { name: 'Actions for weekly' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Run' }));
    await waitFor(() => expect(api.calls('POST')).toContain('/api/baas/duratus/job/weekly/'));
    expect((await screen.findByRole('alert')).textContent).toContain('Started job: weekly.');
  });

  it('deletes a plan with DELETE job/{id}/', async () => {
    const api = open();
    const table = await screen.findByRole('table', { name: 'Backup plans' }, { timeout: 5000 });
    await within(table).findByText('weekly');
    await api.user.click(screen.getByRole('button', { name: 'Actions for weekly' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Delete Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Plan' });
    await api.user.click(within(dialog).getByRole('button', { name: 'Delete Plan' }));
    await waitFor(() => expect(api.calls('DELETE')).toEqual(['/api/baas/duratus/job/weekly/']));
    await waitFor(() => expect(within(table).queryByText('weekly')).toBeNull());
  });
});

describe('backups (spec 3 §2.5, §9.3)', () => {
  const item = {
    id: 'vol-1',
    name: 'data-disk',
    diskId: 'vol-1',
    disk_id: 'vol-1',
    job: { id: 'nightly', name: 'nightly' },
    job_id: 'nightly',
    poolName: 'default',
    backup_size: 3,
    last_backup: '2026-11-26T08:01:05.000Z',
    description: '',
    bootable: false,
    volume_type: 'lvmdriver-1',
    snapshots: [{ id: 'b2', name: 'data-disk', original_disk_size: 1, backup_size: 1, snapshot_date: '2026-11-26T08:01:05.000Z', incremental: true }],
  };

  it('shows the backup size with two decimals in GB, and detaches a disk with DELETE detach/{job_id}/{id}/', async () => {
    const api = renderWithApi({
      path: '/project/duratus_backup',
      routes: { 'GET /api/baas/duratus/backup': () => ({ items: [item] }), 'DELETE /api/baas/duratus/detach/:job/:id/': () => undefined },
    });
    const table = await screen.findByRole('table', { name: 'Backups' }, { timeout: 15_000 });
    await within(table).findByText('data-disk');
    expect(within(table).getByText('3.00 GB')).toBeTruthy();
    expect(within(table).getByText('default')).toBeTruthy();
    await api.user.click(screen.getByRole('button', { name: 'Actions for data-disk' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Detach disk' }));
    await waitFor(() => expect(api.calls('DELETE')).toEqual(['/api/baas/duratus/detach/nightly/vol-1/']));
  });
});
