import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import type { ServerGroupCreate } from '../../../shared/generated/server-group.js';

/** A server group as Nova renders it: `policies` + `metadata` before 2.64, `policy` + `rules` from 2.64. */
interface NativeServerGroup {
  id: string;
  name: string;
  policies?: string[];
  policy?: string;
  rules?: Record<string, unknown>;
  metadata?: Record<string, string>;
  members?: string[];
  project_id?: string;
  user_id?: string;
}

/** Microversions tried per feature, highest fitting first (api-contract §14.2). */
const SOFT_POLICIES = ['2.15', '2.60'];
const USER_INFO = ['2.13', '2.60'];

/** The browser always gets `policies` as a list, whatever the microversion gave (spec 2 §3). */
function shape(group: NativeServerGroup) {
  const { policy, ...rest } = group;
  return {
    ...rest,
    policies: group.policies ?? (policy ? [policy] : []),
    members: group.members ?? [],
    metadata: group.metadata ?? {},
  };
}

const path = (id: string) => `/os-server-groups/${encodeURIComponent(id)}`;

/** `/api/nova/servergroups/` (api-contract §6). Nova keeps each project to its own groups. */
export const serverGroupRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get('/api/nova/servergroups/', async (request) => {
    const client = await access.client(request);
    const response = await client.request<{ server_groups: NativeServerGroup[] }>('compute', 'GET', '/os-server-groups');
    return { items: response.body.server_groups.map(shape) };
  });

  app.post<{ Body: ServerGroupCreate }>(
    '/api/nova/servergroups/',
    { schema: { body: { $ref: 'server-group.schema.json#/$defs/create' } } },
    async (request, reply) => {
      const client = await access.client(request);
      // The soft policies need 2.15; without it Nova refuses them with its own 400.
      const microversion = await client.microversion('compute', SOFT_POLICIES);
      const response = await client.request<{ server_group: NativeServerGroup }>('compute', 'POST', '/os-server-groups', {
        microversion,
        body: { server_group: { name: request.body.name, policies: request.body.policies } },
      });
      const group = response.body.server_group;
      reply.code(201).header('Location', `/api/nova/servergroups/${encodeURIComponent(group.id)}`);
      return shape(group);
    },
  );

  app.get<{ Params: { id: string } }>('/api/nova/servergroups/:id', async (request) => {
    const client = await access.client(request);
    const microversion = await client.microversion('compute', USER_INFO);
    const response = await client.request<{ server_group: NativeServerGroup }>('compute', 'GET', path(request.params.id), { microversion });
    return shape(response.body.server_group);
  });

  app.delete<{ Params: { id: string } }>('/api/nova/servergroups/:id', async (request, reply) => {
    const client = await access.client(request);
    await client.request('compute', 'DELETE', path(request.params.id));
    return reply.code(204).send();
  });
};
