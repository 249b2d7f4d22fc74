import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../support/contract';
import { renderWithApi } from '../support/fake-api';

/**
 * Notification templates (spec 3 §3.3, §4.3, §5.3) and the restore wizard
 * (spec 3 §3.3, §4.3, §5.3): the bodies the browser sends and the messages
 * that hold a step.
 */
const SLOW = 90_000;

// The wizard's chunk (rjsf, ajv) loads lazily; the first load takes long on a loaded machine, so it is loaded once here.
beforeAll(async () => {
  await Promise.all([import('../../src/wizard/SchemaWizard'), import('../../src/forms/form-schema')]);
}, SLOW);

const template = (recipient: string, overrides: Record<string, unknown> = {}) => ({
  driver: { name: 'email', recipient },
  enabled: true,
  events: ['task_error'],
  conditions: { postponedSending: false, sendTimeFrom: 8, sendTimeTo: 18, sendWeekDays: '1111100' },
  ...overrides,
});

function openTemplates(start = [template('ops@example.org')]) {
  let saved = start;
  const api = renderWithApi({
    path: '/project/duratus_notifications',
    routes: {
      'GET /api/baas/duratus/notifications/': () => ({ items: saved }),
      'PUT /api/baas/duratus/notifications/': (request) => {
        saved = request.body as typeof saved;
        return { items: saved };
      },
    },
  });
  return api;
}

describe('notification templates (spec 3 §3.3, §4.3, §5.3)', () => {
  it('creates a template: the whole list is PUT, the full day as null, null and the week days as a mask from Monday', async () => {
    const api = openTemplates();
    await api.user.click(await screen.findByRole('button', { name: 'Create Template' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Template' }, { timeout: 30_000 });
    await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect((await within(dialog).findAllByText('The email is required.')).length).toBeGreaterThan(0);
    await api.user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'me@example.org');
    await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect((await within(dialog).findAllByText('Please select at least on type.')).length).toBeGreaterThan(0);
    await api.user.click(within(dialog).getByRole('checkbox', { name: 'Task completed' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    // Schedule: from 0 to 23 by default; Monday and Sunday chosen.
    await api.user.click(await within(dialog).findByRole('checkbox', { name: 'Monday' }));
    await api.user.click(within(dialog).getByRole('checkbox', { name: 'Sunday' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/api/baas/duratus/notifications/')).toHaveLength(1));
    const [body] = api.sent('PUT', '/api/baas/duratus/notifications/');
    expectContract(body, 'backup-plan.schema.json#/$defs/notifications');
    expect(body).toEqual([
      template('ops@example.org'),
      {
        driver: { name: 'email', recipient: 'me@example.org' },
        enabled: false,
        events: ['task_completed'],
        conditions: { postponedSending: false, sendTimeFrom: null, sendTimeTo: null, sendWeekDays: '1000001' },
      },
    ]);
  }, SLOW);

  it('edits a template prefilled from it (its hours as numbers) and deletes another by content, not by place', async () => {
    const api = openTemplates([template('a@example.org'), template('b@example.org', { conditions: { postponedSending: true, sendTimeFrom: null, sendTimeTo: null, sendWeekDays: '0000011' } })]);
    const table = await screen.findByRole('table', { name: 'Notifications' }, { timeout: 15_000 });
    await within(table).findByText('b@example.org');
    await api.user.click(screen.getByRole('button', { name: 'Actions for b@example.org' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Template' }, { timeout: 30_000 });
    await api.user.click(within(dialog).getByRole('checkbox', { name: 'Enable' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/api/baas/duratus/notifications/')).toHaveLength(1));
    expect(api.sent('PUT', '/api/baas/duratus/notifications/')[0]).toEqual([
      template('a@example.org'),
      template('b@example.org', { enabled: false, conditions: { postponedSending: true, sendTimeFrom: null, sendTimeTo: null, sendWeekDays: '0000011' } }),
    ]);
    await api.user.click(screen.getByRole('button', { name: 'Actions for a@example.org' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Delete Template' }));
    await api.user.click(within(await screen.findByRole('dialog', { name: 'Confirm Delete Template' })).getByRole('button', { name: 'Delete Template' }));
    await waitFor(() => expect(api.sent('PUT', '/api/baas/duratus/notifications/')).toHaveLength(2));
    expect(api.sent('PUT', '/api/baas/duratus/notifications/')[1]).toEqual([
      template('b@example.org', { enabled: false, conditions: { postponedSending: true, sendTimeFrom: null, sendTimeTo: null, sendWeekDays: '0000011' } }),
    ]);
  }, SLOW);
});

describe('the restore wizard (spec 3 §3.3, §4.3, §5.3)', () => {
  const item = {
    id: 'vol-a',
    name: 'data-a',
    diskId: 'vol-a',
    disk_id: 'vol-a',
    job: { id: 'plan-1', name: 'nightly' },
    job_id: 'plan-1',
    poolName: 'default',
    backup_size: 1,
    last_backup: '2026-11-26T08:01:05.000Z',
    description: '',
    bootable: false,
    volume_type: 'lvm',
    snapshots: [],
  };
  const volumes = [
    // Grown since their backups: the sizes restored are the originals' (4 and 3 GB).
    { id: 'vol-a', name: 'data-a', description: 'first', size: 6, status: 'available', not_exist: false, bootable: true, volume_type: 'lvm', last_backup: { disk_id: 'vol-a', backup_size: 1, created_at: '2026-11-26T08:01:05.000Z', original_disk_size: 4 } },
    { id: 'vol-b', name: 'data-b', description: '', size: 6, status: 'available', not_exist: false, bootable: false, volume_type: 'lvm', last_backup: { disk_id: 'vol-b', backup_size: 1, created_at: '2026-11-26T08:01:05.000Z', original_disk_size: 3 } },
  ];

  it('holds the step until a disk is chosen and while the quota would be exceeded, then sends the chosen volume copied from the original', async () => {
    const api = renderWithApi({
      path: '/project/duratus_backup',
      routes: {
        'GET /api/baas/duratus/backup': () => ({ items: [item] }),
        'GET /api/baas/duratus/job/:id/volumes': () => ({ items: volumes }),
        'GET /api/baas/duratus/utils/quotas': () => ({ total: { max: 10, used: 4 }, types: { lvm: { max: -1, used: 4 }, fast: { max: 5, used: 0 } } }),
        'GET /api/cinder/volumetypes/': () => ({ items: [{ id: 't1', name: 'lvm' }, { id: 't2', name: 'fast' }] }),
        'POST /api/baas/duratus/job/:id/restore': (request) => ({ id: 'r1', job_type: 'restore', ...(request.body as object) }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Backups' }, { timeout: 15_000 });
    await within(table).findByText('data-a');
    await api.user.click(screen.getByRole('button', { name: 'Actions for data-a' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore' }, { timeout: 30_000 });
    expect((await within(dialog).findByRole('link', { name: 'data-b' })).getAttribute('href')).toBe('/project/volumes/vol-b');
    await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('You must select at least one disk')).toBeTruthy();
    // 4 + 3 GB more on 10 with 4 used: over what the total leaves the unlimited type.
    await api.user.click(within(dialog).getByRole('checkbox', { name: 'data-a (4 GB)' }));
    await api.user.click(within(dialog).getByRole('checkbox', { name: 'data-b (3 GB)' }));
    expect(await within(dialog).findByText("There is not enough storage space on 'lvm' to restore.")).toBeTruthy();
    await api.user.click(within(dialog).getByRole('checkbox', { name: 'data-b (3 GB)' }));
    await waitFor(() => expect(within(dialog).queryByText("There is not enough storage space on 'lvm' to restore.")).toBeNull());
    // Restored as 'fast' (max 5): 4 GB fits; the name is the original's, edited.
    expect((within(dialog).getByRole('textbox', { name: 'Restore name of data-a' }) as HTMLInputElement).value).toBe('data-a');
    await api.user.type(within(dialog).getByRole('textbox', { name: 'Restore name of data-a' }), '-copy');
    await api.user.click(within(dialog).getByRole('combobox', { name: /Volume Type/ }));
    await api.user.click(await screen.findByRole('option', { name: 'fast' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(api.sent('POST', '/api/baas/duratus/job/plan-1/restore')).toHaveLength(1));
    const [body] = api.sent('POST', '/api/baas/duratus/job/plan-1/restore');
    expectContract(body, 'backup-plan.schema.json#/$defs/restore');
    expect(body).toEqual({
      name: 'restore nightly',
      description: 'restore nightly',
      volumes: { 'vol-a': { restore_name: 'data-a-copy', restore_description: 'first', restore_bootable: true, restore_volume_type: 'fast' } },
    });
    expect((await screen.findByRole('alert')).textContent).toContain("Restore 'restore nightly' was successfully created.");
  }, SLOW);
});
