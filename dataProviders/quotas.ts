import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import type { ResourceHandlers } from './resource-provider';
import type { QuotaEntity } from '../shared/generated';

/**
 * Quotas in Nova, Cinder and Neutron (api-contract §5, §6, §8 and the
 * `quota-sets/{project}` reads beside them): a project's, for Edit Quotas and
 * the Overview's charts, and the defaults, for the Defaults panel.
 */

/** One quota as the `/api` quota routes list it; `in_use` with `usage=true`. */
export type QuotaItem = Pick<QuotaEntity, 'display_name' | 'name' | 'limit'> & { in_use?: number };

/** Horizon's NOVA_QUOTA_FIELDS: the Nova PATCH needs every one. */
export const COMPUTE_QUOTAS = [
  'metadata_items',
  'cores',
  'instances',
  'injected_files',
  'injected_file_content_bytes',
  'injected_file_path_bytes',
  'ram',
  'key_pairs',
  'server_groups',
  'server_group_members',
] as const;
export const VOLUME_QUOTAS = ['volumes', 'snapshots', 'gigabytes'] as const;
export const NETWORK_QUOTAS = ['network', 'subnet', 'port', 'router', 'floatingip', 'security_group', 'security_group_rule'] as const;

export type QuotaService = 'compute' | 'volume' | 'network';

const project = (id: string) => encodeURIComponent(id);

const QUOTAS_OF: Record<QuotaService, readonly string[]> = { compute: COMPUTE_QUOTAS, volume: VOLUME_QUOTAS, network: NETWORK_QUOTAS };

/**
 * Each service's quotas of a project; a service the cloud lacks (or refuses) gives none.
 * With `only`, just the services owning one of those quota names are asked (e.g. Launch
 * Instance's `instances`, `cores`, `ram`: Nova alone), the others answer none.
 */
export async function loadProjectQuotaItems(http: HttpClient, projectId: string, usage = false, only?: readonly string[]): Promise<Record<QuotaService, QuotaItem[]>> {
  const query = usage ? { usage: 'true' } : undefined;
  const wanted = (service: QuotaService) => !only || QUOTAS_OF[service].some((name) => only.includes(name));
  const read = (service: QuotaService, path: string) =>
    !wanted(service)
      ? Promise.resolve([] as QuotaItem[])
      : http
          .get<{ items: QuotaItem[] }>(path, { query, silent: true })
          .then((answer) => answer.items)
          .catch(() => [] as QuotaItem[]);
  const [compute, volume, network] = await Promise.all([
    read('compute', `/api/nova/quota-sets/${project(projectId)}`),
    read('volume', `/api/cinder/quota-sets/${project(projectId)}`),
    read('network', `/api/neutron/quota-sets/${project(projectId)}`),
  ]);
  return { compute, volume, network };
}

/** A project's quotas as one name → limit map (Edit Quotas' values). */
export async function loadProjectQuotas(http: HttpClient, projectId: string): Promise<Record<string, number>> {
  const items = await loadProjectQuotaItems(http, projectId);
  return Object.fromEntries([...items.compute, ...items.volume, ...items.network].map((item) => [item.name, item.limit]));
}

function pick(values: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.filter((name) => values[name] !== undefined).map((name) => [name, values[name]]));
}

/** Saves Edit Quotas: each service gets its own fields (Neutron's route is spelled `quotas-sets`, api-contract §8). */
export async function saveProjectQuotas(http: HttpClient, projectId: string, values: Record<string, unknown>): Promise<void> {
  const compute = pick(values, COMPUTE_QUOTAS);
  const volume = pick(values, VOLUME_QUOTAS);
  const network = pick(values, NETWORK_QUOTAS);
  if (Object.keys(compute).length) await http.patch(`/api/nova/quota-sets/${project(projectId)}`, compute);
  if (Object.keys(volume).length) await http.patch(`/api/cinder/quota-sets/${project(projectId)}`, volume);
  if (Object.keys(network).length) await http.patch(`/api/neutron/quotas-sets/${project(projectId)}`, network);
}

/**
 * The Defaults panel's records (`quota-default`): every service's default
 * quotas, `id` `<service>/<name>`; `create` is Update Default Quotas, which
 * saves Nova's and Cinder's (Neutron's defaults are the cloud's configuration).
 */
export function quotaDefaultHandlers(http: HttpClient): ResourceHandlers {
  const read = (service: QuotaService, path: string) =>
    http
      .get<{ items: QuotaItem[] }>(path, { silent: true })
      .then((answer) => answer.items.map((item): ResourceRecord => ({ ...item, id: `${service}/${item.name}`, service })))
      .catch(() => [] as ResourceRecord[]);
  return {
    async list() {
      const lists = await Promise.all([
        read('compute', '/api/nova/quota-sets/defaults/'),
        read('volume', '/api/cinder/quota-sets/defaults/'),
        read('network', '/api/neutron/quota-sets/defaults/'),
      ]);
      return lists.flat();
    },
    async create(data) {
      await http.patch('/api/nova/quota-sets/defaults/', pick(data, COMPUTE_QUOTAS));
      await http.patch('/api/cinder/quota-sets/defaults/', pick(data, VOLUME_QUOTAS));
      return { id: 'defaults', ...data };
    },
  };
}
