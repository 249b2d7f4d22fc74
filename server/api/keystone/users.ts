import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { BffContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import type { CloudClient } from '../../openstack/client.js';
import { enforce } from '../../policy/enforce.js';
import { checkId, created, deleteEach, filtersOf, idsOf, literalNotFound, matchesFilters, queryBoolean, withoutNulls } from './shared.js';
import type { UserCreate, UserUpdate } from '../../../shared/generated/user.js';

/** `/api/keystone/users/` (api-contract §3). */

interface KeystoneUser {
  id: string;
  name: string;
  domain_id: string;
  enabled: boolean;
  default_project_id?: string;
  [key: string]: unknown;
}

const userPath = (id: string) => `/users/${encodeURIComponent(id)}`;

/** The domain a request acts in: the session's domain scope, else the user's own (Horizon's domain context). */
export function effectiveDomain(request: FastifyRequest): string {
  const session = request.session!;
  return session.domainId ?? session.userDomainId;
}

async function getUser(client: CloudClient, id: string): Promise<KeystoneUser> {
  return (await client.request<{ user: KeystoneUser }>('identity', 'GET', userPath(id))).body.user;
}

export const keystoneUserRoutes: FastifyPluginAsync<BffContext> = async (app, { access, settings }) => {
  const backend = () => (settings.OPENSTACK_KEYSTONE_BACKEND ?? {}) as { can_edit_user?: boolean };
  const resolve = (request: FastifyRequest, id: string) => (id === 'current' ? request.session!.userId : id);

  app.get<{ Querystring: Record<string, string> }>('/api/keystone/users/', async (request) => {
    const client = await access.client(request);
    const { project_id: projectId, group_id: groupId, domain_id: domainId, id, ...rest } = request.query;
    const filters = filtersOf(rest, []);
    if (id !== undefined) {
      checkId(id);
      return { items: [await getUser(client, id)].filter((user) => matchesFilters(user, filters)) };
    }
    let users: KeystoneUser[];
    if (groupId) {
      checkId(groupId);
      users = (await client.request<{ users: KeystoneUser[] }>('identity', 'GET', `/groups/${encodeURIComponent(groupId)}/users`)).body.users;
    } else {
      const query: Record<string, string> = { domain_id: domainId ?? effectiveDomain(request) };
      if (filters.name !== undefined) query.name = filters.name;
      if (filters.enabled !== undefined && queryBoolean(filters.enabled) !== undefined) query.enabled = String(queryBoolean(filters.enabled));
      users = (await client.request<{ users: KeystoneUser[] }>('identity', 'GET', '/users', { query })).body.users;
    }
    if (projectId) users = users.filter((user) => user.default_project_id === projectId);
    return { items: users.filter((user) => matchesFilters(user, filters)) };
  });

  app.post<{ Body: UserCreate }>('/api/keystone/users/', { schema: { body: { $ref: 'user.schema.json#/$defs/create' } } }, async (request, reply) => {
    enforce(request, 'identity', ['identity:create_user']);
    const client = await access.client(request);
    const body = request.body;
    const user = withoutNulls({
      name: body.name,
      email: body.email,
      password: body.password,
      default_project_id: body.project,
      enabled: body.enabled ?? true,
      description: body.description,
      domain_id: body.domain_id ?? effectiveDomain(request),
    });
    const response = await client.request<{ user: KeystoneUser }>('identity', 'POST', '/users', { body: { user } });
    return created(reply, 'users', response.body.user);
  });

  app.delete('/api/keystone/users/', async (request, reply) => {
    enforce(request, 'identity', ['identity:delete_user']);
    const ids = idsOf(request).filter((id) => id !== request.session!.userId);
    await deleteEach(await access.client(request), 'users', ids);
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/keystone/users/:id', async (request) => {
    checkId(request.params.id, ['current']);
    return getUser(await access.client(request), resolve(request, request.params.id));
  });

  app.patch<{ Params: { id: string }; Body: UserUpdate }>(
    '/api/keystone/users/:id',
    { schema: { body: { $ref: 'user.schema.json#/$defs/update' } } },
    async (request, reply) => {
      checkId(request.params.id, ['current']);
      const id = resolve(request, request.params.id);
      enforce(request, 'identity', ['identity:update_user']);
      const body = request.body;
      const client = await access.client(request);
      let change: Record<string, unknown>;
      if (body.password !== undefined) {
        if (backend().can_edit_user === false) throw new ApiError(403, 'The identity backend does not allow editing users.');
        if (settings.ENFORCE_PASSWORD_CHECK === true) await checkAdminPassword(request, body.admin_password);
        change = { password: body.password };
      } else if (body.enabled !== undefined && Object.keys(body).length === 1) {
        change = { enabled: body.enabled };
      } else {
        if (backend().can_edit_user === false) throw new ApiError(403, 'The identity backend does not allow editing users.');
        const { project, admin_password: _ignored, ...fields } = body;
        change = { ...fields, ...(project !== undefined ? { default_project_id: project } : {}) };
      }
      await client.request('identity', 'PATCH', userPath(id), { body: { user: change } });
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { id: string } }>('/api/keystone/users/:id', async (request, reply) => {
    if (request.params.id === 'current') return literalNotFound(reply, 'current');
    checkId(request.params.id);
    enforce(request, 'identity', ['identity:delete_user']);
    await (await access.client(request)).request('identity', 'DELETE', userPath(request.params.id));
    return reply.code(204).send();
  });

  /** ENFORCE_PASSWORD_CHECK: the caller's own password, checked by authenticating with it. */
  async function checkAdminPassword(request: FastifyRequest, password: string | undefined): Promise<void> {
    const session = request.session!;
    if (!password) throw new ApiError(400, 'ADMIN_PASSWORD_INCORRECT');
    try {
      const issued = await access.keystone.passwordAuth(session.userName, password, session.userDomainName);
      await access.keystone.revoke(issued.id).catch(() => undefined);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) throw new ApiError(400, 'ADMIN_PASSWORD_INCORRECT');
      throw error;
    }
  }
};
