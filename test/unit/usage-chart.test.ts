import { describe, expect, it } from 'vitest';
import { type ServerLifetime, usageChart, usageSamples } from '../../server/api/nova/usage-chart';

const T = (time: string) => Date.parse(`${time}Z`);
const server = (started_at: string, ended_at: string | null, vcpus = 2): ServerLifetime => ({ vcpus, memory_mb: 512 * vcpus, local_gb: 10, started_at, ended_at });
const day = { start: T('2026-01-01T00:00:00'), end: T('2026-01-01T23:59:59') };

describe('usage samples from server lifetimes (the metering chart)', () => {
  it('averages what is in use over each hour: a server living half an hour counts half', () => {
    const points = usageSamples([server('2026-01-01T00:30:00', null)], 'vcpus', { ...day, now: T('2026-01-01T03:00:00') });
    expect(points).toEqual([
      { x: '2026-01-01T00:00:00Z', y: 1 },
      { x: '2026-01-01T01:00:00Z', y: 2 },
      { x: '2026-01-01T02:00:00Z', y: 2 },
    ]);
  });

  it('stops counting a deleted server at its deletion, and adds servers that overlap', () => {
    const servers = [server('2026-01-01T00:00:00.000000', '2026-01-01T01:00:00.000000', 1), server('2026-01-01T00:00:00', null, 4)];
    const points = usageSamples(servers, 'memory_mb', { ...day, now: T('2026-01-01T02:00:00') });
    expect(points.map((point) => point.y)).toEqual([2560, 2048]);
  });

  it('ends at now, the last hour counting only its elapsed part', () => {
    const points = usageSamples([server('2026-01-01T01:00:00', null)], 'local_gb', { ...day, now: T('2026-01-01T01:30:00') });
    expect(points).toEqual([
      { x: '2026-01-01T00:00:00Z', y: 0 },
      { x: '2026-01-01T01:00:00Z', y: 10 },
    ]);
  });

  it('samples per day past 31 days', () => {
    const year = { start: T('2025-01-01T00:00:00'), end: T('2025-12-31T23:59:59'), now: T('2026-06-01T00:00:00') };
    const points = usageSamples([server('2025-12-31T12:00:00', null)], 'vcpus', year);
    expect(points).toHaveLength(365);
    expect(points.at(-1)).toEqual({ x: '2025-12-31T00:00:00Z', y: 1 });
  });

  it('gives the bar the latest sample and the average against the peak, and no samples without servers', () => {
    const chart = usageChart([server('2026-01-01T00:30:00', null)], 'vcpus', { ...day, now: T('2026-01-01T03:00:00') });
    expect(chart.series[0]).toMatchObject({ name: 'vCPUs', unit: 'vCPUs' });
    expect(chart.stats).toEqual({
      used: 2,
      average: 1.67,
      max_value: 2,
      tooltip_used: 'Latest: 2 vCPUs',
      tooltip_free: 'Below the peak of 2 vCPUs',
      tooltip_average: 'Average: 1.67 vCPUs',
    });
    expect(chart.settings).toMatchObject({ xMin: '2026-01-01T00:00:00Z', xMax: '2026-01-01T23:59:59Z' });
    expect(usageChart([], 'vcpus', { ...day, now: T('2026-01-01T03:00:00') })).toMatchObject({ series: [{ name: 'vCPUs', unit: 'vCPUs', data: [] }], stats: {} });
  });
});
