import { Forbidden } from '../../core/errors.js';
import { type CloudDeps, cloudUrl, type Handler } from '../../core/service.js';
import { listCatalog } from '../models/catalog.js';
import { requireContext } from './common.js';

/** The catalog as Keystone renders it in tokens and at `/v3/auth/catalog`. */
export function renderCatalog(deps: CloudDeps) {
  const types = deps.services.map((service) => service.type);
  return listCatalog(deps.db, types).map((service) => ({
    endpoints: service.endpoints.map((endpoint) => ({
      id: endpoint.id,
      interface: endpoint.interface,
      region_id: endpoint.regionId,
      url: `${deps.publicUrl().replace(/\/+$/, '')}${endpoint.urlPath}`,
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
  return { catalog: renderCatalog(deps), links: { self: `${cloudUrl(deps, '/identity/v3')}/auth/catalog`, previous: null, next: null } };
};
