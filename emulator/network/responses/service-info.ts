import type { Handler } from '../../core/service.js';
import { cloudUrl } from '../../core/service.js';
import { jsonBody } from '../../core/http.js';
import { NeutronFault, notFound, policyNotAuthorized } from '../faults.js';
import { toInt, validators } from '../models/attributes.js';
import { neutronTime, QUOTA_DEFAULTS, type QuotaResource, quotaLimits, quotaUsage } from '../models/common.js';
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

interface AgentRow {
  id: string;
  agent_type: string;
  binary: string;
  topic: string;
  host: string;
  availability_zone: string | null;
  admin_state_up: number;
  description: string | null;
  configurations: string;
  created_at: number;
  started_at: number;
}

/** Agents report a heartbeat every few seconds; the emulated ones are always alive. */
function renderAgent(row: AgentRow, now: number) {
  const stamp = (ms: number) => neutronTime(ms).replace('T', ' ').replace('Z', '');
  return {
    id: row.id,
    agent_type: row.agent_type,
    binary: row.binary,
    topic: row.topic,
    host: row.host,
    admin_state_up: Boolean(row.admin_state_up),
    created_at: stamp(row.created_at),
    started_at: stamp(row.started_at),
    heartbeat_timestamp: stamp(now),
    description: row.description,
    resources_synced: null,
    availability_zone: row.availability_zone,
    alive: true,
    configurations: JSON.parse(row.configurations) as Record<string, unknown>,
  };
}

/** get_agent is admin-only; like every policy-filtered list, a member gets an empty list, not a 403. */
export const listAgents: Handler = (deps) => async (request) => {
  const now = deps.clock.now();
  const rows = viewerOf(request).isAdmin ? deps.db.all<AgentRow>('SELECT * FROM net_agents ORDER BY created_at, rowid') : [];
  return listAnswer(request, 'agents', rows.map((row) => renderAgent(row, now)));
};

export const showAgent: Handler = (deps) => async (request) => {
  const row = viewerOf(request).isAdmin ? deps.db.get<AgentRow>('SELECT * FROM net_agents WHERE id = ?', idParam(request)) : undefined;
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
  const projects = viewer.isAdmin
    ? deps.db.all<{ project_id: string }>('SELECT DISTINCT project_id FROM net_quotas ORDER BY project_id').map((row) => row.project_id)
    : deps.db.all<{ project_id: string }>('SELECT DISTINCT project_id FROM net_quotas WHERE project_id = ?', viewer.projectId).map((row) => row.project_id);
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
  deps.db.tx(() => {
    for (const [resource, limit] of values) {
      deps.db.run('INSERT INTO net_quotas (project_id, resource, hard_limit) VALUES (?, ?, ?) ON CONFLICT (project_id, resource) DO UPDATE SET hard_limit = excluded.hard_limit', projectId, resource, limit);
    }
  });
  return { quota: quotaLimits(deps.db, projectId) };
};

export const deleteQuota: Handler = (deps) => async (request, reply) => {
  enforceAdmin(contextOf(request), 'delete_quota');
  deps.db.tx(() => deps.db.run('DELETE FROM net_quotas WHERE project_id = ?', idParam(request, 'project')));
  return reply.code(204).send();
};
