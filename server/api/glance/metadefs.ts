import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { BffContext } from '../../context.js';
import type { CloudClient } from '../../openstack/client.js';
import { BoundedMap } from '../../bounded-map.js';

/**
 * `/api/glance/metadefs/` (api-contract §4): namespaces for a resource type,
 * each fetched in full so its property names carry that type's prefix. The
 * answer changes rarely and is asked by every metadata dialog, so it is
 * cached for a minute per caller (visibility depends on the project).
 */

interface Association {
  name: string;
  prefix?: string;
  properties_target?: string;
}
type NamespaceSummary = { namespace: string; resource_type_associations?: Association[] } & Record<string, unknown>;

const RESULT_LIMIT = 1000;
const DEFAULT_PAGE_SIZE = 20;
const CACHE_MS = 60_000;
const cache = new BoundedMap<string, { at: number; value: unknown }>(500);

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

async function namespaceList(client: CloudClient, request: FastifyRequest) {
  const query = (request.query ?? {}) as Record<string, string | string[]>;
  const resourceType = first(query.resource_type);
  const propertiesTarget = first(query.properties_target);
  const marker = first(query.marker);
  const paginate = first(query.paginate) === 'true';
  const cookie = Number(request.cookies.API_RESULT_PAGE_SIZE);
  const pageSize = Number.isInteger(cookie) && cookie > 0 ? cookie : DEFAULT_PAGE_SIZE;
  const response = await client.request<{ namespaces: NamespaceSummary[] }>('image', 'GET', '/v2/metadefs/namespaces', {
    query: {
      resource_types: resourceType,
      limit: paginate ? pageSize + 1 : RESULT_LIMIT,
      marker,
      sort_key: first(query.sort_key) ?? 'namespace',
      sort_dir: first(query.sort_dir) ?? 'asc',
    },
  });
  let namespaces = response.body.namespaces;
  if (propertiesTarget) {
    namespaces = namespaces.filter((ns) => (ns.resource_type_associations ?? []).some((assoc) => assoc.name === resourceType && assoc.properties_target === propertiesTarget));
  }
  const hasMore = paginate && namespaces.length > pageSize;
  if (paginate) namespaces = namespaces.slice(0, pageSize);
  const items = await Promise.all(
    namespaces.map(async (ns) => (await client.request('image', 'GET', `/v2/metadefs/namespaces/${encodeURIComponent(ns.namespace)}`, { query: { resource_type: resourceType } })).body),
  );
  return { items, has_more_data: hasMore, has_prev_data: paginate && Boolean(marker) };
}

export const metadefRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get('/api/glance/metadefs/namespaces/', async (request, reply) => {
    const client = await access.client(request);
    const session = request.session!;
    const key = [client.endpoint('image'), session.projectId, session.domainId, [...session.roles].sort().join(','), request.url.split('?')[1] ?? ''].join('\n');
    const hit = cache.get(key);
    reply.header('Cache-Control', 'private, max-age=60');
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const value = await namespaceList(client, request);
    cache.set(key, { at: Date.now(), value });
    return value;
  });

  app.get('/api/glance/metadefs/resourcetypes/', async (request) => {
    const client = await access.client(request);
    const response = await client.request<{ resource_types: { name: string; created_at: string; updated_at: string }[] }>('image', 'GET', '/v2/metadefs/resource_types');
    return { items: response.body.resource_types.map(({ name, created_at, updated_at }) => ({ name, created_at, updated_at })) };
  });
};
