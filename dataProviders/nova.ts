import type { DataProvider } from 'ra-core';
import type { HttpClient } from './http';
import { createServiceProvider, type ResourceRecord } from './resource-provider';

type NovaKeypair = Record<string, unknown> & { name: string };

/** Nova addresses key pairs by name, so the name is the id (spec 2 §2.2). */
function keypairRecord(keypair: NovaKeypair): ResourceRecord {
  return { ...keypair, id: keypair.name };
}

/** `/api/nova/keypairs/{name}` has no trailing slash (api-contract §1.1). */
function keypairPath(name: string): string {
  return `/api/nova/keypairs/${encodeURIComponent(name)}`;
}

/**
 * `/api/nova/` (spec 2 §7.4). Resources: `keypair`.
 *
 * @example
 * const nova = createNovaProvider(http);
 * const { data } = await nova.getList('keypair', {});
 */
export function createNovaProvider(http: HttpClient): DataProvider {
  return createServiceProvider('nova', {
    keypair: {
      async list() {
        // Classic Horizon nests each item under `keypair` (spec 2 §3).
        const { items } = await http.get<{ items: { keypair: NovaKeypair }[] }>('/api/nova/keypairs/');
        return items.map((item) => keypairRecord(item.keypair));
      },
      async get(name) {
        return keypairRecord(await http.get<NovaKeypair>(keypairPath(name)));
      },
      async create(data) {
        return keypairRecord(await http.post<NovaKeypair>('/api/nova/keypairs/', data));
      },
      async remove(name) {
        await http.delete(keypairPath(name));
      },
    },
  });
}
