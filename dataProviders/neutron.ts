import type { DataProvider } from 'ra-core';
import type { HttpClient } from './http';
import { createServiceProvider, type ResourceRecord } from './resource-provider';

type QosPolicy = Record<string, unknown> & { id: string; rules?: unknown[] };

/** A policy always carries its rules list, which the overview's table reads. */
function qosPolicyRecord(policy: QosPolicy): ResourceRecord {
  return { ...policy, rules: policy.rules ?? [] };
}

const qosPolicyPath = (id: string) => `/api/neutron/qos_policies/${encodeURIComponent(id)}/`;

/**
 * `/api/neutron/` (spec 2 §7.4). Resources: `qos-policy`.
 *
 * @example
 * const neutron = createNeutronProvider(http);
 * const { data } = await neutron.getList('qos-policy', {});
 */
export function createNeutronProvider(http: HttpClient): DataProvider {
  return createServiceProvider('neutron', {
    'qos-policy': {
      async list() {
        const { items } = await http.get<{ items: QosPolicy[] }>('/api/neutron/qos_policies/');
        return items.map(qosPolicyRecord);
      },
      async get(id) {
        return qosPolicyRecord(await http.get<QosPolicy>(qosPolicyPath(id)));
      },
      async create(data) {
        return qosPolicyRecord(await http.post<QosPolicy>('/api/neutron/qos_policies/', data));
      },
      async remove(id) {
        await http.delete(qosPolicyPath(id));
      },
    },
  });
}
