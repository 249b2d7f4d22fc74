import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { renderApp } from '../support/render-app';

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const INSTANCE = { instance_id: 'i-1', name: 'web-1', vcpus: 2, local_gb: 20, memory_mb: 2048, hours: 5.5, uptime: 19800, state: 'active', flavor: 'm1.small', started_at: '', ended_at: null };
const SUMMARY = { instances: 1, memory_mb: 2048, vcpus: 2, vcpu_hours: 11, local_gb: 20, disk_gb_hours: 110, memory_mb_hours: 11264 };
const report = (meta: { start: string; end: string }) => ({ start: `${meta.start}T00:00:00`, end: `${meta.end}T23:59:59`, project_id: 'p-demo', summary: SUMMARY, items: [INSTANCE] });
const QUOTA_USAGE = {
  compute: [
    { name: 'instances', display_name: 'Instances', limit: 10, in_use: 8 },
    { name: 'cores', display_name: 'vCPUs', limit: 20, in_use: 20 },
    { name: 'ram', display_name: 'RAM (MB)', limit: 51200, in_use: 512 },
  ],
  volume: [{ name: 'volumes', display_name: 'Volumes', limit: 10, in_use: 1 }],
  network: [{ name: 'floatingip', display_name: 'Floating IPs', limit: -1, in_use: 1 }],
};

function openOverview(resources: Record<string, Record<string, (params: any) => unknown>> = {}) {
  const backend = signedInBackend({
    session: { project_id: 'p-demo' },
    resources: {
      usage: { getOne: ({ meta }) => ({ id: 'report', ...report(meta) }), getList: () => [{ ...INSTANCE, id: 'i-1', age: '5\u00a0hours, 30\u00a0minutes' }] },
      'quota-usage': { getOne: () => ({ id: 'p-demo', ...QUOTA_USAGE }) },
      'usage-chart': { getOne: ({ id }) => ({ id, series: [], stats: {}, settings: {} }) },
      ...resources,
    },
  });
  return renderApp({ backend, path: '/project' });
}

afterEach(() => vi.restoreAllMocks());

describe('Project › Overview (the landing page): Limit Summary, Usage Summary, usage table, CSV', { timeout: 60_000 }, () => {
  it("charts each quota with what the project uses: nearly full at 80 %, full at 100 %, 'Allocated' floating IPs with no limit", async () => {
    openOverview();
    const instances = await screen.findByText('Used 8 of 10', undefined, { timeout: 20_000 });
    const chart = (id: string) => document.getElementById(`quota_${id}`)!;
    expect(chart('instances').getAttribute('data-used')).toBe('80');
    expect(chart('instances').querySelector('.pie-chart')!.getAttribute('data-fill')).toBe('nearly-full');
    expect(chart('cores').querySelector('.pie-chart')!.getAttribute('data-fill')).toBe('full');
    expect(chart('ram').textContent).toContain('Used 512 MB of 50 GB');
    expect(chart('floatingip').textContent).toContain('Allocated 1 (No Limit)');
    expect(instances).toBeTruthy();
    // No Neutron security groups in this project's answer: that chart is left out.
    expect(chart('security_group')).toBeNull();
  });

  it("asks for the month so far, then the period chosen; 'Other' reveals From (date_from) and To (date_to)", async () => {
    const getList = vi.fn(() => [{ ...INSTANCE, id: 'i-1', age: '5 hours' }]);
    const { user } = openOverview({ usage: { getOne: ({ meta }) => ({ id: 'report', ...report(meta) }), getList } });
    expect(await screen.findByRole('link', { name: 'web-1' }, { timeout: 10_000 })).toBeTruthy();
    expect(getList).toHaveBeenLastCalledWith(expect.objectContaining({ filter: { start: `${today.slice(0, 8)}01`, end: today } }));
    expect(screen.getByText('Active Instances:').nextElementSibling!.textContent).toBe('1');
    expect(screen.getByText("This Period's vCPU-Hours:").nextElementSibling!.textContent).toBe('11.00');

    const form = screen.getByRole('form', { name: 'Usage period' });
    await user.click(within(form).getByRole('combobox', { name: /Period/ }));
    await user.click(await screen.findByRole('option', { name: 'Last week' }));
    expect(within(form).queryByLabelText('From')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith(expect.objectContaining({ filter: { start: daysAgo(7), end: today } })));

    await user.click(within(form).getByRole('combobox', { name: /Period/ }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    const from = within(form).getByLabelText('From') as HTMLInputElement;
    const to = within(form).getByLabelText('To') as HTMLInputElement;
    expect([from.name, to.name]).toEqual(['date_from', 'date_to']);
    await user.clear(from);
    await user.type(from, '2026-01-02');
    await user.clear(to);
    await user.type(to, '2026-01-09');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith(expect.objectContaining({ filter: { start: '2026-01-02', end: '2026-01-09' } })));
  });

  it('refuses a period that ends before it starts, without asking', async () => {
    const getList = vi.fn(() => []);
    const { user } = openOverview({ usage: { getOne: ({ meta }) => ({ id: 'report', ...report(meta) }), getList } });
    const form = await screen.findByRole('form', { name: 'Usage period' }, { timeout: 10_000 });
    await user.click(within(form).getByRole('combobox', { name: /Period/ }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.clear(within(form).getByLabelText('From'));
    await user.type(within(form).getByLabelText('From'), '2026-01-09');
    await user.clear(within(form).getByLabelText('To'));
    await user.type(within(form).getByLabelText('To'), '2026-01-02');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Invalid time period. The end date should be more recent than the start date.')).toBeTruthy();
    expect(getList).not.toHaveBeenCalledWith(expect.objectContaining({ filter: { start: '2026-01-09', end: '2026-01-02' } }));
  });

  it('downloads usage.csv: the period, the summary, then each instance with its hours, age and state', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:usage';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = openOverview();
    const button = await screen.findByRole('button', { name: 'Download CSV Summary' }, { timeout: 10_000 });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('usage.csv');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blobs[0]);
    });
    expect(text.split('\r\n')).toEqual([
      `Usage Report For Period:,${today.slice(0, 8)}01,${today}`,
      'Project ID:,p-demo',
      'Active Instances:,1',
      'Total vCPU Usage (Hours):,11.00',
      'Total Active RAM (MB):,2048',
      'Total Memory Usage (Hours):,11264.00',
      'Total Disk Size (GB):,20',
      'Total Disk Usage (Hours):,110.00',
      'Instance Name,vCPUs,RAM (MB),Disk (GB),Usage (Hours),Age (Seconds),State',
      'web-1,2,2048,20,5.50,19800,Active',
      '',
    ]);
  });
});

describe('Admin › Overview: every project', { timeout: 60_000 }, () => {
  it("lists each project's usage with its hours and offers the CSV", async () => {
    const backend = signedInBackend({
      admin: true,
      resources: {
        'project-usage': {
          getOne: ({ meta }) => ({ id: 'report', start: `${meta.start}T00:00:00`, end: `${meta.end}T23:59:59`, summary: SUMMARY, items: [] }),
          getList: () => [{ id: 'p-demo', project_id: 'p-demo', project_name: 'demo', vcpus: 2, local_gb: 20, memory_mb: 2048, vcpu_hours: 11, disk_gb_hours: 110, memory_mb_hours: 11264 }],
        },
      },
    });
    renderApp({ backend, path: '/admin' });
    const table = await screen.findByRole('table', { name: 'Usage' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Project Name', 'vCPUs', 'Disk', 'RAM', 'vCPU Hours', 'Disk GB Hours', 'Memory MB Hours',
    ]);
    expect(await within(table).findByText('demo')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV Summary' })).toBeTruthy();
  });
});
