import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { BffContext } from '../../context.js';
import { UpstreamError } from '../../errors.js';
import type { CloudClient } from '../../openstack/client.js';
import { enforce } from '../../policy/enforce.js';
import { checkId, created, idsOf, literalNotFound, withoutNulls } from './shared.js';
import type { DomainCreate } from '../../../shared/generated/domain.js';

/** `/api/keystone/domains/` and `default_domain/` (api-contract §3). */

interface KeystoneDomain {
  id: string;
  name: string;
  enabled: boolean;
  [key: string]: unknown;
}

const domainPath = (id: string) => `/domains/${encodeURIComponent(id)}`;

/**
 * The session's domain: `{id, name}` of the domain scope, else the user's
 * own. A member may not read the domain; the token's name is used then.
 */
export async function defaultDomain(client: CloudClient, request: FastifyRequest): Promise<{ id: string; name: string }> {
  const session = request.session!;
  const id = session.domainId ?? session.userDomainId;
  try {
    const { domain } = (await client.request<{ domain: KeystoneDomain }>('identity', 'GET', domainPath(id))).body;
    return { id: domain.id, name: domain.name };
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 403) return { id, name: session.domainName ?? session.userDomainName };
    throw error;
  }
}

/** Keystone refuses to delete an enabled domain; Horizon's users expect the delete to work, so it is disabled first. */
async function deleteDomain(client: CloudClient, id: string): Promise<void> {
  const { domain } = (await client.request<{ domain: KeystoneDomain }>('identity', 'GET', domainPath(id))).body;
  if (domain.enabled) await client.request('identity', 'PATCH', domainPath(id), { body: { domain: { enabled: false } } });
  await client.request('identity', 'DELETE', domainPath(id));
}

export const keystoneDomainRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get('/api/keystone/default_domain/', async (request) => defaultDomain(await access.client(request), request));

  app.get('/api/keystone/domains/', async (request) => {
    const client = await access.client(request);
    return { items: (await client.request<{ domains: KeystoneDomain[] }>('identity', 'GET', '/domains')).body.domains };
  });

  app.post<{ Body: DomainCreate }>('/api/keystone/domains/', { schema: { body: { $ref: 'domain.schema.json#/$defs/create' } } }, async (request, reply) => {
    enforce(request, 'identity', ['identity:create_domain']);
    const body = withoutNulls({ ...request.body, enabled: request.body.enabled ?? true });
    const response = await (await access.client(request)).request<{ domain: KeystoneDomain }>('identity', 'POST', '/domains', { body: { domain: body } });
    return created(reply, 'domains', response.body.domain);
  });

  app.delete('/api/keystone/domains/', async (request, reply) => {
    enforce(request, 'identity', ['identity:update_domain', 'identity:delete_domain']);
    const client = await access.client(request);
    for (const id of idsOf(request)) await deleteDomain(client, id);
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/keystone/domains/:id', async (request) => {
    checkId(request.params.id, ['default']);
    const client = await access.client(request);
    if (request.params.id === 'default') return defaultDomain(client, request);
    return (await client.request<{ domain: KeystoneDomain }>('identity', 'GET', domainPath(request.params.id))).body.domain;
  });

  app.patch<{ Params: { id: string }; Body: DomainCreate }>(
    '/api/keystone/domains/:id',
    { schema: { body: { $ref: 'domain.schema.json#/$defs/update' } } },
    async (request, reply) => {
      checkId(request.params.id);
      enforce(request, 'identity', ['identity:update_domain']);
      await (await access.client(request)).request('identity', 'PATCH', domainPath(request.params.id), { body: { domain: withoutNulls({ ...request.body }) } });
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { id: string } }>('/api/keystone/domains/:id', async (request, reply) => {
    if (request.params.id === 'default') return literalNotFound(reply, 'default');
    checkId(request.params.id);
    enforce(request, 'identity', ['identity:update_domain', 'identity:delete_domain']);
    await deleteDomain(await access.client(request), request.params.id);
    return reply.code(204).send();
  });
};
