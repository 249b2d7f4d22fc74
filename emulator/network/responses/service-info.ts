import type { Handler } from '../../core/service.js';
import { cloudUrl } from '../../core/service.js';
import { jsonBody } from '../../core/http.js';
import { NeutronFault, notFound, policyNotAuthorized } from '../faults.js';
import { toInt, validators } from '../models/attributes.js';
import { listAvailabilityZones as zoneRows } from '../models/availability-zones.js';
import { findAgent, listAgents as agentRows, projectsWithQuotas, renderAgent, resetQuotas, setQuotas } from '../models/agents-quotas.js';
import { QUOTA_DEFAULTS, type QuotaResource, quotaLimits, quotaUsage } from '../models/common.js';
import { EXTENSIONS } from '../extensions.js';
import { enforceAdmin } from '../policy.js';
import { contextOf, idParam, listAnswer, project, viewerOf } from './common.js';

/** Version discovery, extensions, agents and quotas. */

export const listVersions: Handler = (deps) => async () => ({
  versions: [{ id: 'v2.0', status: 'CURRENT', links: [{ rel: 'self', href: `${cloudUrl(deps, '/network/v2.0')}/` }] }],
});

export const listExtensions: Handler = () => async () => ({ extensions: EXTENSIONS });

export const showExtension: Handler = () => async (request) => {
  const extension = EXTENSIONS.find((candidate) => candidate.alias === idParam(request, 'alias'));
  if (!extension) throw notFound('HTTPNotFound', `Extension with alias ${idParam(request, 'alias')} does not exist`);
  return { extension };
};

/** `GET /availability_zones`: open to every user, filterable on name, resource and state. */
export const listAvailabilityZones: Handler = (deps) => async (request) => listAnswer(request, 'availability_zones', zoneRows(deps.db).map((zone) => ({ ...zone })));

/** get_agent is admin-only; like every policy-filtered list, a member gets an empty list, not a 403. */
export const listAgents: Handler = (deps) => async (request) => {
  const now = deps.clock.now();
  const rows = viewerOf(request).isAdmin ? agentRows(deps.db) : [];
  return listAnswer(request, 'agents', rows.map((row) => renderAgent(row, now)));
};

export const showAgent: Handler = (deps) => async (request) => {
  const row = viewerOf(request).isAdmin ? findAgent(deps.db, idParam(request)) : undefined;
  // A member is told nothing more than "not found", as Neutron's policy check answers.
  if (!row) throw notFound('HTTPNotFound', 'The resource could not be found.');
  return { agent: project(request, renderAgent(row, deps.clock.now())) };
};

const RESOURCES = Object.keys(QUOTA_DEFAULTS) as QuotaResource[];

/** get_quota: the admin, or the project itself. */
function quotaProject(request: Parameters<ReturnType<Handler>>[0]): string {
  const viewer = viewerOf(request);
  const projectId = idParam(request, 'project');
  if (!viewer.isAdmin && projectId !== viewer.projectId) throw policyNotAuthorized('rule:get_quota');
  return projectId;
}

export const listQuotas: Handler = (deps) => async (request) => {
  const viewer = viewerOf(request);
  const projects = projectsWithQuotas(deps.db, viewer);
  return { quotas: projects.map((projectId) => ({ ...quotaLimits(deps.db, projectId), project_id: projectId, tenant_id: projectId })) };
};

export const showQuota: Handler = (deps) => async (request) => ({ quota: quotaLimits(deps.db, quotaProject(request)) });

export const showDefaultQuota: Handler = () => async (request) => {
  quotaProject(request);
  return { quota: { ...QUOTA_DEFAULTS } };
};

export const showQuotaDetails: Handler = (deps) => async (request) => {
  const projectId = quotaProject(request);
  const limits = quotaLimits(deps.db, projectId);
  return { quota: Object.fromEntries(RESOURCES.map((resource) => [resource, { limit: limits[resource], used: quotaUsage(deps.db, projectId, resource), reserved: 0 }])) };
};

export const updateQuota: Handler = (deps) => async (request) => {
  const projectId = idParam(request, 'project');
  enforceAdmin(contextOf(request), 'update_quota');
  const body = jsonBody(request);
  const quota = (body as { quota?: Record<string, unknown> } | null)?.quota;
  if (!quota || typeof quota !== 'object') throw new NeutronFault(400, 'HTTPBadRequest', "Unable to find 'quota' in request body");
  const unknown = Object.keys(quota).filter((key) => !(key in QUOTA_DEFAULTS) && key !== 'force' && key !== 'check_limit');
  if (unknown.length) throw new NeutronFault(400, 'HTTPBadRequest', `Unrecognized attribute(s) '${unknown.join(', ')}'`);
  const values: [QuotaResource, number][] = [];
  for (const resource of RESOURCES) {
    if (quota[resource] === undefined) continue;
    const reason = validators.range(-1, 2 ** 31 - 1)(quota[resource]);
    if (reason) throw new NeutronFault(400, 'HTTPBadRequest', `Invalid input for ${resource}. Reason: ${reason}.`);
    values.push([resource, toInt(quota[resource]) as number]);
  }
  return { quota: setQuotas(deps.db, projectId, values) };
};

export const deleteQuota: Handler = (deps) => async (request, reply) => {
  enforceAdmin(contextOf(request), 'delete_quota');
  resetQuotas(deps.db, idParam(request, 'project'));
  return reply.code(204).send();
};
