import type { DataProvider } from 'ra-core';
import type { HttpClient } from './http';
import { createServiceProvider } from './resource-provider';
import type { CatalogEndpoint, CatalogEntry } from '../server/openstack/catalog.js';

/** `/api/keystone/user-session/` (api-contract §3); it never holds the token. */
export interface UserSession {
  id: string;
  username: string;
  user_domain_id: string;
  user_domain_name: string;
  project_id: string | null;
  project_name: string | null;
  domain_id: string | null;
  domain_name: string | null;
  roles: { name: string }[];
  is_superuser: boolean;
  enabled: boolean;
  services_region: string | null;
  available_services_regions: string[];
}

/** One entry of `/api/keystone/svc-catalog/` (public endpoints only): the server's own type, so the two cannot drift. */
export type { CatalogEndpoint, CatalogEntry } from '../server/openstack/catalog.js';

export interface Project {
  id: string;
  name: string;
  description?: string;
  domain_id?: string;
  enabled?: boolean;
}

/** Keystone calls that are not about one resource type: the session, the catalog, my projects. */
export interface IdentityApi {
  getUserSession(options?: { silent?: boolean }): Promise<UserSession>;
  getServiceCatalog(): Promise<CatalogEntry[]>;
  /** The projects `userId` (the session's user) may switch to: the list cached at login. */
  listMyProjects(userId: string): Promise<Project[]>;
  /** Every project of the session's domain (Keystone lets admins only list them). */
  listProjects(): Promise<Project[]>;
}

/**
 * `/api/keystone/` (spec 2 §7.3). Resources: `service` (the catalog as the
 * admin's System Information lists it).
 */
export function createKeystoneProvider(http: HttpClient): DataProvider {
  return createServiceProvider('keystone', {
    service: {
      async list() {
        const { items } = await http.get<{ items: (CatalogEntry & Record<string, unknown>)[] }>('/api/keystone/services/');
        return items.map((entry) => ({ ...entry, id: String(entry.id), region: regionsOf(entry.endpoints) }));
      },
    },
  });
}

export function createIdentityApi(http: HttpClient): IdentityApi {
  return {
    getUserSession: (options) => http.get<UserSession>('/api/keystone/user-session/', { silent: options?.silent }),
    getServiceCatalog: () => http.get<CatalogEntry[]>('/api/keystone/svc-catalog/'),
    listMyProjects: async (userId) => (await http.get<{ items: Project[] }>(`/api/keystone/projects/?user_id=${encodeURIComponent(userId)}`)).items,
    listProjects: async () => (await http.get<{ items: Project[] }>('/api/keystone/projects/')).items,
  };
}

function regionsOf(endpoints: CatalogEndpoint[] | undefined): string {
  const regions = new Set((endpoints ?? []).map((endpoint) => endpoint.region ?? endpoint.region_id).filter(Boolean));
  return [...regions].sort().join(', ');
}

/**
 * Whether a catalog service type is usable (api-contract §3): identity if any
 * entry exists; any other type needs an endpoint in the session's region.
 */
export function isServiceEnabled(catalog: CatalogEntry[], type: string, region: string | null): boolean {
  const entries = catalog.filter((entry) => entry.type === type);
  if (type === 'identity') return entries.length > 0;
  return entries.some((entry) => entry.endpoints.some((endpoint) => endpoint.region === region || endpoint.region_id === region));
}
