import { DEFAULT_SETTINGS } from '../../shared/settings';
import type { DataProvider } from 'ra-core';
import type { AuthApi, Backend, ExtensionService, IdentityApi, MetadefsApi, PolicyApi, PolicyRules, Settings, UserSession } from '../../src/backend/contract';
import type { CatalogEntry } from '../../shared/catalog';
import { makeCatalog, makeSession } from './records';

type Verb = 'getList' | 'getOne' | 'create' | 'update' | 'delete' | 'supports' | 'getMetadata' | 'updateMetadata' | 'call';
type Handler = (params: any) => unknown;

/** What a test lets the fake data provider answer, per resource and verb. */
export type FakeResources = Record<string, Partial<Record<Verb, Handler>>>;

/**
 * A call the test did not arrange: it throws, and it also reports through
 * console.error so the test fails even when the engine catches the error
 * (components-setup fails any test that logs an error).
 */
function unexpected(what: string): never {
  const error = new Error(`Unexpected call: ${what}`);
  console.error(error);
  throw error;
}

/** A data provider answering only what `resources` arranges. Results are wrapped as ra-core expects. */
export function fakeDataProvider(resources: FakeResources): DataProvider {
  const verb = (name: Verb) => async (resource: string, params: any) => {
    const handler = resources[resource]?.[name];
    // Every create button with a quota asks for the project's quotas: none used up unless the test arranges them.
    if (!handler && resource === 'quota-usage' && name === 'getOne') return { data: { id: params.id } };
    // The landing page (the Overview) draws the usage chart: no samples unless the test arranges them.
    if (!handler && resource === 'usage-chart' && name === 'getOne') return { data: { id: params.id, series: [], stats: {}, settings: {} } };
    if (!handler) return unexpected(`dataProvider.${name}('${resource}')`);
    const result = await handler(params);
    // A getList handler returns the rows, or `{ data, pageInfo }` for a page of a server-paged list.
    if (name === 'getList') return Array.isArray(result) ? { data: result, total: result.length } : result;
    return { data: result ?? params.previousData ?? {} };
  };
  const refuse = (name: string) => async (resource: string) => unexpected(`dataProvider.${name}('${resource}')`);
  return {
    getList: verb('getList'),
    getOne: verb('getOne'),
    create: verb('create'),
    update: verb('update'),
    delete: verb('delete'),
    getMetadata: verb('getMetadata'),
    updateMetadata: verb('updateMetadata'),
    // A record's named call (`{ id, name, data }`, see resourceCall): the handler's answer is the call's.
    call: async (resource: string, params: any) => {
      const handler = resources[resource]?.call;
      if (!handler) return unexpected(`dataProvider.call('${resource}', '${params?.name}')`);
      return { data: await handler(params) };
    },
    // Service features (`{ feature }` → boolean); unarranged means "not available", as for a real provider without it.
    supports: async (resource: string, params: { feature: string }) => ({ data: Boolean(await resources[resource]?.supports?.(params)) }),
    getMany: refuse('getMany'),
    getManyReference: refuse('getManyReference'),
    updateMany: refuse('updateMany'),
    deleteMany: refuse('deleteMany'),
  } as DataProvider;
}

export interface FakeBackendOptions {
  resources?: FakeResources;
  auth?: Partial<AuthApi>;
  identity?: Partial<IdentityApi>;
  /** Answers POST /api/policy/; default: nothing allowed beyond rule-free panels. */
  policy?: (rules: PolicyRules) => boolean | Promise<boolean>;
  /** Answers GET /api/settings/; default: the server's defaults (shared/settings.ts). */
  settings?: Settings;
  /** Enabled extensions per service (GET /api/<service>/extensions/); default `STOCK_EXTENSIONS`. */
  extensions?: Partial<Record<ExtensionService, string[]>>;
  /** Answers the metadata editor's namespaces; unarranged calls fail the test. */
  metadefs?: Partial<MetadefsApi>;
}

/** What a stock cloud enables, so that panels gated on an extension show unless a test says otherwise. */
export const STOCK_EXTENSIONS: Partial<Record<ExtensionService, string[]>> = { neutron: ['trunk', 'qos', 'quotas', 'agent', 'router'], cinder: [] };

function strict<T extends object>(name: string, given: Partial<T>): T {
  return new Proxy(given, {
    get(target, key: string) {
      if (key in target) return target[key as keyof T];
      if (key === 'then') return undefined; // not a promise
      return () => unexpected(`${name}.${key}()`);
    },
  }) as T;
}

/** A backend whose every unarranged call fails the test. */
export function fakeBackend(options: FakeBackendOptions = {}): Backend {
  const policy: PolicyApi = { check: async (rules) => (options.policy ? options.policy(rules) : unexpected(`policy.check(${JSON.stringify(rules)})`)) };
  return {
    dataProvider: fakeDataProvider(options.resources ?? {}),
    auth: strict<AuthApi>('auth', options.auth ?? {}),
    identity: strict<IdentityApi>('identity', options.identity ?? {}),
    policy,
    settings: { get: async () => options.settings ?? { ...DEFAULT_SETTINGS } },
    extensions: { list: async (service) => (options.extensions ?? STOCK_EXTENSIONS)[service] ?? [] },
    metadefs: strict<MetadefsApi>('metadefs', options.metadefs ?? {}),
  };
}

/** A signed-in member (`admin: false`) or admin, with a compute and identity catalog. */
export function signedInBackend(
  options: FakeBackendOptions & { admin?: boolean; session?: Partial<UserSession>; catalog?: CatalogEntry[] } = {},
): Backend {
  const admin = options.admin ?? false;
  return fakeBackend({
    ...options,
    identity: {
      getUserSession: async () => makeSession({ ...(admin ? { username: 'admin', roles: [{ name: 'admin' }], is_superuser: true } : {}), ...options.session }),
      getServiceCatalog: async () => options.catalog ?? makeCatalog(['identity', 'compute']),
      ...options.identity,
    },
    policy: options.policy ?? ((rules) => admin || !rules.some(([scope, action]) => scope === 'identity' && action === 'admin_required')),
  });
}
