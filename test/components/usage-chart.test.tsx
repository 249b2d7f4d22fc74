import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiRoute, renderWithApi, reply } from '../support/fake-api';

const today = new Date().toISOString().slice(0, 10);
const monthStart = `${today.slice(0, 8)}01`;
const SUMMARY = { instances: 0, memory_mb: 0, vcpus: 0, vcpu_hours: 0, local_gb: 0, disk_gb_hours: 0, memory_mb_hours: 0 };

const CHART = {
  series: [{ name: 'vCPUs', unit: 'vCPUs', data: [{ x: `${today}T00:00:00Z`, y: 1 }, { x: `${today}T01:00:00Z`, y: 3 }] }],
  stats: { used: 3, average: 2, max_value: 3, tooltip_used: 'Latest: 3 vCPUs', tooltip_free: 'Below the peak of 3 vCPUs', tooltip_average: 'Average: 2 vCPUs' },
  settings: { higlight_last_point: true },
};

/** The project Overview over a fake /api whose chart route answers with `chart`. */
function openOverview(chart: ApiRoute) {
  return renderWithApi({
    path: '/project',
    routes: {
      'GET /api/nova/usage/': (request) => ({ start: request.query.get('start'), end: request.query.get('end'), project_id: 'p-demo', summary: SUMMARY, items: [] }),
      'GET /api/nova/usage/chart/': chart,
    },
  });
}

const chartSection = async () => (await screen.findByRole('heading', { name: 'Usage Over Time' }, { timeout: 20_000 })).closest('section')!;

describe('Project › Overview: the metering line and bar chart of the period', { timeout: 60_000 }, () => {
  it('draws the vCPUs in use per hour with the latest, average and peak bar, and asks again for the meter chosen', async () => {
    const api = openOverview(() => CHART);
    const section = await chartSection();
    expect(await within(section).findByRole('img', { name: /^vCPUs in use: vCPUs: 2 samples from .* values 1 to 3 vCPUs$/ }, { timeout: 10_000 })).toBeTruthy();
    // The bar: 3 of a peak of 3 used, the average (2 of 3) marked; its tooltips name them.
    expect(within(section).getByRole('img', { name: 'Latest: 3 vCPUs 100%, Below the peak of 3 vCPUs 0%, Average: 2 vCPUs 67%' })).toBeTruthy();
    const asked = () => api.requests.filter((request) => request.path === '/api/nova/usage/chart/').map((request) => Object.fromEntries(request.query));
    expect(asked()).toEqual([{ start: monthStart, end: today, meter: 'vcpus' }]);

    await api.user.click(within(section).getByRole('combobox', { name: /Meter/ }));
    await api.user.click(await screen.findByRole('option', { name: 'RAM (MB)' }));
    await waitFor(() => expect(asked().at(-1)).toEqual({ start: monthStart, end: today, meter: 'memory_mb' }));
  });

  it("says 'No data available.' when the project used nothing in the period", async () => {
    openOverview(() => ({ series: [{ name: 'vCPUs', unit: 'vCPUs', data: [] }], stats: {}, settings: {} }));
    const section = await chartSection();
    expect(await within(section).findByText('No data available.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it("shows 'An error occurred. Please try again later.' when the chart data cannot be loaded", async () => {
    openOverview(() => reply(503, 'compute is down'));
    const section = await chartSection();
    const alert = await within(section).findByRole('alert', undefined, { timeout: 10_000 });
    expect(alert.textContent).toBe('An error occurred. Please try again later.');
    expect(within(section).getByText('No data available.')).toBeTruthy();
  });
});

describe('Admin › Overview: the whole cloud’s usage over time', { timeout: 60_000 }, () => {
  const openAdminOverview = (chart: ApiRoute) =>
    renderWithApi({
      path: '/admin',
      admin: true,
      routes: {
        'GET /api/nova/usages/': (request) => ({ start: request.query.get('start'), end: request.query.get('end'), summary: SUMMARY, items: [] }),
        'GET /api/nova/usage/chart/': chart,
      },
    });

  it("asks for every project's samples and draws them with the latest, average and peak bar", async () => {
    const api = openAdminOverview((request) => (request.query.get('all_projects') === 'true' ? CHART : reply(403, 'not this one')));
    const section = await chartSection();
    expect(await within(section).findByRole('img', { name: /^vCPUs in use: vCPUs: 2 samples from .* values 1 to 3 vCPUs$/ }, { timeout: 10_000 })).toBeTruthy();
    expect(within(section).getByRole('img', { name: 'Latest: 3 vCPUs 100%, Below the peak of 3 vCPUs 0%, Average: 2 vCPUs 67%' })).toBeTruthy();
    const asked = api.requests.filter((request) => request.path === '/api/nova/usage/chart/').map((request) => Object.fromEntries(request.query));
    expect(asked).toEqual([{ start: monthStart, end: today, meter: 'vcpus', all_projects: 'true' }]);
  });

  it("says 'No data available.' with the chart error when the cloud's samples cannot be loaded", async () => {
    openAdminOverview(() => reply(403, "Policy doesn't allow os_compute_api:os-simple-tenant-usage:list to be performed."));
    const section = await chartSection();
    expect((await within(section).findByRole('alert', undefined, { timeout: 10_000 })).textContent).toBe('An error occurred. Please try again later.');
    expect(within(section).getByText('No data available.')).toBeTruthy();
  });
});
