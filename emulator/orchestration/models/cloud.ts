import type { FastifyInstance } from 'fastify';
import type { CloudDeps } from '../../core/service.js';
import { issueDelegatedToken } from '../../identity/models/tokens.js';
import { CallFailure, type CloudClient, type Service } from '../resources/types.js';
import type { Stack } from './stacks.js';

/**
 * How the engine reaches Nova, Neutron, Cinder and Glance: their native HTTP
 * APIs in this same process (Fastify's inject), with a token of the stack's
 * owner on its project, as real Heat calls them with a trust. So each
 * service's own validation, policy and quotas decide.
 */

const TOKEN_TTL_SECONDS = 3600;

/** The message a service put in its error body (Neutron's NeutronError, Nova's and Cinder's {"kind": {message}}, Keystone's error). */
export function messageOf(service: Service, status: number, body: string): string {
  let message = body.trim();
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const first = (parsed.NeutronError ?? parsed.error ?? Object.values(parsed)[0]) as { message?: string } | string | undefined;
    message = typeof first === 'string' ? first : (first?.message ?? (parsed.message as string | undefined) ?? message);
  } catch {
    // Not JSON: the body's text is the message.
  }
  return service === 'compute' || service === 'volumev3' ? `${message} (HTTP ${status})` : message;
}

export function cloudClients(app: FastifyInstance, deps: CloudDeps, servicePath: string): (stack: Stack) => CloudClient {
  // The services are mounted beside this one: strip our own mount path from our prefix.
  const root = app.prefix.endsWith(servicePath) ? app.prefix.slice(0, -servicePath.length) : app.prefix;
  const tokens = new Map<string, { token: string; expiresAt: number }>();
  const tokenFor = (stack: Stack): string => {
    const key = `${stack.userId}:${stack.projectId}`;
    const now = deps.clock.now();
    const cached = tokens.get(key);
    if (cached && cached.expiresAt - now > 60_000) return cached.token;
    const token = issueDelegatedToken(deps.db, now, TOKEN_TTL_SECONDS, stack.userId, stack.projectId);
    tokens.set(key, { token, expiresAt: now + TOKEN_TTL_SECONDS * 1000 });
    return token;
  };
  return (stack) => {
    const call: CloudClient['call'] = async (service, method, path, body) => {
      const entry = deps.services.find((candidate) => candidate.type === service);
      if (!entry) throw new CallFailure(500, `The service ${service} is not in the catalog`);
      const response = await app.inject({
        method,
        url: `${root}${entry.endpointPath.replace('%(project_id)s', stack.projectId)}${path}`,
        headers: { 'x-auth-token': tokenFor(stack), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      if (response.statusCode >= 400) throw new CallFailure(response.statusCode, messageOf(service, response.statusCode, response.body));
      return response.body ? (JSON.parse(response.body) as unknown) : null;
    };
    return {
      projectId: stack.projectId,
      call,
      async find(service, path) {
        try {
          return await call(service, 'GET', path);
        } catch (error) {
          if (error instanceof CallFailure && error.status === 404) return null;
          throw error;
        }
      },
    };
  };
}
