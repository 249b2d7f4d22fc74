import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { ApiError, UpstreamError } from '../../errors.js';
import type { CloudClient } from '../../openstack/client.js';
import { pageOf, pageSizeOf } from '../paging.js';
import type { InstanceActionBody } from '../../../shared/generated/instance.js';
import { nativeCreateBody } from './server-spec.js';
import { enforce } from '../../policy/enforce.js';
import { adminFilters, NO_ROWS_PAGE } from '../admin-filters.js';
import { BoundedMap } from '../../bounded-map.js';

/**
 * `/api/nova/servers/` and `/api/nova/servers/{id}` (api-contract §6, §6.1,
 * §6.2): the list at 2.42 (flavor `{id, links}`), the single GET and the
 * create at 2.67 (embedded flavor), the power operations and delete.
 */

export type NativeServer = Record<string, unknown> & { id: string; image?: { id: string } | '' };

/** The filters of Nova's server list the admin panel searches by (a name is a regular expression, addresses are prefixes). */
const ADMIN_FILTERS = ['tenant_id', 'host', 'name', 'image', 'flavor', 'ip', 'ip6', 'status', 'availability_zone'];

/** Microversions (api-contract §14.2): the list's `locked_attribute`, the create bundle and single GET. */
export const LIST_VERSIONS = ['2.9', '2.42'];
export const SERVER_VERSIONS = ['2.67'];

/** What Horizon's Server wrapper adds: these are always null (api-contract §6.2). */
const ALWAYS_NULL = { attrs: null, private_ip: null, public_ip: null, uuid: null, VirtualInterfaces: null };

export function shapeServer(server: NativeServer, imageName: string | null) {
  // The same object as `{ ...server, image_name, ...ALWAYS_NULL }`, built onto a new one: Node's V8 writes each key
  // that follows a spread through a slow path (~9 µs a row, a fifth of a millisecond for a page of 20).
  return Object.assign({}, server, { image_name: imageName }, ALWAYS_NULL);
}

export const serverPath = (id: string) => `/servers/${encodeURIComponent(id)}`;

/** Image names by id, as the caller may see them (one Glance call); an image gone or hidden has none. */
async function imageNames(client: CloudClient, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const unique = [...new Set(ids.filter(Boolean))];
  if (!unique.length) return names;
  try {
    const response = await client.request<{ images: { id: string; name: string | null }[] }>('image', 'GET', '/v2/images', {
      query: { id: `in:${unique.join(',')}`, limit: 1000 },
    });
    for (const image of response.body.images) names.set(image.id, image.name ?? '');
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // Without Glance the list still shows; the names are just unknown.
  }
  return names;
}

const imageIdOf = (server: NativeServer) => (server.image && typeof server.image === 'object' ? server.image.id : '');

/**
 * The image ids each project's last list named (by project, and `*` for the
 * admin's every-project list). The next list asks Glance for their names
 * beside Nova's call instead of after it, and asks again only for an id that
 * was not among them: the names are always the caller's fresh ones, and a
 * page of instances no longer waits for two calls one after the other
 * (issue 17: Glance's answer was 10-40 ms of the instances page).
 */
const recentImageIds = new BoundedMap<string, string[]>(1000);
/** More ids than a page holds are not worth asking for on a guess. */
const MAX_GUESSED_IDS = 100;

function rememberImageIds(key: string, ids: string[]): void {
  if (ids.length > MAX_GUESSED_IDS) recentImageIds.delete(key);
  else recentImageIds.set(key, ids);
}

/**
 * The names of `servers`' images, taking those of `early` (Glance's answer
 * for the `guessed` ids, asked beside Nova's call) and asking for the rest.
 * A guessed id without a name is an image gone or hidden: not asked again.
 */
async function namesOf(client: CloudClient, servers: NativeServer[], guessed: string[], early: Promise<Map<string, string>> | undefined) {
  const ids = [...new Set(servers.map(imageIdOf).filter(Boolean))];
  const known = new Set(guessed);
  const [found, rest] = await Promise.all([early ?? new Map<string, string>(), imageNames(client, ids.filter((id) => !known.has(id)))]);
  for (const [id, name] of rest) found.set(id, name);
  return { names: found, ids };
}

/** `{operation}` → the Nova action body (api-contract §6). */
const OPERATIONS: Record<string, unknown> = {
  start: { 'os-start': null },
  stop: { 'os-stop': null },
  pause: { pause: null },
  unpause: { unpause: null },
  suspend: { suspend: null },
  resume: { resume: null },
  soft_reboot: { reboot: { type: 'SOFT' } },
  hard_reboot: { reboot: { type: 'HARD' } },
  // (not in the contract: Horizon's Lock/Unlock, Shelve/Unshelve and Unrescue table actions, body-less as these)
  lock: { lock: null },
  unlock: { unlock: null },
  shelve: { shelve: null },
  unshelve: { unshelve: null },
  unrescue: { unrescue: null },
};

/** Project id → name, for the admin's lists of every project. */
export async function projectNames(client: CloudClient): Promise<Map<string, string>> {
  const response = await client.request<{ projects: { id: string; name: string }[] }>('identity', 'GET', '/projects');
  return new Map(response.body.projects.map((project) => [project.id, project.name]));
}

export const serverRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  // The session's project only, as Horizon lists it.
  // With paginate=true, one page as Horizon's server_list pages it: page size + 1 after `marker`, newest first (api-contract §1.6).
  app.get<{ Querystring: Record<string, string> }>('/api/nova/servers/', async (request) => {
    const client = await access.client(request);
    const projectId = request.session?.projectId;
    if (!projectId) throw new ApiError(401, 'not logged in');
    const paginate = request.query.paginate === 'true';
    const size = paginate ? pageSizeOf(request) : 0;
    const marker = paginate ? request.query.marker : undefined;
    const microversion = await client.microversion('compute', LIST_VERSIONS);
    // (not in the contract: Horizon's admin instances view) `all_tenants=true`: every project's, the admin's only, named from Keystone.
    const allTenants = request.query.all_tenants === 'true';
    if (allTenants) enforce(request, 'compute', ['os_compute_api:servers:index:get_all_tenants']);
    // The admin's search is Nova's own (Horizon's AdminInstanceFilterAction): never computed from one page.
    const filters = allTenants ? await adminFilters(request, client, ADMIN_FILTERS) : {};
    if (!filters) return NO_ROWS_PAGE;
    const query = { ...(allTenants ? { all_tenants: 1, ...filters } : { project_id: projectId }), ...(paginate ? { limit: size + 1, marker } : {}) };
    const guessKey = allTenants ? '*' : projectId;
    const guessed = recentImageIds.get(guessKey) ?? [];
    const early = guessed.length ? imageNames(client, guessed) : undefined;
    early?.catch(() => undefined); // awaited below, unless Nova's call fails first
    const response = await client.request<{ servers: NativeServer[] }>('compute', 'GET', '/servers/detail', { microversion, query });
    const servers = allTenants ? response.body.servers : response.body.servers.filter((server) => server.tenant_id === undefined || server.tenant_id === projectId);
    const page = paginate ? pageOf(servers, size, marker) : { items: servers };
    const [{ names, ids }, projects] = await Promise.all([namesOf(client, page.items, guessed, early), allTenants ? projectNames(client) : null]);
    rememberImageIds(guessKey, ids);
    return {
      ...page,
      items: page.items.map((server) => {
        const shaped = shapeServer(server, names.get(imageIdOf(server)) ?? null);
        return projects ? { ...shaped, tenant_name: projects.get(String(server.tenant_id)) ?? server.tenant_id } : shaped;
      }),
    };
  });

  app.post('/api/nova/servers/', { schema: { body: { $ref: 'instance.schema.json#/$defs/createBody' } } }, async (request, reply) => {
    const body = nativeCreateBody(request.body);
    const client = await access.client(request);
    const microversion = await client.microversion('compute', SERVER_VERSIONS);
    if (!microversion && body.server.networks === 'auto') delete body.server.networks; // before 2.37 an omitted list means the same
    const response = await client.request<{ server: NativeServer }>('compute', 'POST', '/servers', { microversion, body });
    const created = response.body.server;
    reply.code(201).header('Location', `/api/nova/servers/${encodeURIComponent(created.id)}`);
    // Horizon answers the wrapper of the create response: the id and links are set, the rest is null (api-contract §6).
    return {
      id: created.id,
      name: null,
      status: null,
      addresses: null,
      image: null,
      image_name: null,
      flavor: null,
      key_name: null,
      metadata: null,
      links: created.links ?? null,
      'OS-DCF:diskConfig': created['OS-DCF:diskConfig'] ?? null,
      security_groups: created.security_groups ?? null,
      ...ALWAYS_NULL,
    };
  });

  app.get<{ Params: { id: string } }>('/api/nova/servers/:id', async (request) => {
    const client = await access.client(request);
    const microversion = await client.microversion('compute', SERVER_VERSIONS);
    const response = await client.request<{ server: NativeServer }>('compute', 'GET', serverPath(request.params.id), { microversion });
    const server = response.body.server;
    let imageName: string | null = null;
    const imageId = imageIdOf(server);
    if (imageId) {
      try {
        imageName = (await client.request<{ name: string | null }>('image', 'GET', `/v2/images/${encodeURIComponent(imageId)}`)).body.name;
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
      }
    }
    return shapeServer(server, imageName);
  });

  app.post<{ Params: { id: string }; Body: InstanceActionBody }>('/api/nova/servers/:id', { schema: { body: { $ref: 'instance.schema.json#/$defs/actionBody' } } }, async (request, reply) => {
    const operation = request.body?.operation;
    if (operation === undefined) throw new ApiError(400, "missing required parameter 'operation'");
    const action = typeof operation === 'string' && Object.hasOwn(OPERATIONS, operation) ? OPERATIONS[operation] : undefined;
    // Horizon answers an unknown operation with a 500; a bad value is the caller's error, so 400 naming the field.
    if (!action) throw new ApiError(400, `'operation' must be one of ${Object.keys(OPERATIONS).join(', ')}`);
    const client = await access.client(request);
    await client.request('compute', 'POST', `${serverPath(request.params.id)}/action`, { body: action });
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>('/api/nova/servers/:id', async (request, reply) => {
    const client = await access.client(request);
    await client.request('compute', 'DELETE', serverPath(request.params.id));
    return reply.code(204).send();
  });
};
