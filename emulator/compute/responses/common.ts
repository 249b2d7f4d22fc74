import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAdmin, type RequestContext } from '../../core/context.js';
import { BadRequest, CloudError, Forbidden, Unauthorized } from '../../core/errors.js';
import { firstHeader } from '../../core/http.js';
import { newRequestId } from '../../core/ids.js';
import { Microversion, negotiateMicroversion } from '../../core/microversion.js';
import type { CloudDeps } from '../../core/service.js';
import { NOVA_MICROVERSIONS } from '../versions.js';

/** Per-request state of the compute API: the negotiated microversion and the caller. */
interface NovaState {
  version?: Microversion;
  /** A well-formed version to echo, even when unsupported (Nova echoes it with its 406). */
  echo?: string;
  context?: RequestContext;
  /** This request's id, echoed in the headers and kept in the instance action log. */
  requestId?: string;
}

const states = new WeakMap<FastifyRequest, NovaState>();

function stateOf(request: FastifyRequest): NovaState {
  let state = states.get(request);
  if (!state) {
    state = {};
    states.set(request, state);
  }
  return state;
}

/** onRequest: negotiates the microversion; 400 when malformed, 406 outside [min, max]. */
export async function negotiate(request: FastifyRequest): Promise<void> {
  const result = negotiateMicroversion(request.headers, NOVA_MICROVERSIONS);
  const state = stateOf(request);
  if (result.kind === 'invalid') {
    throw new BadRequest(`API Version String ${result.text} is of invalid format. Must be of format MajorNum.MinorNum.`);
  }
  state.echo = result.version.toString();
  if (result.kind === 'unsupported') {
    throw new CloudError(
      406,
      `Version ${result.version} is not supported by the API. Minimum is ${NOVA_MICROVERSIONS.min} and maximum is ${NOVA_MICROVERSIONS.max}.`,
    );
  }
  state.version = result.version;
}

/** onSend: echoes the version headers as Nova does, plus its request ids. */
export async function decorateResponse(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const echo = states.get(request)?.echo;
  if (echo) {
    reply.header('OpenStack-API-Version', `compute ${echo}`);
    reply.header('X-OpenStack-Nova-API-Version', echo);
    reply.header('Vary', 'OpenStack-API-Version, X-OpenStack-Nova-API-Version');
  }
  const id = requestIdOf(request);
  reply.header('x-openstack-request-id', id);
  reply.header('x-compute-request-id', id);
}

/** preHandler of the API: a valid project-scoped token (keystonemiddleware's 401 otherwise). */
export function authenticate(deps: CloudDeps) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = firstHeader(request, 'x-auth-token');
    const context = token ? deps.authenticate(token) : null;
    if (!context || !context.projectId) throw new Unauthorized();
    stateOf(request).context = context;
  };
}

export function versionOf(request: FastifyRequest): Microversion {
  return stateOf(request).version ?? Microversion.parse(NOVA_MICROVERSIONS.min)!;
}

export function contextOf(request: FastifyRequest): RequestContext {
  const context = stateOf(request).context;
  if (!context) throw new Unauthorized();
  return context;
}

/** The request id Nova answers with (`x-openstack-request-id`), made once per request. */
export function requestIdOf(request: FastifyRequest): string {
  const state = stateOf(request);
  state.requestId ??= newRequestId();
  return state.requestId;
}

/** Refuses a caller without the admin role, in Nova's words for a policy rule admin-only by default. */
export function adminOnly(context: RequestContext, rule: string): void {
  if (!isAdmin(context)) throw new Forbidden(`Policy doesn't allow ${rule} to be performed.`);
}
