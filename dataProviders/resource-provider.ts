import type { DataProvider, GetListParams } from 'ra-core';
import type { HttpClient } from '../src/backend/http';
import { type CallParams, type MetadataChanges, type ResourceRecord, sortRecords } from '../src/backend/verbs';

/** What one service can do with one of its resources; absent verbs are unsupported. */
/**
 * One page of a list the API pages (api-contract §1.6): `params.meta.marker`
 * and `params.pagination.perPage` (the limit) were sent, and the answer says
 * whether more pages follow or precede.
 */
export interface ListPage {
  items: ResourceRecord[];
  hasMore: boolean;
  hasPrev: boolean;
  /** How many records all pages hold, when the API says: the table shows the page count. */
  total?: number;
  /**
   * The page is about to change by itself (Task History while tasks run:
   * each that ends joins it); the page is fetched again at the poll interval.
   */
  changing?: boolean;
}

/** A server-paged list's answer (api-contract §1.6). */
export interface PagedAnswer<T> {
  items: T[];
  has_more_data?: boolean;
  has_prev_data?: boolean;
}

/**
 * The page a list call asks for, when the engine pages on the server (its
 * `meta` carries `marker`, undefined for the first page): the `/api` query
 * that asks for it (`paginate`, `limit`, `marker`). Undefined for a call
 * that wants the whole list (option sources, getMany).
 *
 * @example
 * pageQuery({ pagination: { page: 1, perPage: 20 }, meta: { marker: 'i9' } }); // { paginate: 'true', limit: '20', marker: 'i9' }
 */
export function pageQuery(params: GetListParams): Record<string, string> | undefined {
  if (!params.meta || !('marker' in params.meta)) return undefined;
  const marker = params.meta.marker as string | undefined;
  return { paginate: 'true', limit: String(params.pagination?.perPage ?? 20), ...(marker ? { marker } : {}) };
}

/** The `ListPage` of a paged answer, its items made records by `record`. */
export function listPage<T>(answer: PagedAnswer<T>, record: (item: T) => ResourceRecord): ListPage {
  return { items: answer.items.map(record), hasMore: answer.has_more_data === true, hasPrev: answer.has_prev_data === true };
}

/**
 * An admin panel's list of every project's records (its panel filter
 * `all_tenants: 'true'`): the page the server pages, with the panel's server
 * facets as the route's query, each made a record by `record`. Undefined for
 * any other list, which the caller lists its own way.
 *
 * @example
 * async list(params) { return (await allTenantsPage(http, '/api/neutron/routers/', params, routerRecord)) ?? projectRouters(); }
 */
export async function allTenantsPage<T>(http: HttpClient, path: string, params: GetListParams, record: (item: T) => ResourceRecord): Promise<ListPage | undefined> {
  if (params.filter?.all_tenants !== 'true') return undefined;
  const answer = await http.get<PagedAnswer<T>>(path, { query: { ...params.filter, all_tenants: 'true', ...pageQuery(params) }, signal: params.signal });
  return listPage(answer, record);
}

export interface ResourceHandlers {
  /** All records, or one page of them when the API pages (see `ListPage`). */
  list?(params: GetListParams): Promise<ResourceRecord[] | ListPage>;
  /** `meta` is the caller's `getOne` meta, e.g. `{ get_access_list: true }` when a form needs more than the list has. */
  get?(id: string, meta?: Record<string, unknown>): Promise<ResourceRecord>;
  /** `meta` is the caller's `create` meta, e.g. `{ onProgress }` for an upload (see `UploadProgress`). */
  create?(data: Record<string, unknown>, meta?: Record<string, unknown>): Promise<ResourceRecord>;
  update?(id: string, data: Record<string, unknown>): Promise<ResourceRecord>;
  /** `record` is the deleted record as listed, for routes that need more than its id (a router interface's router). */
  remove?(id: string, record?: ResourceRecord): Promise<void>;
  /** The record's metadata as a flat key → value map (image properties, flavor extra specs…). */
  getMetadata?(id: string): Promise<Record<string, unknown>>;
  /** Sets `updated` and removes `removed` keys of the record's metadata (api-contract §1.7). */
  updateMetadata?(id: string, changes: MetadataChanges): Promise<void>;
  /**
   * Named calls on one record beyond CRUD: state changes (an instance's
   * `start`, `stop` …, run by `operation` actions) and reads of its
   * sub-resources (`console-output`, `actions` …). `data` is the call's
   * input; what it resolves to is the call's answer.
   * @example { stop: (id) => http.post(`/api/nova/servers/${id}`, { operation: 'stop' }) }
   */
  calls?: Record<string, (id: string, data?: Record<string, unknown>) => Promise<unknown>>;
  /**
   * Filter params `list` sends to the server itself (server facets, e.g.
   * flavors' `is_public`); the provider does not filter records by them again.
   * @example ['is_public']
   */
  serverFilters?: readonly string[];
}

/** The verbs of a resource's handlers (everything but its settings and named calls). */
type HandlerVerb = Exclude<keyof ResourceHandlers, 'serverFilters' | 'calls'>;

/** What a service offers beyond its resources' verbs. */
export interface ServiceOptions {
  /** Whether the service has a feature (api-contract: `/api/nova/features/{name}/`). Default: none. */
  feature?(name: string): Promise<boolean>;
}

/**
 * Turns per-resource handlers into a react-admin DataProvider. Lists come
 * whole from the server (api-contract §1.6: no paging for most lists), so
 * sort, filter and pagination, when asked for, are applied here.
 *
 * @example
 * createServiceProvider('nova', { keypair: { list: () => http.get(...).then(flatten) } })
 */
export function createServiceProvider(service: string, handlers: Record<string, ResourceHandlers>, options: ServiceOptions = {}): DataProvider {
  // ra-core's verbs are generic in the caller's record type, which a runtime
  // provider cannot know; results are cast with `as never` for that reason.
  function handler<K extends HandlerVerb>(resource: string, verb: K): NonNullable<ResourceHandlers[K]> {
    const found = handlers[resource]?.[verb] as ((...args: never[]) => unknown) | undefined;
    if (!found) throw new Error(`${service}: ${verb} is not supported for ${resource}`);
    return found.bind(handlers[resource]) as NonNullable<ResourceHandlers[K]>;
  }

  return {
    async getList(resource, params) {
      const all = await handler(resource, 'list')(params);
      if (!Array.isArray(all)) {
        return { data: all.items, pageInfo: { hasNextPage: all.hasMore, hasPreviousPage: all.hasPrev }, total: all.total, meta: { changing: all.changing === true } } as never;
      }
      const serverSide = new Set(handlers[resource]?.serverFilters ?? []);
      const clientFilter = Object.fromEntries(Object.entries(params.filter ?? {}).filter(([key]) => !serverSide.has(key)));
      const rows = sortRecords(filterRecords(all, clientFilter), params.sort);
      const { page, perPage } = params.pagination ?? { page: 1, perPage: rows.length };
      return { data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length } as never;
    },
    async getOne(resource, params) {
      return { data: await handler(resource, 'get')(String(params.id), params.meta as Record<string, unknown> | undefined) } as never;
    },
    async getMany(resource, params) {
      const wanted = new Set(params.ids.map(String));
      const listed = await handler(resource, 'list')({});
      const all = Array.isArray(listed) ? listed : listed.items;
      return { data: all.filter((record) => wanted.has(record.id)) } as never;
    },
    async getManyReference(resource) {
      throw new Error(`${service}: getManyReference is not supported for ${resource}`);
    },
    async create(resource, params) {
      return { data: await handler(resource, 'create')(params.data, params.meta as Record<string, unknown> | undefined) } as never;
    },
    async update(resource, params) {
      return { data: await handler(resource, 'update')(String(params.id), params.data) } as never;
    },
    async updateMany(resource) {
      throw new Error(`${service}: updateMany is not supported for ${resource}`);
    },
    async delete(resource, params) {
      await handler(resource, 'remove')(String(params.id), params.previousData as ResourceRecord | undefined);
      return { data: params.previousData ?? { id: params.id } } as never;
    },
    async getMetadata(resource: string, params: { id: string }) {
      return { data: await handler(resource, 'getMetadata')(String(params.id)) };
    },
    async updateMetadata(resource: string, params: { id: string; data: MetadataChanges }) {
      await handler(resource, 'updateMetadata')(String(params.id), params.data);
      return { data: null };
    },
    async call(resource: string, params: CallParams) {
      const found = handlers[resource]?.calls?.[params.name];
      if (!found) throw new Error(`${service}: call ${params.name} is not supported for ${resource}`);
      return { data: await found(String(params.id), params.data) };
    },
    async supports(_resource: string, params: { feature: string }) {
      return { data: options.feature ? await options.feature(params.feature) : false };
    },
    async deleteMany(resource, params) {
      const remove = handler(resource, 'remove');
      for (const id of params.ids) await remove(String(id)); // one at a time, as Horizon's bulk deletes
      return { data: params.ids };
    },
  };
}

function filterRecords(records: ResourceRecord[], filter: Record<string, unknown> | undefined): ResourceRecord[] {
  const entries = Object.entries(filter ?? {}).filter(([, value]) => value !== undefined && value !== '');
  return entries.length === 0 ? records : records.filter((record) => entries.every(([key, value]) => record[key] === value));
}

