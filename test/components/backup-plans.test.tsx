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
    expect((await screen.findByRole('alert')).textContent).toContain('Started job: weekly');
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
