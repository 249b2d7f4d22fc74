import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../support/fake-api';

/**
 * Spec 3 §6 for the backup panels: every action is offered whatever the
 * policy says, only the item conditions of §4.3 hold it back (Edit and Run
 * for backup jobs, plan delete with an id, backup delete and detach with a
 * disk id); terminate always; every column shows. The policy here refuses
 * every rule, so an action or column gated by one would be missing.
 */
const SLOW = 60_000;
const refuseEverything = () => false;

const plan = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name: id,
  description: '',
  enable: true,
  job_type: 'backup',
  schedule: { type: 1, hour: 0, minute: 0, weekday: 1 },
  rotation_points: 10,
  vms: [],
  volumes: ['vol-1'],
  poolAlias: 'default',
  next_run: null,
  ...overrides,
});

const backupItem = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name: id,
  diskId: id,
  disk_id: id,
  job: { id: 'nightly', name: 'nightly' },
  job_id: 'nightly',
  poolName: 'default',
  backup_size: 1,
  last_backup: '2026-11-26T08:01:05.000Z',
  description: '',
  bootable: false,
  volume_type: 'lvm',
  snapshots: [],
  ...overrides,
});

const headers = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((cell) => cell.textContent?.trim()).filter(Boolean);
const menuItems = async (api: ReturnType<typeof renderWithApi>, name: string) => {
  await api.user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  const items = (await screen.findAllByRole('menuitem')).map((item) => [item.textContent, item.getAttribute('aria-disabled') === 'true']);
  await api.user.keyboard('{Escape}');
  return Object.fromEntries(items);
};

describe('backup permissions (spec 3 §6)', () => {
  it('offers Create Plan and every plan action, and all the plan columns, under a policy that refuses everything', async () => {
    const api = renderWithApi({
      path: '/project/duratus_job',
      policy: refuseEverything,
      routes: { 'GET /api/baas/duratus/job/': () => ({ items: [plan('nightly')] }) },
    });
    const table = await screen.findByRole('table', { name: 'Backup plans' }, { timeout: 15_000 });
    await within(table).findByRole('link', { name: 'nightly' });
    expect(headers(table)).toEqual(['Name', 'Description', 'Enable', 'Actions']);
    expect(screen.getByRole('button', { name: 'Create Plan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Plans' })).toBeTruthy();
    expect(await menuItems(api, 'nightly')).toEqual({ Edit: false, Run: false, 'Delete Plan': false });
  }, SLOW);

  it('a job that is not a backup (a restore) is neither edited nor run from its details page, and can be deleted', async () => {
    renderWithApi({
      path: '/project/duratus_job/job/r1',
      policy: refuseEverything,
      routes: {
        'GET /api/baas/duratus/job/:id/': () => plan('r1', { name: 'restore nightly', job_type: 'restore' }),
        'GET /api/baas/duratus/job/:id/volumes': () => ({ items: [] }),
      },
    });
    await screen.findByRole('heading', { name: 'restore nightly', level: 1 }, { timeout: 15_000 });
    await screen.findByRole('button', { name: 'Delete Plan' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    // Run is the only other plan action: with it held back the actions menu has nothing to offer.
    expect(screen.queryByRole('button', { name: 'Actions for restore nightly' })).toBeNull();
  }, SLOW);

  it('offers Restore, Detach disk and Delete on a backup with a disk id; without one, no detach, Delete disabled and refused by name in a batch', async () => {
    const api = renderWithApi({
      path: '/project/duratus_backup',
      policy: refuseEverything,
      routes: { 'GET /api/baas/duratus/backup': () => ({ items: [backupItem('data-disk'), backupItem('lost', { diskId: null, disk_id: null })] }) },
    });
    const table = await screen.findByRole('table', { name: 'Backups' }, { timeout: 15_000 });
    await within(table).findByText('lost');
    expect(headers(table)).toEqual(['Expand', 'Name', 'Backup Storage', 'Backup Size', 'Last Backup', 'Actions']);
    expect(await menuItems(api, 'data-disk')).toEqual({ Restore: false, 'Detach disk': false, 'Delete Backup': false });
    expect(await menuItems(api, 'lost')).toEqual({ Restore: false, 'Delete Backup': true });
    await api.user.click(screen.getByRole('checkbox', { name: 'Select lost' }));
    await api.user.click(screen.getByRole('button', { name: 'Delete Backups' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The following backup cannot be deleted: lost.');
    expect(api.calls('DELETE')).toEqual([]);
  }, SLOW);

  it('offers Terminate on every running task, row and batch, and every task column, under a policy that refuses everything', async () => {
    const api = renderWithApi({
      path: '/project/duratus_job?tab=tasks',
      policy: refuseEverything,
      routes: {
        'GET /api/baas/duratus/task/': () => ({
          items: [{ id: 't1', name: 'nightly', job: { id: 'nightly', name: 'nightly' }, status: 'waiting', jobType: 'backup', startDate: '2026-11-26T08:00:00.000Z', finishDate: null, diskId: 'vol-1', disk_name: 'data-a' }],
          total: 1,
        }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Running Tasks' }, { timeout: 15_000 });
    await within(table).findByRole('link', { name: 'nightly' });
    expect(headers(table)).toEqual(['Plan Name', 'Status', 'Job Type', 'Started At', 'Volume', 'Actions']);
    expect(screen.getByRole('button', { name: 'Terminate tasks' })).toBeTruthy();
    expect(await menuItems(api, 'nightly')).toEqual({ 'Terminate tasks': false });
  }, SLOW);
  it('offers Create Template, Delete Templates, Edit and Delete on the notification templates, and both their columns, under a policy that refuses everything', async () => {
    const template = { driver: { name: 'email', recipient: 'ops@example.org' }, enabled: true, events: ['task_completed'], conditions: { postponedSending: false, sendTimeFrom: null, sendTimeTo: null, sendWeekDays: '1111111' } };
    const api = renderWithApi({
      path: '/project/duratus_notifications',
      policy: refuseEverything,
      routes: { 'GET /api/baas/duratus/notifications/': () => ({ items: [template] }) },
    });
    const table = await screen.findByRole('table', { name: 'Notifications' }, { timeout: 15_000 });
    await within(table).findByText('ops@example.org');
    expect(headers(table)).toEqual(['Expand', 'Email', 'Enable', 'Actions']);
    expect(screen.getByRole('button', { name: 'Create Template' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Templates' })).toBeTruthy();
    expect(await menuItems(api, 'ops@example.org')).toEqual({ Edit: false, 'Delete Template': false });
  }, SLOW);
});
