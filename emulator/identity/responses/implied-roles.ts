import type { FastifyReply, FastifyRequest } from 'fastify';
import { Forbidden, NotFound } from '../../core/errors.js';
import type { CloudDeps, Handler } from '../../core/service.js';
import { createImpliedRole as createRule, deleteImpliedRule, getRole, listImpliedRules, type Role } from '../models/roles.js';
import { enforce } from '../policy.js';
import { requireContext, v3Url } from './common.js';

/**
 * Role inference rules (keystone/api/roles.py RoleImplicationResource and
 * /v3/role_inferences): a prior role implies another. A global role may not
 * imply a domain-specific one, and `admin` is never implied (Keystone's
 * prohibited_implied_role default).
 */

const param = (request: FastifyRequest, name: string) => (request.params as Record<string, string>)[name];
const roleRef = (deps: CloudDeps, role: Role) => ({ id: role.id, name: role.name, links: { self: `${v3Url(deps)}/roles/${role.id}` } });

const rulesOf = (deps: CloudDeps, priorId?: string) => listImpliedRules(deps.db, priorId);

function inference(deps: CloudDeps, prior: Role, implied: Role) {
  return {
    role_inference: { prior_role: roleRef(deps, prior), implies: roleRef(deps, implied) },
    links: { self: `${v3Url(deps)}/roles/${prior.id}/implies/${implied.id}` },
  };
}

function pair(deps: CloudDeps, request: FastifyRequest, rule: string) {
  enforce(`identity:${rule}` as Parameters<typeof enforce>[0], requireContext(request, deps));
  return { prior: getRole(deps.db, param(request, 'prior_role_id')), implied: getRole(deps.db, param(request, 'implied_role_id')) };
}

function existing(deps: CloudDeps, prior: Role, implied: Role) {
  if (!rulesOf(deps, prior.id).some((rule) => rule.implied === implied.id)) throw new NotFound(`${prior.id} does not imply ${implied.id}.`);
}

export const createImpliedRole: Handler = (deps) => async (request, reply: FastifyReply) => {
  const { prior, implied } = pair(deps, request, 'create_implied_role');
  if (implied.name === 'admin') throw new Forbidden(`${implied.id} cannot be an implied roles.`);
  if (prior.domainId === null && implied.domainId !== null) throw new Forbidden(`Implied role ${implied.id} must not be a domain-specific role when the prior role ${prior.id} is global.`);
  createRule(deps.db, prior.id, implied.id);
  return reply.code(201).send(inference(deps, prior, implied));
};

export const showImpliedRole: Handler = (deps) => async (request) => {
  const { prior, implied } = pair(deps, request, 'get_implied_role');
  existing(deps, prior, implied);
  return inference(deps, prior, implied);
};

export const checkImpliedRole: Handler = (deps) => async (request, reply: FastifyReply) => {
  const { prior, implied } = pair(deps, request, 'check_implied_role');
  existing(deps, prior, implied);
  return reply.code(204).send();
};

export const deleteImpliedRole: Handler = (deps) => async (request, reply: FastifyReply) => {
  const { prior, implied } = pair(deps, request, 'delete_implied_role');
  if (!deleteImpliedRule(deps.db, prior.id, implied.id)) throw new NotFound(`${prior.id} does not imply ${implied.id}.`);
  return reply.code(204).send();
};

export const listImpliedRoles: Handler = (deps) => async (request) => {
  enforce('identity:list_implied_roles', requireContext(request, deps));
  const prior = getRole(deps.db, param(request, 'prior_role_id'));
  return {
    role_inference: { prior_role: roleRef(deps, prior), implies: rulesOf(deps, prior.id).map((rule) => roleRef(deps, getRole(deps.db, rule.implied))) },
    links: { self: `${v3Url(deps)}/roles/${prior.id}/implies` },
  };
};

export const listRoleInferences: Handler = (deps) => async (request) => {
  enforce('identity:list_role_inference_rules', requireContext(request, deps));
  const priors = [...new Set(rulesOf(deps).map((rule) => rule.prior))];
  return {
    role_inferences: priors.map((priorId) => ({
      prior_role: roleRef(deps, getRole(deps.db, priorId)),
      implies: rulesOf(deps, priorId).map((rule) => roleRef(deps, getRole(deps.db, rule.implied))),
    })),
    links: { self: `${v3Url(deps)}/role_inferences`, previous: null, next: null },
  };
};
