import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { BffContext } from '../context.js';
import { ApiError } from '../errors.js';
import { LoginLimiter } from '../login-limiter.js';
import type { CatalogEntry } from '../../shared/catalog.js';
import { serviceRegions } from '../openstack/catalog.js';
import type { IssuedToken, KeystoneProject } from '../openstack/keystone.js';
import { newCsrfToken, type SessionData } from '../plugins/session.js';
import { userSession } from './user-session.js';
import type { SessionLogin } from '../../shared/generated/session.js';

/** Our own endpoints for the single-page login (api-contract, "Endpoints of our own"). */
export const authRoutes: FastifyPluginAsync<BffContext> = async (app, context) => {
  const { access, login } = context;
  const limiter = new LoginLimiter(login.attemptLimit, login.windowMs);

  app.get('/api/auth/options/', { config: { public: true } }, async () => ({
    auth_types: [{ id: 'credentials', label: 'Keystone Credentials' }],
    default_auth_type: 'credentials',
    regions: login.defaultRegion ? [login.defaultRegion] : [],
    default_region: login.defaultRegion,
    multidomain: true,
    default_domain: login.defaultDomain,
  }));

  app.post<{ Body: SessionLogin }>(
    '/api/auth/login/',
    { config: { public: true, csrfExempt: true }, schema: { body: { $ref: 'session.schema.json#/$defs/login' } } },
    async (request, reply) => {
      const { username, password } = request.body;
      const domain = request.body.domain || login.defaultDomain;
      if (limiter.isBlocked(username, request.ip)) {
        throw new ApiError(429, 'Too many failed login attempts. Please try again later.');
      }
      let unscoped: IssuedToken;
      try {
        unscoped = await access.keystone.passwordAuth(username, password, domain);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) limiter.recordFailure(username, request.ip);
        throw error;
      }
      limiter.recordSuccess(username);
      const projects = (await access.keystone.userProjects(unscoped.id)).filter((project) => project.enabled);
      const project = chooseProject(projects);
      if (!project) throw new ApiError(401, 'You are not authorized for any projects or domains.');
      const scoped = await access.keystone.tokenAuth(unscoped.id, { project: { id: project.id } });
      const catalog = scoped.token.catalog ?? [];
      const regions = serviceRegions(catalog);
      const region = request.body.region || login.defaultRegion || regions[0] || null;
      if (request.body.region && regions.length && !regions.includes(request.body.region)) {
        throw new ApiError(400, `Unknown region: ${request.body.region}`);
      }
      access.remember(scoped.id, { catalog, projects });
      return startSession(reply, scoped, region, newCsrfToken(), catalog);
    },
  );

  app.post('/api/auth/logout/', { config: { endsSession: true } }, async (request, reply) => {
    const session = request.session;
    if (session) await access.revoke(session);
    reply.clearSession();
    return reply.code(204).send();
  });

  app.post<{ Body: { project_id?: string; region?: string } }>(
    '/api/auth/switch/',
    { schema: { body: { $ref: 'session.schema.json#/$defs/switch' } } },
    async (request, reply) => {
      const session = request.session!;
      if (request.body.region) {
        const catalog = await access.catalog(session);
        if (!serviceRegions(catalog).includes(request.body.region)) {
          throw new ApiError(400, `Unknown region: ${request.body.region}`);
        }
        const updated = { ...session, region: request.body.region };
        reply.saveSession(updated);
        return userSession(updated, catalog);
      }
      const projects = await access.projects(session);
      if (!projects.some((project) => project.id === request.body.project_id)) {
        throw new ApiError(403, 'You are not a member of that project.');
      }
      const scoped = await access.keystone.tokenAuth(session.token, { project: { id: request.body.project_id! } });
      const catalog = scoped.token.catalog ?? [];
      access.remember(scoped.id, { catalog, projects });
      access.forget(session.token);
      return startSession(reply, scoped, session.region, session.csrf, catalog);
    },
  );
};

/** Horizon scopes to the first project it is given; sorting by name makes that stable. */
function chooseProject(projects: KeystoneProject[]): KeystoneProject | undefined {
  return [...projects].sort((a, b) => a.name.localeCompare(b.name))[0];
}

function startSession(reply: FastifyReply, issued: IssuedToken, region: string | null, csrf: string, catalog: CatalogEntry[]) {
  const { token } = issued;
  const session: SessionData = {
    token: issued.id,
    expiresAt: Date.parse(token.expires_at),
    userId: token.user.id,
    userName: token.user.name,
    userDomainId: token.user.domain.id,
    userDomainName: token.user.domain.name,
    projectId: token.project?.id ?? null,
    projectName: token.project?.name ?? null,
    domainId: token.domain?.id ?? null,
    domainName: token.domain?.name ?? null,
    roles: (token.roles ?? []).map((role) => role.name),
    region,
    csrf,
  };
  reply.saveSession(session);
  return userSession(session, catalog);
}
