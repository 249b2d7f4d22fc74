import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { renderWithApi } from '../support/fake-api';

/**
 * The tabs of project/duratus_job beyond the plans (spec 3 §2.5, §3.3,
 * §8.3, §9.3) and a plan's details page, through the real data provider.
 */
const SLOW = 60_000;

const task = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  name: 'nightly',
  job: { id: 'plan-1', name: 'nightly' },
  status: 'runned',
  jobType: 'backup',
  startDate: '2026-11-26T08:00:00.000Z',
  finishDate: null,
  diskId: 'vol-a',
  disk_name: 'data-a',
  message: null,
  ...overrides,
});

describe('Running Tasks (spec 3 §2.5, §8.3)', () => {
  it('is chosen by ?tab=tasks, links the plan and the volume, and terminates a task with DELETE task/{id}/ after its confirmation', async () => {
    let tasks = [task('t1')];
    const api = renderWithApi({
      path: '/project/duratus_job?tab=tasks',
      routes: {
        'GET /api/baas/duratus/task/': () => ({ items: tasks, total: tasks.length }),
        'DELETE /api/baas/duratus/task/:id/': (_request, { id }) => {
          tasks = tasks.filter((item) => item.id !== id);
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Running Tasks' }, { timeout: 15_000 });
    expect(screen.getByRole('tab', { name: 'Running Tasks' }).getAttribute('aria-selected')).toBe('true');
    const plan = await within(table).findByRole('link', { name: 'nightly' });
    expect(plan.getAttribute('href')).toBe('/project/duratus_job/job/plan-1');
    expect(within(table).getByRole('link', { name: 'data-a' }).getAttribute('href')).toBe('/project/volumes/vol-a');
    expect(within(table).getByText('Running')).toBeTruthy();
    await api.user.click(screen.getByRole('button', { name: 'Actions for nightly' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Terminate tasks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Terminate tasks' });
    expect(dialog.textContent).toContain('Terminated tasks are not recoverable.');
    await api.user.click(within(dialog).getByRole('button', { name: 'Terminate tasks' }));
    await waitFor(() => expect(api.calls('DELETE')).toEqual(['/api/baas/duratus/task/t1/']));
    expect((await screen.findByRole('alert')).textContent).toContain('Terminated tasks: nightly.');
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'nightly' })).toBeNull());
  }, SLOW);
});

describe('Task History (spec 3 §9.3)', () => {
  const history = (api: ReturnType<typeof renderWithApi>) => api.requests.filter((request) => request.path === '/api/baas/duratus/task-history/');

  it('asks the server for a page with start, number and the newest finish first, shows the page count and (None) for no finish date, and searches on the server', async () => {
    const api = renderWithApi({
      path: '/project/duratus_job?tab=task-history',
      routes: {
        'GET /api/baas/duratus/task/': () => ({ items: [], total: 0 }),
        'GET /api/baas/duratus/task-history/': (request) => {
          const search = request.query.get('search');
          const items = search ? [task('h2', { name: 'weekly', job: { id: 'plan-2', name: 'weekly' }, status: 'problem' })] : [task('h1', { status: 'completed', finishDate: '2026-11-26T08:01:00.000Z' }), task('h0', { status: 'terminated' })];
          return { data: { items, total: search ? 1 : 45 } };
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Task History' }, { timeout: 15_000 });
    await within(table).findByText('Completed');
    expect(within(table).getByText('(None)')).toBeTruthy();
    expect(Object.fromEntries(history(api)[0].query)).toEqual({ start: '0', number: '20', sort: '-finishDate' });
    // 45 tasks at 20 a page: ceil(45/20) = 3 pages, the next asked for from start 20.
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    await api.user.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(history(api).some((request) => request.query.get('start') === '20')).toBe(true));
    await screen.findByText('Page 2 of 3');
    await api.user.type(screen.getByRole('textbox', { name: 'Search' }), 'Search: weekly{Enter}');
    await within(table).findByText('Problem');
    expect(Object.fromEntries(history(api).at(-1)!.query)).toMatchObject({ start: '0', search: 'weekly' });
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  }, SLOW);

  it('sorts on the server: a header click asks for that column from the first page, and the rows keep the order the server gave', async () => {
    const api = renderWithApi({
      path: '/project/duratus_job?tab=task-history',
      routes: {
        'GET /api/baas/duratus/task/': () => ({ items: [], total: 0 }),
        'GET /api/baas/duratus/task-history/': (request) => {
          // The server's order, whatever the column: 'b-plan' before 'a-plan' proves the table does not sort the page again.
          const items = [task('h1', { job: { id: 'p-b', name: 'b-plan' }, status: 'completed' }), task('h2', { job: { id: 'p-a', name: 'a-plan' }, status: 'completed' })];
          return { data: { items: request.query.get('start') === '0' ? items : [], total: 45 } };
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Task History' }, { timeout: 15_000 });
    await within(table).findByRole('link', { name: 'b-plan' });
    await api.user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByText('Page 2 of 3');
    await api.user.click(within(table).getByRole('button', { name: 'Plan Name' }));
    await waitFor(() => expect(Object.fromEntries(history(api).at(-1)!.query)).toEqual({ start: '0', number: '20', sort: 'job_name' }));
    await screen.findByText('Page 1 of 3');
    await within(table).findByRole('link', { name: 'b-plan' });
    expect(within(table).getAllByRole('link').map((link) => link.textContent).filter((name) => name?.endsWith('-plan'))).toEqual(['b-plan', 'a-plan']);
    await api.user.click(within(table).getByRole('button', { name: 'Plan Name' }));
    await waitFor(() => expect(history(api).at(-1)!.query.get('sort')).toBe('-job_name'));
  }, SLOW);

  it('while a task runs, is asked again until the task has ended and shows it completed without a reload', async () => {
    let running = [task('t1')];
    let ended: ReturnType<typeof task>[] = [];
    const api = renderWithApi({
      path: '/project/duratus_job?tab=task-history',
      settings: { ...DEFAULT_SETTINGS, AJAX_POLL_INTERVAL: 200 },
      routes: {
        'GET /api/baas/duratus/task/': () => ({ items: running, total: running.length }),
        'GET /api/baas/duratus/task-history/': () => ({ data: { items: ended, total: ended.length } }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Task History' }, { timeout: 15_000 });
    await waitFor(() => expect(history(api).length).toBeGreaterThan(0));
    await within(table).findByText('No items to display.');
    // The task ends: it leaves GET task/ and joins the history.
    ended = [task('t1', { status: 'completed', finishDate: '2026-11-26T08:01:00.000Z' })];
    running = [];
    await within(table).findByText('Completed', undefined, { timeout: 10_000 });
  }, SLOW);
});

describe('plan details (spec 3 §2.5, §3.3)', () => {
  it('is reached at project/duratus_job/job/{id}, lists the plan volumes (one gone from Cinder as Not Found), and after Run shows the plan list', async () => {
    const api = renderWithApi({
      path: '/project/duratus_job/job/plan-1',
      routes: {
        'GET /api/baas/duratus/job/:id/': () => ({
          id: 'plan-1',
          name: 'nightly',
          description: 'every night',
          enable: true,
          job_type: 'backup',
          schedule: { type: 2, hour: 1, minute: 5, weekday: 0 },
          rotation_points: 7,
          vms: [],
          volumes: ['vol-a', 'vol-gone'],
          poolAlias: 'default',
          next_run: null,
        }),
        'GET /api/baas/duratus/job/': () => ({ items: [] }),
        'POST /api/baas/duratus/job/:id/': () => ({ items: [] }),
        'GET /api/baas/duratus/job/:id/volumes': () => ({
          items: [
            { id: 'vol-a', name: 'data-a', description: 'x'.repeat(60), size: 1, status: 'available', not_exist: false },
            { id: 'vol-gone', name: '', description: '', size: null, status: null, not_exist: true },
          ],
        }),
      },
    });
    await screen.findByRole('heading', { name: 'nightly', level: 1 }, { timeout: 15_000 });
    expect(screen.getByText('Weekly on Sunday at 01:05')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Volumes' });
    expect((await within(table).findByRole('link', { name: 'data-a' })).getAttribute('href')).toBe('/project/volumes/vol-a');
    expect(within(table).getByText('Not Found')).toBeTruthy();
    expect(within(table).getByText(`${'x'.repeat(50)}...`)).toBeTruthy();
    // Spec 3 §4.3: after a plan's action from elsewhere than the list, the list.
    await api.user.click(screen.getByRole('button', { name: 'Actions for nightly' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Run' }));
    await waitFor(() => expect(api.calls('POST')).toContain('/api/baas/duratus/job/plan-1/'));
    await screen.findByRole('table', { name: 'Backup plans' }, { timeout: 15_000 });
  }, SLOW);
});
