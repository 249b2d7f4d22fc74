import { novaTime } from '../../core/clock.js';
import { BadRequest } from '../../core/errors.js';
import { firstQuery, queryOf } from '../../core/http.js';
import type { Handler } from '../../core/service.js';
import { type ServerUsage, type TenantUsage, tenantUsages } from '../models/usage.js';
import { enforce } from '../policy.js';
import { contextOf } from './common.js';

/**
 * `GET /os-simple-tenant-usage` (admin: every project) and
 * `GET /os-simple-tenant-usage/{project}` (nova/api/openstack/compute/simple_tenant_usage.py):
 * hours and GB/MB/vCPU-hours per project for `start`..`end`; the server list
 * with `detailed=1` on the index and always on the show. Times are naive UTC.
 */

/** The formats Nova's `_parse_datetime` tries. */
const TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?$/;

function parseTime(value: string | undefined, now: number): number {
  if (value === undefined || value === '') return now;
  const match = TIME.exec(value);
  const at = match ? Date.UTC(+match[1], +match[2] - 1, +match[3], +match[4], +match[5], +match[6], Math.floor(Number(match[7] ?? 0) * 1000)) : NaN;
  if (Number.isNaN(at)) throw new BadRequest('Invalid datetime string: Datetime is in invalid format');
  return at;
}

function period(request: Parameters<ReturnType<Handler>>[0], now: number) {
  const query = queryOf(request);
  const start = parseTime(firstQuery(query, 'start'), now);
  const end = parseTime(firstQuery(query, 'end'), now);
  if (start >= end) throw new BadRequest('Invalid start time. The start time cannot occur after the end time.');
  return { start, end, now, detailed: ['1', 'true', 'True'].includes(firstQuery(query, 'detailed') ?? '') };
}

const naive = (ms: number) => novaTime(ms);

function serverView(usage: ServerUsage) {
  return { ...usage, started_at: naive(usage.started_at), ended_at: usage.ended_at === null ? null : naive(usage.ended_at) };
}

function tenantView(usage: TenantUsage, range: { start: number; end: number }, detailed: boolean) {
  const { server_usages: servers, ...totals } = usage;
  return { ...totals, start: naive(range.start), stop: naive(range.end), ...(detailed ? { server_usages: servers.map(serverView) } : {}) };
}

export const listTenantUsages: Handler = (deps) => async (request) => {
  enforce('os_compute_api:os-simple-tenant-usage:list', contextOf(request));
  const range = period(request, deps.clock.now());
  return { tenant_usages: tenantUsages(deps.db, range).map((usage) => tenantView(usage, range, range.detailed)) };
};

export const showTenantUsage: Handler = (deps) => async (request) => {
  const projectId = (request.params as { project: string }).project;
  enforce('os_compute_api:os-simple-tenant-usage:show', contextOf(request), { project_id: projectId });
  const range = period(request, deps.clock.now());
  const [usage] = tenantUsages(deps.db, { ...range, projectId });
  // A project with nothing in the period answers an empty object, as Nova does.
  return { tenant_usage: usage ? tenantView(usage, range, true) : {} };
};
