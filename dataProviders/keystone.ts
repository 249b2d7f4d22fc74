import type { DataProvider } from 'ra-core';
import type { CatalogEndpoint, CatalogEntry } from '../shared/catalog';
import type { IdentityApi, PolicyApi, Project, UserSession } from '../src/backend/contract';
import { errorStatus, type HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import { createPolicyApi } from './config';
import { applyProjectMembers, loadProjectMembers, type ProjectMembers } from './project-members';
import { loadProjectQuotas, saveProjectQuotas } from './quotas';
import { createServiceProvider, type ResourceHandlers } from './resource-provider';

type Entity = ResourceRecord;

/**
 * The verbs of one identity kind at `/api/keystone/<collection>/`: single
 * entities have no trailing slash (api-contract §1.1); an update answers 204,
 * so the record is read again.
 */
function identityHandlers(http: HttpClient, collection: string): Required<Pick<ResourceHandlers, 'list' | 'get' | 'create' | 'update' | 'remove'>> {
  const one = (id: string) => `/api/keystone/${collection}/${encodeURIComponent(id)}`;
  return {
    list: async () => (await http.get<{ items: Entity[] }>(`/api/keystone/${collection}/`)).items,
    get: (id) => http.get<Entity>(one(id)),
    create: (data) => http.post<Entity>(`/api/keystone/${collection}/`, data),
    async update(id, data) {
      await http.patch(one(id), data);
      return http.get<Entity>(one(id));
    },
    async remove(id) {
      await http.delete(one(id));
    },
  };
}

/** Whether a list was refused by policy (then the panel shows what the caller may see). */
const refused = (error: unknown) => errorStatus(error) === 403;

/**
 * Lists `whole` when policy lets the user list every record of the kind,
 * else `own`, asking the policy first: a member's panel no longer draws a
 * 403 (and the browser's console error) before showing their own records.
 * A 403 that comes anyway (the cloud's policy differs) still falls back.
 */
async function listAllowed(policy: PolicyApi, rule: string, whole: () => Promise<Entity[]>, own: () => Promise<Entity[]>): Promise<Entity[]> {
  if (!(await policy.check([['identity', rule]]).catch(() => true))) return own();
  try {
    return await whole();
  } catch (error) {
    if (!refused(error)) throw error;
    return own();
  }
}

/**
 * `/api/keystone/` (spec 2 §7.3, spec 3 §2.4). Resources: `service` (the
 * catalog as the admin's System Information lists it), and the identity
 * kinds `domain`, `project`, `user`, `group`, `role`.
 */
export function createKeystoneProvider(http: HttpClient): DataProvider {
  const users = identityHandlers(http, 'users');
  const domains = identityHandlers(http, 'domains');
  const projects = identityHandlers(http, 'projects');
  const policy = createPolicyApi(http);
  return createServiceProvider('keystone', {
    service: {
      async list() {
        const { items } = await http.get<{ items: (CatalogEntry & Record<string, unknown>)[] }>('/api/keystone/services/');
        return items.map((entry) => ({ ...entry, id: String(entry.id), region: regionsOf(entry.endpoints) }));
      },
    },
    domain: {
      ...domains,
      // Without identity:list_domains only the user's own domain is listed (spec 3 §6).
      async list() {
        return listAllowed(
          policy,
          'identity:list_domains',
          async () => (await http.get<{ items: Entity[] }>('/api/keystone/domains/', { silent: true })).items,
          async () => [await http.get<Entity>('/api/keystone/default_domain/')],
        );
      },
    },
    project: {
      ...projects,
      // Edit Project's members step needs the current members (`meta.members`), Edit Quotas the quotas (`meta.quotas`).
      async get(id, meta) {
        const project = await projects.get(id);
        if (meta?.quotas) return { ...project, quotas: await loadProjectQuotas(http, id) };
        return meta?.members ? { ...project, members: await loadProjectMembers(http, id) } : project;
      },
      calls: {
        // Edit Quotas: each service's fields to its quota route.
        updateQuotas: (id, data) => saveProjectQuotas(http, id, data ?? {}),
      },
      // The members step's roles are granted once the project exists (api-contract §3: POST takes no members).
      async create(data) {
        const { members, ...project } = data;
        const created = await projects.create(project);
        await applyProjectMembers(http, String(created.id), (members ?? {}) as ProjectMembers);
        return created;
      },
      // The difference to the members Keystone has now is granted and revoked.
      async update(id, data) {
        const { members, ...project } = data;
        const updated = await projects.update(id, project);
        if (members) await applyProjectMembers(http, id, members as ProjectMembers, await loadProjectMembers(http, id));
        return updated;
      },
      // Keystone lists every project to admins only; a member sees the projects they belong to.
      async list() {
        return listAllowed(
          policy,
          'identity:list_projects',
          async () => (await http.get<{ items: Entity[] }>('/api/keystone/projects/', { silent: true })).items,
          async () => {
            const session = await http.get<UserSession>('/api/keystone/user-session/');
            return (await http.get<{ items: Entity[] }>(`/api/keystone/projects/?user_id=${encodeURIComponent(session.id)}`)).items;
          },
        );
      },
    },
    group: identityHandlers(http, 'groups'),
    role: identityHandlers(http, 'roles'),
    user: {
      ...users,
      serverFilters: ['name', 'id', 'enabled'],
      // Name, id and enabled filter on the server; without identity:list_users only the current user is listed (spec 3 §6).
      async list(params) {
        const filter = (params.filter ?? {}) as Record<string, unknown>;
        const query = Object.fromEntries(['name', 'id', 'enabled'].filter((key) => filter[key] !== undefined && filter[key] !== '').map((key) => [key, String(filter[key])]));
        return listAllowed(
          policy,
          'identity:list_users',
          async () => (await http.get<{ items: Entity[] }>('/api/keystone/users/', { query, silent: true })).items,
          async () => [await http.get<Entity>('/api/keystone/users/current')],
        );
      },
      // The role is granted on the primary project once the user exists (api-contract §3: no grant in POST).
      async create(data) {
        const { role, confirm_password: _confirm, ...user } = data;
        const created = await http.post<Entity>('/api/keystone/users/', user);
        if (role && user.project) await http.put(`/api/keystone/projects/${encodeURIComponent(String(user.project))}/${encodeURIComponent(String(role))}/${created.id}`);
        return created;
      },
      async update(id, data) {
        const { confirm_password: _confirm, ...change } = data;
        await http.patch(`/api/keystone/users/${encodeURIComponent(id)}`, change);
        return http.get<Entity>(`/api/keystone/users/${encodeURIComponent(id)}`);
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
    listRoles: async () => (await http.get<{ items: { id: string; name: string }[] }>('/api/keystone/roles/')).items,
  };
}

function regionsOf(endpoints: CatalogEndpoint[] | undefined): string {
  const regions = new Set((endpoints ?? []).map((endpoint) => endpoint.region ?? endpoint.region_id).filter(Boolean));
  return [...regions].sort().join(', ');
}

