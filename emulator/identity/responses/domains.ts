import { firstQuery, queryOf } from '../../core/http.js';
import type { Handler } from '../../core/service.js';
import { enforce } from '../policy.js';
import { getDomain, listDomains as listAllDomains } from '../models/resources.js';
import { listUserDomains } from '../models/roles.js';
import { collectionLinks, parseBoolean, requireContext } from './common.js';
import { renderDomain } from './render.js';

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
  const { domain_id: domainId } = request.params as { domain_id: string };
  enforce('identity:get_domain', context, { domain_id: domainId });
  return { domain: renderDomain(deps, getDomain(deps.db, domainId)) };
};

/** `GET /v3/auth/domains`: the domains the token's user holds a role on. */
export const listAuthDomains: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  return { domains: listUserDomains(deps.db, context.userId).map((domain) => renderDomain(deps, domain)), links: collectionLinks(deps, request) };
};
