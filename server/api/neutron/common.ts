import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../errors.js';
import type { CloudClient, CloudRequestOptions } from '../../openstack/client.js';
import { endpointCache } from '../../openstack/endpoint-cache.js';
import type { UpstreamResponse } from '../../openstack/http.js';
import { enforce } from '../../policy/enforce.js';
import { NO_ROWS_PAGE } from '../admin-filters.js';
import { projectNames } from '../nova/servers.js';
import { type Page, pageOf, pageSizeOf } from '../paging.js';

/**
 * Calls to Neutron v2.0 (api-contract §7, §8, §14.4). The catalog URL is the
 * service root (`http://host:9696`), so every path gets `/v2.0`.
 */

export const NETWORK_SERVICE = 'network';

export function neutron<T = unknown>(client: CloudClient, method: string, path: string, options: CloudRequestOptions = {}): Promise<UpstreamResponse<T>> {
  return client.request<T>(NETWORK_SERVICE, method, `/v2.0${path}`, options);
}

export const encode = encodeURIComponent;

export interface Extension {
  alias: string;
  name: string;
  description: string;
  updated: string;
  links: unknown[];
}

/** The extension list per endpoint, kept a minute: features are gated on it on almost every call. */
const extensionCache = endpointCache<Extension[]>(60_000);

export async function extensions(client: CloudClient): Promise<Extension[]> {
  return extensionCache(client.endpoint(NETWORK_SERVICE), async () => (await neutron<{ extensions: Extension[] }>(client, 'GET', '/extensions')).body.extensions);
}

export async function hasExtension(client: CloudClient, alias: string): Promise<boolean> {
  return (await extensions(client)).some((extension) => extension.alias === alias);
}

/** The session's project: every list the browser sees is scoped to it. */
export function projectOf(request: FastifyRequest): string {
  const projectId = request.session?.projectId;
  if (!projectId) throw new ApiError(401, 'not logged in');
  return projectId;
}

/**
 * Horizon's NeutronAPIDictWrapper: every `a:b` key is duplicated as `a__b`,
 * and `admin_state_up` gets its `admin_state` ("UP"/"DOWN").
 */
export function wrap<T extends Record<string, unknown>>(item: T): T & Record<string, unknown> {
  const result: Record<string, unknown> = { ...item };
  for (const [key, value] of Object.entries(item)) if (key.includes(':')) result[key.replace(/:/g, '__')] = value;
  if ('admin_state_up' in item) result.admin_state = item.admin_state_up ? 'UP' : 'DOWN';
  return result as T & Record<string, unknown>;
}

/** List-route query parameters become native filters (api-contract §1.5), repeated keys kept. */
export function filtersOf(request: FastifyRequest, ignore: string[] = []): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, string | string[]>)) {
    if (ignore.includes(key)) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * (not in the contract: Horizon's Admin > Network panels) `all_tenants=true`
 * asks for every project's records, which only the admin may; a member is
 * refused here, before Neutron is asked.
 */
export function wantsAllProjects(request: FastifyRequest): boolean {
  if ((request.query as Record<string, unknown> | undefined)?.all_tenants !== 'true') return false;
  enforce(request, 'network', ['admin_only']);
  return true;
}

/**
 * Every project's `collection` for an admin panel, a page at a time when
 * `paginate=true` (api-contract §1.6): Neutron is asked for the page size + 1
 * after `marker`, never for the whole cloud, searched by the panel's facets
 * as Neutron's own filters (`filters`: the query's allowed ones, the project
 * named by its id; null when the search cannot match, see adminFilters).
 */
export async function allProjectsPage<T extends { id: string }>(request: FastifyRequest, client: CloudClient, collection: string, filters: Record<string, string> | null): Promise<Page<T>> {
  if (!filters) return NO_ROWS_PAGE;
  const query = (request.query ?? {}) as Record<string, string | undefined>;
  const paginate = query.paginate === 'true';
  const size = paginate ? pageSizeOf(request) : 0;
  const response = await neutron<Record<string, T[]>>(client, 'GET', `/${collection}`, { query: { ...filters, ...(paginate ? { limit: size + 1, marker: query.marker } : {}) } });
  const rows = response.body[collection];
  return paginate ? pageOf(rows, size, query.marker) : { items: rows, has_more_data: false, has_prev_data: false };
}

/** Each record named with its owner's project (Horizon's Project column, `tenant_name`). */
export async function withProjectNames<T extends Record<string, unknown>>(client: CloudClient, records: T[]): Promise<(T & { tenant_name: string })[]> {
  const names = await projectNames(client);
  return records.map((record) => {
    const owner = String(record.project_id ?? record.tenant_id ?? '');
    return { ...record, tenant_name: names.get(owner) ?? owner };
  });
}
