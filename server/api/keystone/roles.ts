import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import type { CloudClient } from '../../openstack/client.js';
import { enforce } from '../../policy/enforce.js';
import { checkId, created, deleteEach, idsOf, literalNotFound } from './shared.js';

/** `/api/keystone/roles/`, the grant `PUT projects/{p}/{role}/{user}` (api-contract §3) and its revoke. */

interface KeystoneRole {
  id: string;
  name: string;
  domain_id: string | null;
  [key: string]: unknown;
}

const rolePath = (id: string) => `/roles/${encodeURIComponent(id)}`;
/** Horizon's OPENSTACK_KEYSTONE_DEFAULT_ROLE. */
const DEFAULT_ROLE = 'member';

async function listRoles(client: CloudClient): Promise<KeystoneRole[]> {
  return (await client.request<{ roles: KeystoneRole[] }>('identity', 'GET', '/roles')).body.roles;
}

export const keystoneRoleRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  /** The default role, found once per process as Horizon caches it. */
  let defaultRole: KeystoneRole | undefined;

  app.get<{ Querystring: { project_id?: string; user_id?: string } }>('/api/keystone/roles/', async (request) => {
    const client = await access.client(request);
    const { project_id: projectId, user_id: userId } = request.query;
    if (projectId && userId) {
      checkId(projectId);
      checkId(userId, ['current']);
      const user = userId === 'current' ? request.session!.userId : userId;
      const path = `/projects/${encodeURIComponent(projectId)}/users/${encodeURIComponent(user)}/roles`;
      return { items: (await client.request<{ roles: KeystoneRole[] }>('identity', 'GET', path)).body.roles };
    }
    return { items: await listRoles(client) };
  });

  app.post<{ Body: { name: string; domain_id?: string } }>('/api/keystone/roles/', { schema: { body: { $ref: 'role.schema.json#/$defs/create' } } }, async (request, reply) => {
    enforce(request, 'identity', ['identity:create_role']);
    const response = await (await access.client(request)).request<{ role: KeystoneRole }>('identity', 'POST', '/roles', { body: { role: request.body } });
    return created(reply, 'roles', response.body.role);
  });

  app.delete('/api/keystone/roles/', async (request, reply) => {
    enforce(request, 'identity', ['identity:delete_role']);
    await deleteEach(await access.client(request), 'roles', idsOf(request));
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/keystone/roles/:id', async (request) => {
    const { id } = request.params;
    checkId(id, ['default']);
    const client = await access.client(request);
    if (id !== 'default') return (await client.request<{ role: KeystoneRole }>('identity', 'GET', rolePath(id))).body.role;
    defaultRole ??= (await listRoles(client)).find((role) => role.id === DEFAULT_ROLE || role.name === DEFAULT_ROLE);
    if (!defaultRole) throw new ApiError(404, `Could not find the default role ${DEFAULT_ROLE}.`);
    return defaultRole;
  });

  app.patch<{ Params: { id: string }; Body: { name: string } }>(
    '/api/keystone/roles/:id',
    { schema: { body: { $ref: 'role.schema.json#/$defs/update' } } },
    async (request, reply) => {
      checkId(request.params.id);
      enforce(request, 'identity', ['identity:update_role']);
      await (await access.client(request)).request('identity', 'PATCH', rolePath(request.params.id), { body: { role: { name: request.body.name } } });
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { id: string } }>('/api/keystone/roles/:id', async (request, reply) => {
    if (request.params.id === 'default') return literalNotFound(reply, 'default');
    checkId(request.params.id);
    enforce(request, 'identity', ['identity:delete_role']);
    await (await access.client(request)).request('identity', 'DELETE', rolePath(request.params.id));
    return reply.code(204).send();
  });

  // Grants `role` to `user` on `project`: the browser's second step of Create User and of project membership.
  app.put<{ Params: { project: string; role: string; user: string } }>('/api/keystone/projects/:project/:role/:user', async (request, reply) => {
    const { project, role, user } = request.params;
    for (const id of [project, role, user]) checkId(id);
    enforce(request, 'identity', ['identity:create_grant']);
    const path = `/projects/${encodeURIComponent(project)}/users/${encodeURIComponent(user)}/roles/${encodeURIComponent(role)}`;
    await (await access.client(request)).request('identity', 'PUT', path);
    return reply.code(204).send();
  });

  // Revokes it: the project members step of Edit Project removes the roles left out. Not in api-contract §3
  // (Horizon's Django form calls Keystone directly); the native call is the grant's DELETE.
  app.delete<{ Params: { project: string; role: string; user: string } }>('/api/keystone/projects/:project/:role/:user', async (request, reply) => {
    const { project, role, user } = request.params;
    for (const id of [project, role, user]) checkId(id);
    enforce(request, 'identity', ['identity:revoke_grant']);
    const path = `/projects/${encodeURIComponent(project)}/users/${encodeURIComponent(user)}/roles/${encodeURIComponent(role)}`;
    await (await access.client(request)).request('identity', 'DELETE', path);
    return reply.code(204).send();
  });
};
