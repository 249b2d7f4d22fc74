import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { renderApp } from '../support/render-app';

const today = new Date().toISOString().slice(0, 10);
const monthStart = `${today.slice(0, 8)}01`;
const SUMMARY = { instances: 0, memory_mb: 0, vcpus: 0, vcpu_hours: 0, local_gb: 0, disk_gb_hours: 0, memory_mb_hours: 0 };

const CHART = {
  series: [{ name: 'vCPUs', unit: 'vCPUs', data: [{ x: `${today}T00:00:00Z`, y: 1 }, { x: `${today}T01:00:00Z`, y: 3 }] }],
  stats: { used: 3, average: 2, max_value: 3, tooltip_used: 'Latest: 3 vCPUs', tooltip_free: 'Below the peak of 3 vCPUs', tooltip_average: 'Average: 2 vCPUs' },
  settings: { higlight_last_point: true },
};

function openOverview(chart: (params: any) => unknown) {
  const getOne = vi.fn(chart);
  const backend = signedInBackend({
    session: { project_id: 'p-demo' },
    resources: {
      usage: { getOne: ({ meta }) => ({ id: 'report', start: meta.start, end: meta.end, project_id: 'p-demo', summary: SUMMARY, items: [] }), getList: () => [] },
      'quota-usage': { getOne: () => ({ id: 'p-demo', compute: [], volume: [], network: [] }) },
      'usage-chart': { getOne },
    },
  });
  return { getOne, ...renderApp({ backend, path: '/project' }) };
}

const chartSection = async () => (await screen.findByRole('heading', { name: 'Usage Over Time' }, { timeout: 20_000 })).closest('section')!;

describe('Project › Overview: the metering line and bar chart of the period', { timeout: 60_000 }, () => {
  it('draws the vCPUs in use per hour with the latest, average and peak bar, and asks again for the meter chosen', async () => {
    const { getOne, user } = openOverview(({ id }) => ({ id, ...CHART }));
    const section = await chartSection();
    const line = await within(section).findByRole('img', { name: /^vCPUs in use: vCPUs: 2 samples from .* values 1 to 3 vCPUs$/ }, { timeout: 10_000 });
    expect(line).toBeTruthy();
    // The bar: 3 of a peak of 3 used, the average (2 of 3) marked; its tooltips name them.
    expect(within(section).getByRole('img', { name: 'Latest: 3 vCPUs 100%, Below the peak of 3 vCPUs 0%, Average: 2 vCPUs 67%' })).toBeTruthy();
    expect(getOne).toHaveBeenCalledWith(expect.objectContaining({ id: 'vcpus', meta: { start: monthStart, end: today } }));

    await user.click(within(section).getByRole('combobox', { name: /Meter/ }));
    await user.click(await screen.findByRole('option', { name: 'RAM (MB)' }));
    await waitFor(() => expect(getOne).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'memory_mb', meta: { start: monthStart, end: today } })));
  });

  it("says 'No data available.' when the project used nothing in the period", async () => {
    openOverview(({ id }) => ({ id, series: [{ name: 'vCPUs', unit: 'vCPUs', data: [] }], stats: {}, settings: {} }));
    const section = await chartSection();
    expect(await within(section).findByText('No data available.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it("shows 'An error occurred. Please try again later.' when the chart data cannot be loaded", async () => {
    openOverview(() => {
      throw new Error('compute is down');
    });
    const section = await chartSection();
    const alert = await within(section).findByRole('alert', undefined, { timeout: 10_000 });
    expect(alert.textContent).toBe('An error occurred. Please try again later.');
    expect(within(section).getByText('No data available.')).toBeTruthy();
  });
});
