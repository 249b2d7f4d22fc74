import type { DataProvider } from 'ra-core';
import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import { createServiceProvider } from './resource-provider';

const BASE = '/api/baas/duratus';

/** Spec 3 §2.5, §9.3: descriptions in tables are cut at 50 characters, '...' appended. */
export function shortDescription(text: unknown): string {
  const value = typeof text === 'string' ? text : '';
  return value.length > 50 ? `${value.slice(0, 50)}...` : value;
}

type Plan = Record<string, unknown> & { id: string };

function planRecord(plan: Plan): ResourceRecord {
  return { ...plan, description_short: shortDescription(plan.description) };
}

/** `/api/baas/duratus/` (spec 3 §7.2): the backup service's plans. */
export function createBaasProvider(http: HttpClient): DataProvider {
  const planPath = (id: string) => `${BASE}/job/${encodeURIComponent(id)}/`;
  return createServiceProvider('baas', {
    'backup-plan': {
      async list(params) {
        const { items } = await http.get<{ items: Plan[] }>(`${BASE}/job/`, { signal: params.signal });
        // The plan list shows only jobs of type backup (spec 3 §4.3).
        return items.filter((plan) => plan.job_type === 'backup').map(planRecord);
      },
      async get(id) {
        return planRecord(await http.get<Plan>(planPath(id)));
      },
      async remove(id) {
        await http.delete(planPath(id));
      },
      calls: {
        // POST job/{id}/ is "run now" (api-contract §11).
        async run(id) {
          return http.post(planPath(id));
        },
      },
    },
  });
}
