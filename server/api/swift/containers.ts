import type { FastifyPluginAsync } from 'fastify';
import type { ContainerAccess, ContainerCreate } from '../../../shared/generated/container.js';
import type { BffContext } from '../../context.js';
import { callUpstream } from '../../openstack/http.js';
import type { CloudClient } from '../../openstack/client.js';
import { conflict, headOrNull, infoUrl, OBJECT_STORE, objectPath, swift } from './native.js';

/** `/api/swift/` info, policies and containers (api-contract §9). */

const PUBLIC_ACL = '.r:*,.rlistings';

interface NativeContainer {
  name: string;
  count: number;
  bytes: number;
  last_modified: string;
}

async function fetchInfo(client: CloudClient): Promise<Record<string, unknown>> {
  const response = await callUpstream<Record<string, unknown>>({ method: 'GET', url: infoUrl(client), timeoutMs: client.remainingMs(OBJECT_STORE), service: OBJECT_STORE });
  return response.body ?? {};
}

function displayNames(settings: BffContext['settings']): Record<string, string> {
  return ((settings as unknown as Record<string, unknown>).SWIFT_STORAGE_POLICY_DISPLAY_NAMES as Record<string, string> | undefined) ?? {};
}

/** Swift's `X-Timestamp` (seconds) as ISO without a zone. */
function isoTimestamp(header: string | null): string | null {
  if (!header) return null;
  return new Date(Number(header) * 1000).toISOString().replace(/Z$/, '');
}

const IS_PUBLIC = { $ref: 'container.schema.json#/$defs/access' };
const CREATE = { $ref: 'container.schema.json#/$defs/create' };
const CONTAINER = { type: 'object', required: ['container'], properties: { container: { type: 'string', minLength: 1, maxLength: 256, pattern: '^[^/]+$' } } } as const;

export const containerRoutes: FastifyPluginAsync<BffContext> = async (app, { access, settings }) => {
  app.get('/api/swift/info/', async (request) => {
    const client = await access.client(request);
    try {
      return { info: await fetchInfo(client) };
    } catch {
      return { info: {} };
    }
  });

  app.get('/api/swift/policies/', async (request) => {
    const client = await access.client(request);
    const info = await fetchInfo(client);
    const swiftInfo = info.swift as { policies?: { name: string; default?: boolean; aliases?: string }[] } | undefined;
    if (!swiftInfo) throw new Error('The object storage /info has no swift section.');
    const names = displayNames(settings);
    return { policies: (swiftInfo.policies ?? []).map((policy) => ({ ...policy, ...(names[policy.name] ? { display_name: names[policy.name] } : {}) })) };
  });

  // Pages of 1,000 (api-contract §9 asks for 1001 to know has_more); `marker` (the last name of a page) gives the next one.
  app.get<{ Querystring: { prefix?: string; marker?: string } }>(
    '/api/swift/containers/',
    { schema: { querystring: { type: 'object', properties: { prefix: { type: 'string', maxLength: 256 }, marker: { type: 'string', maxLength: 256 } } } } },
    async (request) => {
      const client = await access.client(request);
      const response = await swift<NativeContainer[]>(client, 'GET', '', {
        query: { format: 'json', limit: 1001, prefix: request.query.prefix || undefined, marker: request.query.marker || undefined },
      });
      const items = response.body ?? [];
      const page = items.slice(0, 1000);
      const hasMore = items.length > 1000;
      return { items: page, has_more: hasMore, next_marker: hasMore ? page.at(-1)!.name : null };
    },
  );

  app.get<{ Params: { container: string } }>('/api/swift/containers/:container/metadata/', { schema: { params: CONTAINER } }, async (request) => {
    const client = await access.client(request);
    const { container } = request.params;
    const headers = (await swift(client, 'HEAD', objectPath(container))).headers;
    const isPublic = (headers.get('x-container-read') ?? '').split(',').some((entry) => entry.trim() === '.r:*');
    const policy = headers.get('x-storage-policy');
    const names = displayNames(settings);
    return {
      name: container,
      container_object_count: headers.get('x-container-object-count'),
      container_bytes_used: headers.get('x-container-bytes-used'),
      timestamp: isoTimestamp(headers.get('x-timestamp')),
      data: null,
      is_public: isPublic,
      storage_policy: policy ? { name: policy, ...(names[policy] ? { display_name: names[policy] } : {}) } : null,
      public_url: isPublic ? `${client.endpoint(OBJECT_STORE)}${objectPath(container)}` : null,
    };
  });

  app.post<{ Params: { container: string }; Body: ContainerCreate }>(
    '/api/swift/containers/:container/metadata/',
    { schema: { params: CONTAINER, body: CREATE } },
    async (request, reply) => {
      const client = await access.client(request);
      const { container } = request.params;
      if (await headOrNull(client, objectPath(container))) throw conflict('A container with that name exists.');
      const headers: Record<string, string> = {};
      if (request.body?.is_public) headers['X-Container-Read'] = PUBLIC_ACL;
      if (request.body?.storage_policy) headers['X-Storage-Policy'] = request.body.storage_policy;
      await swift(client, 'PUT', objectPath(container), { headers });
      return reply.code(201).header('Location', `/api/swift/containers/${encodeURIComponent(container)}`).send();
    },
  );

  app.put<{ Params: { container: string }; Body: ContainerAccess }>(
    '/api/swift/containers/:container/metadata/',
    { schema: { params: CONTAINER, body: IS_PUBLIC } },
    async (request, reply) => {
      const client = await access.client(request);
      await swift(client, 'POST', objectPath(request.params.container), { headers: { 'X-Container-Read': request.body.is_public ? PUBLIC_ACL : '' } });
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { container: string } }>('/api/swift/containers/:container/metadata/', { schema: { params: CONTAINER } }, async (request, reply) => {
    const client = await access.client(request);
    const path = objectPath(request.params.container);
    const listed = await swift<unknown[]>(client, 'GET', path, { query: { format: 'json', delimiter: '/', limit: 1001 } });
    if ((listed.body ?? []).length > 0) throw conflict('The container cannot be deleted since it is not empty.');
    await swift(client, 'DELETE', path);
    return reply.code(204).send();
  });
};
