import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { enforce } from '../../policy/enforce.js';
import { checkId, created, deleteEach, idsOf, withoutNulls } from './shared.js';
import { effectiveDomain } from './users.js';

/** `/api/keystone/groups/` (api-contract §3). */

interface KeystoneGroup {
  id: string;
  name: string;
  domain_id: string;
  [key: string]: unknown;
}

const groupPath = (id: string) => `/groups/${encodeURIComponent(id)}`;

export const keystoneGroupRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get<{ Querystring: { domain_id?: string } }>('/api/keystone/groups/', async (request) => {
    const query = { domain_id: request.query.domain_id ?? effectiveDomain(request) };
    const response = await (await access.client(request)).request<{ groups: KeystoneGroup[] }>('identity', 'GET', '/groups', { query });
    return { items: response.body.groups };
  });

  app.post<{ Body: { name: string; description?: string | null; domain_id?: string } }>(
    '/api/keystone/groups/',
    { schema: { body: { $ref: 'group.schema.json#/$defs/create' } } },
    async (request, reply) => {
      enforce(request, 'identity', ['identity:create_group']);
      const group = withoutNulls({ ...request.body, domain_id: request.body.domain_id ?? effectiveDomain(request) });
      const response = await (await access.client(request)).request<{ group: KeystoneGroup }>('identity', 'POST', '/groups', { body: { group } });
      return created(reply, 'groups', response.body.group);
    },
  );

  app.delete('/api/keystone/groups/', async (request, reply) => {
    enforce(request, 'identity', ['identity:delete_group']);
    await deleteEach(await access.client(request), 'groups', idsOf(request));
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/keystone/groups/:id', async (request) => {
    checkId(request.params.id);
    return (await (await access.client(request)).request<{ group: KeystoneGroup }>('identity', 'GET', groupPath(request.params.id))).body.group;
  });

  app.patch<{ Params: { id: string }; Body: { name: string; description?: string | null } }>(
    '/api/keystone/groups/:id',
    { schema: { body: { $ref: 'group.schema.json#/$defs/update' } } },
    async (request, reply) => {
      checkId(request.params.id);
      enforce(request, 'identity', ['identity:update_group']);
      // As keystoneclient drops a None description: a rename alone keeps the description (issue 16 §4).
      const { name, description } = request.body;
      const group = description === undefined || description === null ? { name } : { name, description };
      await (await access.client(request)).request('identity', 'PATCH', groupPath(request.params.id), { body: { group } });
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { id: string } }>('/api/keystone/groups/:id', async (request, reply) => {
    checkId(request.params.id);
    enforce(request, 'identity', ['identity:delete_group']);
    await (await access.client(request)).request('identity', 'DELETE', groupPath(request.params.id));
    return reply.code(204).send();
  });
};
