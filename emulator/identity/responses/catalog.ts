import { Forbidden } from '../../core/errors.js';
import { type CloudDeps, cloudUrl, type Handler } from '../../core/service.js';
import { listCatalog } from '../models/catalog.js';
import { endpointsForProject } from '../models/project-endpoints.js';
import { requireContext } from './common.js';

/** Keystone's URL substitutions: `%(project_id)s` (or `$(tenant_id)s`) becomes the token's project. */
const PROJECT_TEMPLATE = /[%$]\((project_id|tenant_id)\)s/;

/**
 * The catalog as Keystone renders it in tokens and at `/v3/auth/catalog`.
 * An endpoint whose URL names the project (Cinder's `/v3/%(project_id)s`) is
 * left out when there is no project to put there, as Keystone does. A project
 * with endpoint filters (endpoints associated with it, endpoint groups) sees
 * only the endpoints they name, and no service left without one; a filter
 * that names none leaves the whole catalog (Keystone's
 * return_all_endpoints_if_no_filter).
 */
export function renderCatalog(deps: CloudDeps, projectId: string | null = null) {
  const types = deps.services.map((service) => service.type);
  const filtered = new Set((projectId ? endpointsForProject(deps.db, projectId) : []).map((endpoint) => endpoint.id));
  const services = listCatalog(deps.db, types).map((service) => ({ ...service, endpoints: service.endpoints.filter((endpoint) => !filtered.size || filtered.has(endpoint.id)) }));
  return services.filter((service) => !filtered.size || service.endpoints.length).map((service) => ({
    endpoints: service.endpoints
      .filter((endpoint) => projectId !== null || !PROJECT_TEMPLATE.test(endpoint.url ?? endpoint.urlPath))
      .map((endpoint) => ({
        id: endpoint.id,
        interface: endpoint.interface,
        region_id: endpoint.regionId,
        url: (endpoint.url ?? `${deps.publicUrl().replace(/\/+$/, '')}${endpoint.urlPath}`).replace(new RegExp(PROJECT_TEMPLATE, 'g'), projectId ?? ''),
        region: endpoint.regionId,
      })),
    id: service.id,
    type: service.type,
    name: service.name,
  }));
}

/** `GET /v3/auth/catalog`: only for a scoped token. */
export const getAuthCatalog: Handler = (deps) => async (request) => {
  const context = requireContext(request, deps);
  if (!context.projectId && !context.domainId) throw new Forbidden('A project-scoped token is required to produce a service catalog.');
  return {
    catalog: renderCatalog(deps, context.projectId),
    links: {
      self: `${cloudUrl(deps, '/identity/v3')}/auth/catalog`,
      previous: null,
      next: null,
    },
  };
};
