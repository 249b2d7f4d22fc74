import type { FastifyReply, FastifyRequest } from 'fastify';
import { firstQuery, queryOf } from '../../core/http.js';
import type { Handler } from '../../core/service.js';
import { enforce } from '../policy.js';
import { createDomain as createDomainRecord, deleteDomain as deleteDomainRecord, getDomain, listDomains as listAllDomains, updateDomain as updateDomainRecord } from '../models/resources.js';
import { listUserDomains } from '../models/roles.js';
import { bool, entityBody, nullableStr, str } from './bodies.js';
import { collectionLinks, parseBoolean, requireContext } from './common.js';
import { renderDomain } from './render.js';

const domainIdOf = (request: FastifyRequest) => (request.params as { domain_id: string }).domain_id;

/** `GET /v3/domains` (admin). */
export const listDomains: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  enforce('identity:list_domains', context);
  const query = queryOf(request);
  const domains = listAllDomains(deps.db, { name: firstQuery(query, 'name'), enabled: parseBoolean(firstQuery(query, 'enabled')) });
  return { domains: domains.map((domain) => renderDomain(deps, domain)), links: collectionLinks(deps, request) };
};

/** `GET /v3/domains/{id}`: admin, or the caller's own domain. */
export const showDomain: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const domainId = domainIdOf(request);
  enforce('identity:get_domain', context, { domain_id: domainId });
  return { domain: renderDomain(deps, getDomain(deps.db, domainId)) };
};

/** `POST /v3/domains` (cloud admin): 201. */
export const createDomain: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  enforce('identity:create_domain', context);
  const body = entityBody(request, 'domain', 'create');
  const domain = createDomainRecord(deps.db, { name: str(body.name)!, description: nullableStr(body.description) ?? '', enabled: bool(body.enabled) });
  return reply.code(201).send({ domain: renderDomain(deps, domain) });
};

/** `PATCH /v3/domains/{id}`. */
export const updateDomain: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  const domainId = domainIdOf(request);
  enforce('identity:update_domain', context, { domain_id: domainId });
  const body = entityBody(request, 'domain', 'update');
  const domain = updateDomainRecord(deps.db, domainId, { name: str(body.name), description: nullableStr(body.description) ?? undefined, enabled: bool(body.enabled) });
  return { domain: renderDomain(deps, domain) };
};

/** `DELETE /v3/domains/{id}`: 204; an enabled domain is refused with 403. */
export const deleteDomain: Handler = (deps) => async (request, reply: FastifyReply) => {
  const context = requireContext(request, deps);
  const domainId = domainIdOf(request);
  enforce('identity:delete_domain', context, { domain_id: domainId });
  deleteDomainRecord(deps.db, domainId);
  return reply.code(204).send();
};

/** `GET /v3/auth/domains`: the domains the token's user holds a role on. */
export const listAuthDomains: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  return { domains: listUserDomains(deps.db, context.userId).map((domain) => renderDomain(deps, domain)), links: collectionLinks(deps, request) };
};
