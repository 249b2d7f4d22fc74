import type { FastifyReply, FastifyRequest } from 'fastify';
import { BadRequest } from '../../core/errors.js';
import { jsonBody } from '../../core/http.js';
import { type CloudDeps, cloudUrl } from '../../core/service.js';
import { CATALOG, type CatalogKind, createCatalog, deleteCatalog, getCatalog, listCatalog, renderCatalog, updateCatalog } from '../models/catalog.js';
import { DEFAULT_QUOTAS, listQuotaProjects, QUOTA_KEYS, type QuotaKey, resetQuotas, setQuotas, storedQuotas } from '../models/quotas.js';
import { filterList, type LbDeps, param, viewerOf } from './common.js';

/** The operator's side of Octavia v2: flavors, zones and their profiles, providers, quotas, the version document. */

type LbHandler = (deps: LbDeps) => (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const MANY: Record<CatalogKind, string> = { flavor: 'flavors', flavorprofile: 'flavorprofiles', availabilityzone: 'availability_zones', availabilityzoneprofile: 'availability_zone_profiles' };
/** The links key beside each list: Octavia's profiles name theirs in the singular (flavor_profiles.py, availability_zone_profiles.py). */
const LINKS: Record<CatalogKind, string> = { flavor: 'flavors_links', flavorprofile: 'flavorprofile_links', availabilityzone: 'availability_zones_links', availabilityzoneprofile: 'availability_zone_profile_links' };
/** Profiles are the admin's; flavors and zones are read by every project. */
const readNeed = (kind: CatalogKind) => (kind.endsWith('profile') ? 'admin' : 'read') as 'admin' | 'read';

function wrapped(request: FastifyRequest, key: string): unknown {
  const body = jsonBody(request);
  if (!body || typeof body !== 'object' || !(key in body)) throw new BadRequest(`Invalid input for field/attribute ${key}. Value: 'None'. Mandatory field missing.`);
  return (body as Record<string, unknown>)[key];
}

export const catalogHandlers = (kind: CatalogKind) => {
  const key = CATALOG[kind].key;
  const list: LbHandler = (deps) => async (request) => {
    const viewer = viewerOf(request, readNeed(kind));
    return { [MANY[kind]]: filterList(request, viewer, listCatalog(deps.db, kind).map(renderCatalog)), [LINKS[kind]]: [] };
  };
  const show: LbHandler = (deps) => async (request) => {
    viewerOf(request, readNeed(kind));
    return { [key]: renderCatalog(getCatalog(deps.db, kind, param(request, 'id'))) };
  };
  const create: LbHandler = (deps) => async (request, reply) => {
    viewerOf(request, 'admin');
    return reply.code(201).send({ [key]: renderCatalog(createCatalog(deps.db, kind, wrapped(request, key))) });
  };
  const update: LbHandler = (deps) => async (request) => {
    viewerOf(request, 'admin');
    return { [key]: renderCatalog(updateCatalog(deps.db, getCatalog(deps.db, kind, param(request, 'id')), wrapped(request, key))) };
  };
  const remove: LbHandler = (deps) => async (request, reply) => {
    viewerOf(request, 'admin');
    deleteCatalog(deps.db, getCatalog(deps.db, kind, param(request, 'id')));
    return reply.code(204).send();
  };
  return { list, show, create, update, remove };
};

export const PROVIDERS = [{ name: 'amphora', description: 'The Octavia Amphora driver (built-in cloud: no amphora boots, the driver settles on the clock).' }];

export const listProviders: LbHandler = () => async (request) => {
  viewerOf(request);
  return { providers: PROVIDERS };
};

const renderQuota = (projectId: string, values: Record<QuotaKey, number | null>) => ({
  project_id: projectId,
  ...values,
  load_balancer: values.loadbalancer,
  health_monitor: values.healthmonitor,
  tenant_id: projectId,
});

export const listQuotas: LbHandler = (deps) => async (request) => {
  const viewer = viewerOf(request);
  const projects = viewer.isAdmin ? listQuotaProjects(deps.db) : [viewer.projectId];
  return { quotas: projects.map((project) => renderQuota(project, storedQuotas(deps.db, project))), quotas_links: [] };
};

export const showQuota: LbHandler = (deps) => async (request) => {
  const viewer = viewerOf(request);
  const project = param(request, 'project');
  if (!viewer.isAdmin && project !== viewer.projectId) viewerOf(request, 'admin');
  const values = storedQuotas(deps.db, project);
  const effective = Object.fromEntries(QUOTA_KEYS.map((key) => [key, values[key] ?? DEFAULT_QUOTAS[key]])) as Record<QuotaKey, number>;
  return { quota: renderQuota(project, effective) };
};

export const showDefaultQuota: LbHandler = () => async (request) => {
  viewerOf(request, 'admin');
  return { quota: { ...DEFAULT_QUOTAS, load_balancer: DEFAULT_QUOTAS.loadbalancer, health_monitor: DEFAULT_QUOTAS.healthmonitor } };
};

export const updateQuota: LbHandler = (deps) => async (request, reply) => {
  viewerOf(request, 'admin');
  const body = wrapped(request, 'quota') as Record<string, unknown>;
  const values: Partial<Record<QuotaKey, number | null>> = {};
  for (const [field, value] of Object.entries(body ?? {})) {
    const key = (field === 'load_balancer' ? 'loadbalancer' : field === 'health_monitor' ? 'healthmonitor' : field) as QuotaKey;
    if (!QUOTA_KEYS.includes(key)) throw new BadRequest(`Unknown attribute for argument quotas_.quota: ${field}`);
    if (value !== null && (typeof value !== 'number' || !Number.isInteger(value) || value < -1 || value > 2000000000)) {
      throw new BadRequest(`Invalid input for field/attribute ${field}. Value: '${String(value)}'. Value should be greater or equal to -1`);
    }
    values[key] = value as number | null;
  }
  const project = param(request, 'project');
  setQuotas(deps.db, project, values);
  return reply.code(202).send({ quota: renderQuota(project, storedQuotas(deps.db, project)) });
};

export const deleteQuota: LbHandler = (deps) => async (request, reply) => {
  viewerOf(request, 'admin');
  resetQuotas(deps.db, param(request, 'project'));
  return reply.code(204).send();
};

/** `GET /`: every API version the Zed Octavia lists, v2.26 current. */
export const listVersions = (deps: CloudDeps) => async () => {
  const href = cloudUrl(deps, '/load-balancer/v2');
  const versions = Array.from({ length: 27 }, (_, minor) => ({
    id: `v2.${minor}`,
    status: minor === 26 ? 'CURRENT' : 'SUPPORTED',
    updated: '2022-09-13T00:00:00Z',
    links: [{ href, rel: 'self' }],
  }));
  return { versions };
};
