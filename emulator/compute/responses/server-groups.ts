import type { FastifyRequest } from 'fastify';
import { isAdmin } from '../../core/context.js';
import { BadRequest } from '../../core/errors.js';
import { jsonBody, queryOf } from '../../core/http.js';
import type { Microversion } from '../../core/microversion.js';
import type { Handler } from '../../core/service.js';
import { validateAgainst, validateQuery } from '../../core/validation.js';
import {
  checkServerGroupQuota,
  createServerGroup as createServerGroupModel,
  deleteServerGroup as deleteServerGroupModel,
  getServerGroup,
  listServerGroups as listServerGroupsModel,
  type ServerGroup,
  type ServerGroupPolicy,
} from '../models/server-groups.js';
import { enforce } from '../policy.js';
import { contextOf, versionOf } from './common.js';
import { limited } from './paging.js';
import { integerParam, multiParams, name, nonNegativeInteger } from './parameter-types.js';

/**
 * `/os-server-groups` as nova/api/openstack/compute/server_groups.py serves
 * it: a `policies` list (of one) and empty `metadata` before 2.64, `policy`
 * and `rules` from 2.64; soft policies from 2.15; project_id and user_id
 * from 2.13. A non-admin only ever finds its own project's groups.
 */

const GROUP_POLICY_OBJ_MICROVERSION = '2.64';

function policiesSchema(allowed: ServerGroupPolicy[]) {
  return {
    // One item, one of the enumerated policies; 2.64 turns it into a single `policy` string.
    type: 'array',
    items: [{ type: 'string', enum: allowed }],
    uniqueItems: true,
    minItems: 1,
    maxItems: 1,
    additionalItems: false,
  };
}

function createSchema(properties: Record<string, object>, required: string[]) {
  return {
    type: 'object',
    properties: {
      server_group: { type: 'object', properties: { name, ...properties }, required: ['name', ...required], additionalProperties: false },
    },
    required: ['server_group'],
    additionalProperties: false,
  };
}

const CREATE = createSchema({ policies: policiesSchema(['anti-affinity', 'affinity']) }, ['policies']);
const CREATE_V215 = createSchema({ policies: policiesSchema(['anti-affinity', 'affinity', 'soft-anti-affinity', 'soft-affinity']) }, ['policies']);
const CREATE_V264 = createSchema(
  {
    policy: { type: 'string', enum: ['anti-affinity', 'affinity', 'soft-anti-affinity', 'soft-affinity'] },
    rules: { type: 'object', properties: { max_server_per_host: integerParam(1) }, additionalProperties: false },
  },
  ['policy'],
);

const LIST_QUERY = {
  type: 'object',
  properties: {
    all_projects: multiParams({ type: 'string' }),
    limit: multiParams(nonNegativeInteger),
    offset: multiParams(nonNegativeInteger),
  },
  additionalProperties: true,
};
const LIST_QUERY_275 = { ...LIST_QUERY, additionalProperties: false };

/** `_format_server_group` */
function renderGroup(group: ServerGroup, version: Microversion) {
  return {
    id: group.uuid,
    name: group.name,
    ...(version.atLeast(GROUP_POLICY_OBJ_MICROVERSION)
      ? { policy: group.policy, rules: group.rules }
      : { policies: [group.policy], metadata: {} }),
    members: group.members,
    ...(version.atLeast('2.13') ? { project_id: group.projectId, user_id: group.userId } : {}),
  };
}

function groupIdOf(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

/** `GET /os-server-groups`: the caller's project, or every project for an admin asking `all_projects`. */
export const listServerGroups: Handler = (deps) => async (request) => {
  const version = versionOf(request);
  const context = contextOf(request);
  const query = queryOf(request);
  validateQuery(version.atLeast('2.75') ? LIST_QUERY_275 : LIST_QUERY, query);
  enforce('os_compute_api:os-server-groups:index', context);
  let groups: ServerGroup[];
  // A non-admin asking all_projects silently gets its own groups, as in Nova.
  if ('all_projects' in query && isAdmin(context)) {
    enforce('os_compute_api:os-server-groups:index:all_projects', context);
    groups = listServerGroupsModel(deps.db, { allProjects: true });
  } else {
    groups = listServerGroupsModel(deps.db, { projectId: context.projectId! });
  }
  return { server_groups: limited(groups, request).map((group) => renderGroup(group, version)) };
};

/** `POST /os-server-groups`: 200 with the group, after the server_groups quota check. */
export const createServerGroup: Handler = (deps) => async (request) => {
  const version = versionOf(request);
  const context = contextOf(request);
  const body = jsonBody(request);
  const modern = version.atLeast(GROUP_POLICY_OBJ_MICROVERSION);
  validateAgainst(modern ? CREATE_V264 : version.atLeast('2.15') ? CREATE_V215 : CREATE, body);
  enforce('os_compute_api:os-server-groups:create', context);
  checkServerGroupQuota(deps.db, context.projectId!);
  const values = (body as { server_group: { name: string; policies?: ServerGroupPolicy[]; policy?: ServerGroupPolicy; rules?: Record<string, unknown> } })
    .server_group;
  let policy: ServerGroupPolicy;
  let rules: Record<string, number> = {};
  if (modern) {
    policy = values.policy!;
    if (policy !== 'anti-affinity' && values.rules && Object.keys(values.rules).length) {
      throw new BadRequest('Only anti-affinity policy supports rules.');
    }
    for (const [key, value] of Object.entries(values.rules ?? {})) rules[key] = Number(value);
  } else {
    policy = values.policies![0];
    rules = {};
  }
  const group = createServerGroupModel(deps.db, deps.clock.now(), {
    name: values.name,
    projectId: context.projectId!,
    userId: context.userId,
    policy,
    rules,
  });
  return { server_group: renderGroup(group, version) };
};

/** `GET /os-server-groups/{id}` */
export const showServerGroup: Handler = (deps) => async (request) => {
  const version = versionOf(request);
  const context = contextOf(request);
  const group = getServerGroup(deps.db, { isAdmin: isAdmin(context), projectId: context.projectId }, groupIdOf(request));
  enforce('os_compute_api:os-server-groups:show', context, { project_id: group.projectId });
  return { server_group: renderGroup(group, version) };
};

/** `DELETE /os-server-groups/{id}`: 204. */
export const deleteServerGroup: Handler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const viewer = { isAdmin: isAdmin(context), projectId: context.projectId };
  const group = getServerGroup(deps.db, viewer, groupIdOf(request));
  enforce('os_compute_api:os-server-groups:delete', context, { project_id: group.projectId });
  deleteServerGroupModel(deps.db, viewer, group.uuid);
  return reply.code(204).send();
};
