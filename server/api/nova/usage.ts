import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { BffContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import { enforce } from '../../policy/enforce.js';
import { projectNames } from './servers.js';
import type { UsageGlobalReport, UsageInstanceUsage, UsageProjectReport, UsageQuery, UsageSummary } from '../../../shared/generated/usage.js';

/**
 * `/api/nova/usage/` and `/api/nova/usages/` (not in the contract: Horizon's
 * project and admin Overview views, openstack_dashboard/usage/): a period's
 * usage from os-simple-tenant-usage, summarised as Horizon's NovaUsage does.
 */

interface ServerUsage extends UsageInstanceUsage {
  ended_at: string | null;
}

interface TenantUsage {
  tenant_id?: string;
  total_local_gb_usage?: number;
  total_vcpus_usage?: number;
  total_memory_mb_usage?: number;
  server_usages?: ServerUsage[];
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Horizon's period: the month so far by default; days are whole UTC days, the end one included. */
export function periodOf(query: UsageQuery, now = new Date()): { start: Date; end: Date } {
  const today = now.toISOString().slice(0, 10);
  const startDay = query.start ?? `${today.slice(0, 8)}01`;
  const endDay = query.end ?? today;
  const start = new Date(`${startDay}T00:00:00Z`);
  const end = new Date(`${endDay}T23:59:59Z`);
  for (const [field, value, date] of [['start', startDay, start], ['end', endDay, end]] as const) {
    if (!DAY.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) throw new ApiError(400, `${field} must be a date in YYYY-MM-DD format.`);
  }
  if (end < start) throw new ApiError(400, 'Invalid time period. The end date should be more recent than the start date.');
  if (startDay > today) throw new ApiError(400, 'Invalid time period. You are requesting data from the future which may not exist.');
  return { start, end };
}

/** Nova takes naive UTC times. */
export const naive = (date: Date) => date.toISOString().slice(0, 19);

/** NovaUsage.get_summary: the active servers' sizes and the period's totals. */
function summaryOf(usages: TenantUsage[]): UsageSummary {
  const summary: UsageSummary = { instances: 0, memory_mb: 0, vcpus: 0, vcpu_hours: 0, local_gb: 0, disk_gb_hours: 0, memory_mb_hours: 0 };
  for (const usage of usages) {
    const active = (usage.server_usages ?? []).filter((server) => server.ended_at === null);
    summary.instances += active.length;
    summary.memory_mb += active.reduce((sum, server) => sum + server.memory_mb, 0);
    summary.vcpus += active.reduce((sum, server) => sum + server.vcpus, 0);
    summary.local_gb += active.reduce((sum, server) => sum + server.local_gb, 0);
    summary.vcpu_hours += usage.total_vcpus_usage ?? 0;
    summary.disk_gb_hours += usage.total_local_gb_usage ?? 0;
    summary.memory_mb_hours += usage.total_memory_mb_usage ?? 0;
  }
  return summary;
}

function instanceOf(server: ServerUsage): UsageInstanceUsage {
  const { instance_id, name, vcpus, local_gb, memory_mb, hours, uptime, state, flavor, started_at, ended_at } = server;
  return { instance_id, name, vcpus, local_gb, memory_mb, hours, uptime, state, flavor, started_at, ended_at };
}

export const usageRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  const schema = { querystring: { $ref: 'usage.schema.json#/$defs/query' } };

  // A project's report; another project's is the admin's (Horizon's identity project usage view).
  app.get<{ Querystring: UsageQuery }>('/api/nova/usage/', { schema }, async (request: FastifyRequest<{ Querystring: UsageQuery }>): Promise<UsageProjectReport> => {
    const { start, end } = periodOf(request.query);
    const projectId = request.query.project_id ?? request.session!.projectId!;
    enforce(request, 'compute', ['os_compute_api:os-simple-tenant-usage:show'], { project_id: projectId });
    const client = await access.client(request);
    const response = await client.request<{ tenant_usage: TenantUsage }>('compute', 'GET', `/os-simple-tenant-usage/${encodeURIComponent(projectId)}`, {
      query: { start: naive(start), end: naive(end) },
    });
    const usage = response.body.tenant_usage;
    // Horizon leaves deleted servers out of the list (show_deleted is off) but not out of the hours.
    const active = (usage.server_usages ?? []).filter((server) => server.ended_at === null);
    return { start: naive(start), end: naive(end), project_id: projectId, summary: summaryOf([usage]), items: active.map(instanceOf) };
  });

  // Every project's report (the admin Overview), named from Keystone; a project gone shows its id and '(Deleted)'.
  app.get<{ Querystring: UsageQuery }>('/api/nova/usages/', { schema }, async (request): Promise<UsageGlobalReport> => {
    const { start, end } = periodOf(request.query);
    enforce(request, 'compute', ['os_compute_api:os-simple-tenant-usage:list']);
    const client = await access.client(request);
    const [response, names] = await Promise.all([
      client.request<{ tenant_usages: TenantUsage[] }>('compute', 'GET', '/os-simple-tenant-usage', { query: { start: naive(start), end: naive(end), detailed: 1 } }),
      projectNames(client),
    ]);
    const usages = response.body.tenant_usages;
    return {
      start: naive(start),
      end: naive(end),
      summary: summaryOf(usages),
      items: usages.map((usage) => {
        const projectId = usage.tenant_id ?? '';
        const own = summaryOf([usage]);
        return {
          project_id: projectId,
          project_name: names.get(projectId) ?? `${projectId} (Deleted)`,
          vcpus: own.vcpus,
          local_gb: own.local_gb,
          memory_mb: own.memory_mb,
          vcpu_hours: own.vcpu_hours,
          disk_gb_hours: own.disk_gb_hours,
          memory_mb_hours: own.memory_mb_hours,
        };
      }),
    };
  });
};
