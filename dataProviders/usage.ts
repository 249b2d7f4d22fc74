import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import type { UsageChart, UsageGlobalReport, UsageProjectReport } from '../shared/generated/usage';
import { loadProjectQuotaItems } from './quotas';
import type { ResourceHandlers } from './resource-provider';

/**
 * The Overviews' data (not in the contract: `/api/nova/usage/` and
 * `usages/`, Horizon's usage views): nova `usage` (a project's instances in
 * a period; `get('report')` adds the summary), `project-usage` (every
 * project's totals, the admin's) and `quota-usage` (a project's quotas with
 * what it uses, for the Limit Summary charts). A period is `filter` (lists)
 * or `meta` (the report): `start` and `end` days, yyyy-mm-dd. `usage-chart`
 * is the metering chart of one meter (the id: vcpus, memory_mb, local_gb).
 */

type Period = { start?: string; end?: string };

const twoDecimals = (value: number) => Math.round(value * 100) / 100;

const UNITS: [seconds: number, singular: string, plural: string][] = [
  [365 * 86400, 'year', 'years'],
  [30 * 86400, 'month', 'months'],
  [7 * 86400, 'week', 'weeks'],
  [86400, 'day', 'days'],
  [3600, 'hour', 'hours'],
  [60, 'minute', 'minutes'],
];

/**
 * An age in Django's timesince words (Horizon's Age column): the largest unit
 * and, when not zero, the next one.
 * @example timeSince(7500); // '2 hours, 5 minutes'
 */
export function timeSince(seconds: number): string {
  const words = (count: number, [, singular, plural]: (typeof UNITS)[number]) => `${count}\u00a0${count === 1 ? singular : plural}`;
  const first = UNITS.findIndex(([size]) => seconds >= size);
  if (first === -1) return words(0, UNITS[UNITS.length - 1]);
  const count = Math.floor(seconds / UNITS[first][0]);
  const next = UNITS[first + 1];
  const rest = next ? Math.floor((seconds - count * UNITS[first][0]) / next[0]) : 0;
  return rest ? `${words(count, UNITS[first])}, ${words(rest, next)}` : words(count, UNITS[first]);
}

function periodOf(values: Record<string, unknown> | undefined): Period {
  const { start, end } = (values ?? {}) as Period;
  return { ...(start ? { start } : {}), ...(end ? { end } : {}) };
}

/**
 * The report a list and the page's summary both read, asked once: the
 * same period within a few seconds is the same answer.
 */
function sharedReads<T>(read: (period: Period) => Promise<T>): (period: Period) => Promise<T> {
  let last: { key: string; at: number; answer: Promise<T> } | undefined;
  return (period) => {
    const key = JSON.stringify(period);
    if (!last || last.key !== key || Date.now() - last.at > 3000) last = { key, at: Date.now(), answer: read(period) };
    const { answer } = last;
    answer.catch(() => (last = undefined));
    return answer;
  };
}

export function usageHandlers(http: HttpClient): Record<string, ResourceHandlers> {
  const projectReport = sharedReads((period) => http.get<UsageProjectReport>('/api/nova/usage/', { query: period }));
  const globalReport = sharedReads((period) => http.get<UsageGlobalReport>('/api/nova/usages/', { query: period }));
  return {
    usage: {
      serverFilters: ['start', 'end'],
      async list(params) {
        return (await projectReport(periodOf(params.filter))).items.map((item): ResourceRecord => ({ ...item, id: item.instance_id, age: timeSince(item.uptime) }));
      },
      async get(_id, meta) {
        return { ...(await projectReport(periodOf(meta))), id: 'report' };
      },
    },
    'project-usage': {
      serverFilters: ['start', 'end'],
      async list(params) {
        // Hours with two decimals, as Horizon's floatformat:2 shows them.
        return (await globalReport(periodOf(params.filter))).items.map(
          (item): ResourceRecord => ({
            ...item,
            id: item.project_id,
            vcpu_hours: twoDecimals(item.vcpu_hours),
            disk_gb_hours: twoDecimals(item.disk_gb_hours),
            memory_mb_hours: twoDecimals(item.memory_mb_hours),
          }),
        );
      },
      async get(_id, meta) {
        return { ...(await globalReport(periodOf(meta))), id: 'report' };
      },
    },
    'usage-chart': {
      // `meta.all_projects`: the whole cloud's (the admin Overview).
      async get(meter, meta) {
        const everyProject = meta?.all_projects === 'true' ? { all_projects: 'true' } : {};
        return { id: meter, ...(await http.get<UsageChart>('/api/nova/usage/chart/', { query: { ...periodOf(meta), meter, ...everyProject } })) };
      },
    },
    'quota-usage': {
      // The project's quotas and use in each service, id the project; `meta.quotas` names the
      // quotas wanted (a create button's), and only their services are asked.
      async get(projectId, meta) {
        const only = Array.isArray(meta?.quotas) ? (meta.quotas as string[]) : undefined;
        return { id: projectId, ...(await loadProjectQuotaItems(http, projectId, true, only)) };
      },
    },
  };
}
