import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { enforce } from '../../policy/enforce.js';
import { naive, periodOf } from './usage.js';
import type { UsageChart, UsageChartPoint, UsageChartQuery } from '../../../shared/generated/usage.js';

/**
 * `/api/nova/usage/chart/` (not in the contract: the Overview's metering
 * chart, spec 1 §3 line chart data with its bar chart stats): how much of one
 * meter a project had in use over the period, sampled per hour (per day past
 * 31 days). The samples come from os-simple-tenant-usage's server lifetimes
 * (launch to deletion), so the built-in cloud and a real Nova answer alike.
 */

export type Meter = NonNullable<UsageChartQuery['meter']>;

/** A server as os-simple-tenant-usage lists it (naive UTC times; ended_at null while it lives). */
export interface ServerLifetime {
  vcpus: number;
  memory_mb: number;
  local_gb: number;
  started_at: string;
  ended_at: string | null;
}

export const METERS: Record<Meter, { name: string; unit: string }> = {
  vcpus: { name: 'vCPUs', unit: 'vCPUs' },
  memory_mb: { name: 'RAM', unit: 'MB' },
  local_gb: { name: 'Disk', unit: 'GB' },
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Hourly samples up to this span, daily ones beyond (a year of hours would be 8,760 points). */
const HOURLY_UP_TO = 31 * DAY;

const parseNaive = (time: string) => Date.parse(`${time.slice(0, 19)}Z`);
const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/**
 * The samples of `meter` from `start` until `end` or `now`, whichever is first: each the
 * average in use over its hour (or day), so a server living half of it counts half.
 *
 * @example
 * usageSamples([{ vcpus: 2, memory_mb: 512, local_gb: 1, started_at: '2026-01-01T00:30:00', ended_at: null }], 'vcpus',
 *   { start: Date.parse('2026-01-01T00:00:00Z'), end: Date.parse('2026-01-01T23:59:59Z'), now: Date.parse('2026-01-01T02:00:00Z') });
 * // [{ x: '2026-01-01T00:00:00Z', y: 1 }, { x: '2026-01-01T01:00:00Z', y: 2 }]
 */
export function usageSamples(servers: readonly ServerLifetime[], meter: Meter, period: { start: number; end: number; now: number }): UsageChartPoint[] {
  const until = Math.min(period.end, period.now);
  const step = period.end - period.start <= HOURLY_UP_TO ? HOUR : DAY;
  const lifetimes = servers.map((server) => ({
    size: server[meter],
    from: parseNaive(server.started_at),
    to: server.ended_at === null ? Number.POSITIVE_INFINITY : parseNaive(server.ended_at),
  }));
  const points: UsageChartPoint[] = [];
  for (let at = period.start; at < until; at += step) {
    const bucketEnd = Math.min(at + step, until);
    const inUse = lifetimes.reduce((sum, life) => sum + life.size * Math.max(0, Math.min(life.to, bucketEnd) - Math.max(life.from, at)), 0);
    points.push({ x: `${naive(new Date(at))}Z`, y: twoDecimals(inUse / (bucketEnd - at)) });
  }
  return points;
}

/** The chart data: one series, the bar chart's stats (last sample and average against the peak) and settings. */
export function usageChart(servers: readonly ServerLifetime[], meter: Meter, period: { start: number; end: number; now: number }): UsageChart {
  const { name, unit } = METERS[meter];
  // No server lived in the period: no samples, so the page says 'No data available.'.
  const data = servers.length === 0 ? [] : usageSamples(servers, meter, period);
  const values = data.map((point) => point.y);
  const peak = values.length ? Math.max(...values) : 0;
  const stats: UsageChart['stats'] = {};
  if (values.length && peak > 0) {
    const used = values[values.length - 1];
    const average = twoDecimals(values.reduce((sum, value) => sum + value, 0) / values.length);
    Object.assign(stats, {
      used,
      average,
      max_value: peak,
      tooltip_used: `Latest: ${used} ${unit}`,
      tooltip_free: `Below the peak of ${peak} ${unit}`,
      tooltip_average: `Average: ${average} ${unit}`,
    });
  }
  return {
    series: [{ name, unit, data }],
    stats,
    settings: { xMin: `${naive(new Date(period.start))}Z`, xMax: `${naive(new Date(period.end))}Z`, yMin: 0, interpolation: 'step-after', higlight_last_point: true },
  };
}

export const usageChartRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  const schema = { querystring: { $ref: 'usage.schema.json#/$defs/chartQuery' } };

  // A project's own chart; another project's is the admin's, as the report is, and so is the whole cloud's (`all_projects`, the admin Overview).
  app.get<{ Querystring: UsageChartQuery }>('/api/nova/usage/chart/', { schema }, async (request): Promise<UsageChart> => {
    const { start, end } = periodOf(request.query);
    const period = { start: naive(start), end: naive(end) };
    let servers: ServerLifetime[];
    if (request.query.all_projects === 'true') {
      enforce(request, 'compute', ['os_compute_api:os-simple-tenant-usage:list']);
      const client = await access.client(request);
      const response = await client.request<{ tenant_usages: { server_usages?: ServerLifetime[] }[] }>('compute', 'GET', '/os-simple-tenant-usage', { query: { ...period, detailed: 1 } });
      servers = response.body.tenant_usages.flatMap((usage) => usage.server_usages ?? []);
    } else {
      const projectId = request.query.project_id ?? request.session!.projectId!;
      enforce(request, 'compute', ['os_compute_api:os-simple-tenant-usage:show'], { project_id: projectId });
      const client = await access.client(request);
      const response = await client.request<{ tenant_usage: { server_usages?: ServerLifetime[] } }>('compute', 'GET', `/os-simple-tenant-usage/${encodeURIComponent(projectId)}`, { query: period });
      servers = response.body.tenant_usage.server_usages ?? [];
    }
    return usageChart(servers, request.query.meter ?? 'vcpus', { start: start.getTime(), end: end.getTime(), now: Date.now() });
  });
};
