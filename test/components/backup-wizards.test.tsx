import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../support/contract';
import { renderWithApi } from '../support/fake-api';

/**
 * The backup panel's wizards (spec 3 §2.5, §3.3, §5.3, §9.3) through the real
 * data provider: the body the browser sends to /api/baas/duratus/* for each
 * choice that changes it, and the spec's messages that hold a step.
 */
const VOLUMES = [
  { id: 'vol-a', name: 'data-a', size: 1, status: 'available', attachments: [], metadata: {}, bootable: 'false' },
  { id: 'vol-b', name: 'data-b', size: 2, status: 'in-use', attachments: [], metadata: {}, bootable: 'false' },
  { id: 'vol-c', name: 'broken', size: 1, status: 'error', attachments: [], metadata: {}, bootable: 'false' },
];

/** A wizard walks several steps, each a few renders of rjsf; slow on a loaded two-core machine. */
const SLOW = 90_000;

// The wizard's chunk (rjsf, ajv) loads lazily; the first load takes long on a loaded machine, so it is loaded once here.
beforeAll(async () => {
  await Promise.all([import('../../src/wizard/SchemaWizard'), import('../../src/forms/form-schema')]);
}, SLOW);

const plan = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name: id,
  description: '',
  enable: true,
  job_type: 'backup',
  schedule: { type: 1, hour: 0, minute: 0, weekday: 1 },
  rotation_points: 10,
  vms: [],
  volumes: ['vol-a'],
  poolAlias: 'default',
  poolsAliases: ['default'],
  next_run: null,
  ...overrides,
});

function openPlans(plans = [plan('weekly', { schedule: { type: 2, hour: 3, minute: 5, weekday: 5 }, poolAlias: 'gold' })], path = '/project/duratus_job') {
  return renderWithApi({
    path,
    routes: {
      'GET /api/baas/duratus/job/': () => ({ items: plans }),
      'GET /api/baas/duratus/job/:id/': (_request: unknown, { id }: Record<string, string>) => plans.find((item) => item.id === id),
      'GET /api/baas/duratus/job/:id/volumes': () => ({ items: [{ id: 'vol-a', name: 'data-a', description: '', size: 1, status: 'available', not_exist: false }] }),
      'GET /api/cinder/volumes/': () => ({ items: VOLUMES, has_more_data: false, has_prev_data: false }),
      // The instance and volume lists the Vms/Disks step offers name flavors and snapshots too.
      'GET /api/nova/flavors/': () => ({ items: [] }),
      'GET /api/cinder/volumesnapshots/': () => ({ items: [] }),
      'GET /api/nova/servers/': () => ({ items: [{ id: 'srv-1', name: 'web', status: 'ACTIVE', addresses: {}, flavor: {}, image: {} }], has_more_data: false, has_prev_data: false }),
      'GET /api/baas/duratus/list_pools': () => ({
        backupQuotes: [{ pool: { id: '1', alias: 'default', visible: true } }, { pool: { id: '2', alias: 'gold', visible: true } }, { pool: { id: '3', alias: 'hidden', visible: false } }],
      }),
      'POST /api/baas/duratus/job/': (request: { body: unknown }) => ({ id: 'new', job_type: 'backup', ...(request.body as object) }),
      'PUT /api/baas/duratus/job/:id': (request: { body: unknown }, { id }: Record<string, string>) => {
        const saved = { ...plan(id), ...(request.body as object) };
        plans.splice(plans.findIndex((item) => item.id === id), 1, saved);
        return saved;
      },
    },
  });
}

async function next(dialog: HTMLElement, api: ReturnType<typeof renderWithApi>) {
  await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
}

async function choose(dialog: HTMLElement, api: ReturnType<typeof renderWithApi>, label: string, option: string) {
  await api.user.click(within(dialog).getByRole('combobox', { name: label }));
  await api.user.click(await screen.findByRole('option', { name: option }));
}

describe('the plan wizard (spec 3 §2.5, §5.3, §9.3)', () => {
  it('creates a daily plan of one disk with the defaults: enabled, 00:00, weekday 1, 10 rotation points', async () => {
    const api = openPlans([]);
    await api.user.click(await screen.findByRole('button', { name: 'Create Plan' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Plan' }, { timeout: 30_000 });
    // General: the name is required.
    await next(dialog, api);
    expect((await within(dialog).findAllByText('The name is required.')).length).toBeGreaterThan(0);
    await api.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'nightly');
    await next(dialog, api);
    // Vms/Disks: only volumes available or in use are offered; at least one disk.
    await within(dialog).findByRole('button', { name: 'Allocate data-a (1 GiB)' });
    expect(within(dialog).queryByRole('button', { name: /Allocate broken/ })).toBeNull();
    await next(dialog, api);
    expect((await within(dialog).findAllByText('You must select at least one disk')).length).toBeGreaterThan(0);
    await api.user.click(within(dialog).getByRole('button', { name: 'Allocate data-a (1 GiB)' }));
    await next(dialog, api);
    // Schedule: defaults, then the Summary.
    expect((within(dialog).getByRole('spinbutton', { name: 'Rotation Points' }) as HTMLInputElement).value).toBe('10');
    expect(within(dialog).queryByRole('combobox', { name: 'Weekday' })).toBeNull();
    await next(dialog, api);
    const summary = await within(dialog).findByRole('table', { name: 'Summary' });
    expect(within(summary).getByText('Daily at 00:00')).toBeTruthy();
    await api.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('POST', '/api/baas/duratus/job/')).toHaveLength(1));
    const [body] = api.sent('POST', '/api/baas/duratus/job/');
    expectContract(body, 'backup-plan.schema.json#/$defs/plan');
    expect(body).toEqual({
      name: 'nightly',
      description: '',
      enable: true,
      job_type: 'backup',
      schedule: { type: 1, hour: 0, minute: 0, weekday: 1 },
      rotation_points: 10,
      vms: [],
      volumes: ['vol-a'],
      poolAlias: 'default',
    });
    expect((await screen.findByRole('alert')).textContent).toContain("Job 'nightly' was successfully created.");
  }, SLOW);

  it('sends a weekly schedule with its weekday, hour, minute and rotation points, the chosen instances and storage pool', async () => {
    const api = openPlans([]);
    await api.user.click(await screen.findByRole('button', { name: 'Create Plan' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Plan' }, { timeout: 30_000 });
    await api.user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'weekly web');
    await api.user.click(within(dialog).getByRole('checkbox', { name: 'Enable' }));
    // The visible pools only (list_pools), the first chosen at first.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /Backup Storage/ }).textContent).toBe('default'));
    await api.user.click(within(dialog).getByRole('combobox', { name: /Backup Storage/ }));
    expect(screen.queryByRole('option', { name: 'hidden' })).toBeNull();
    await api.user.click(await screen.findByRole('option', { name: 'gold' }));
    await next(dialog, api);
    await api.user.click(await within(dialog).findByRole('button', { name: 'Allocate web' }));
    await next(dialog, api);
    await choose(dialog, api, 'Schedule', 'Weekly');
    await choose(dialog, api, 'Weekday', 'Saturday');
    await choose(dialog, api, 'Hour', '02');
    await choose(dialog, api, 'Minute', '30');
    const points = within(dialog).getByRole('spinbutton', { name: 'Rotation Points' });
    fireEvent.change(points, { target: { value: '31' } });
    await next(dialog, api);
    expect((await within(dialog).findAllByText('The point count must not be more then 30')).length).toBeGreaterThan(0);
    fireEvent.change(points, { target: { value: '5' } });
    await next(dialog, api);
    expect(within(await within(dialog).findByRole('table', { name: 'Summary' })).getByText('Weekly on Saturday at 02:30')).toBeTruthy();
    await api.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('POST', '/api/baas/duratus/job/')).toHaveLength(1));
    expect(api.sent('POST', '/api/baas/duratus/job/')[0]).toMatchObject({
      name: 'weekly web',
      enable: false,
      schedule: { type: 2, hour: 2, minute: 30, weekday: 6 },
      rotation_points: 5,
      vms: ['srv-1'],
      volumes: [],
      poolAlias: 'gold',
    });
  }, SLOW);

  it('edits a plan with PUT job/{id}, prefilled from it, keeping its pool', async () => {
    const api = openPlans();
    const table = await screen.findByRole('table', { name: 'Backup plans' }, { timeout: 15_000 });
    await within(table).findByText('weekly');
    await api.user.click(screen.getByRole('button', { name: 'Actions for weekly' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Plan' }, { timeout: 30_000 });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('weekly');
    await api.user.type(name, '-2');
    await next(dialog, api);
    await within(dialog).findByRole('button', { name: 'Remove data-a (1 GiB)' });
    await api.user.click(within(dialog).getByRole('button', { name: 'Allocate data-b (2 GiB)' }));
    await next(dialog, api);
    await next(dialog, api);
    await api.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/api/baas/duratus/job/weekly')).toHaveLength(1));
    expect(api.sent('PUT', '/api/baas/duratus/job/weekly')[0]).toEqual({
      name: 'weekly-2',
      description: '',
      enable: true,
      job_type: 'backup',
      schedule: { type: 2, hour: 3, minute: 5, weekday: 5 },
      rotation_points: 10,
      vms: [],
      volumes: ['vol-a', 'vol-b'],
      poolAlias: 'gold',
    });
    expect((await screen.findByRole('alert')).textContent).toContain("Job 'weekly-2' was successfully updated.");
  }, SLOW);
  it('edits a plan from its details page as from the list: the wizard prefilled from it, PUT job/{id}, then the plan list with the new name (spec 3 §4.3)', async () => {
    const api = openPlans([plan('weekly', { description: 'old', rotation_points: 4 })], '/project/duratus_job/job/weekly');
    await screen.findByRole('heading', { name: 'weekly', level: 1 }, { timeout: 15_000 });
    await api.user.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Plan' }, { timeout: 30_000 });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('weekly');
    await api.user.clear(name);
    await api.user.type(name, 'monthly');
    await next(dialog, api);
    await within(dialog).findByRole('button', { name: 'Remove data-a (1 GiB)' });
    await next(dialog, api);
    expect((within(dialog).getByRole('spinbutton', { name: 'Rotation Points' }) as HTMLInputElement).value).toBe('4');
    await next(dialog, api);
    await api.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/api/baas/duratus/job/weekly')).toHaveLength(1));
    expect(api.sent('PUT', '/api/baas/duratus/job/weekly')[0]).toMatchObject({ name: 'monthly', description: 'old', rotation_points: 4, volumes: ['vol-a'] });
    expect((await screen.findByRole('alert')).textContent).toContain("Job 'monthly' was successfully updated.");
    const table = await screen.findByRole('table', { name: 'Backup plans' }, { timeout: 15_000 });
    await within(table).findByRole('link', { name: 'monthly' });
  }, SLOW);
});
