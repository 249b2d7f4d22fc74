import type { FastifyReply, FastifyRequest } from 'fastify';
import { jsonBody, firstQuery, queryOf } from '../../core/http.js';
import type { CloudDeps, Handler } from '../../core/service.js';
import { validateAgainst } from '../../core/validation.js';
import {
  createEndpoint,
  createRegion,
  createService,
  deleteEndpoint,
  deleteRegion,
  deleteService,
  type EndpointRow,
  getEndpoint,
  getRegion,
  getService,
  listEndpoints,
  listRegions,
  listServices,
  type RegionRow,
  type ServiceRow,
  updateEndpoint,
  updateRegion,
  updateService,
} from '../models/catalog-admin.js';
import { isCloudAdmin } from '../policy.js';
import { Forbidden } from '../../core/errors.js';
import { collectionLinks, requireContext, v3Url } from './common.js';

/** `/v3/regions`, `/v3/services`, `/v3/endpoints` (keystone/api/regions.py, services.py, endpoints.py): cloud admins only. */

const nullableString = { type: ['string', 'null'] };
const SCHEMAS = {
  region: { type: 'object', properties: { id: { type: 'string' }, description: nullableString, parent_region_id: nullableString }, additionalProperties: true },
  service: {
    type: 'object',
    properties: { type: { type: 'string', minLength: 1, maxLength: 255 }, name: { type: 'string', maxLength: 255 }, enabled: { type: 'boolean' }, description: nullableString },
    additionalProperties: true,
  },
  endpoint: {
    type: 'object',
    properties: {
      service_id: { type: 'string', minLength: 1, maxLength: 64 },
      interface: { type: 'string', enum: ['admin', 'internal', 'public'] },
      url: { type: 'string', minLength: 1, maxLength: 225, pattern: '^[a-zA-Z0-9+.-]+:.+' },
      region_id: nullableString,
      region: nullableString,
      enabled: { type: 'boolean' },
    },
    additionalProperties: true,
  },
};
const REQUIRED = { region: [], service: ['type'], endpoint: ['service_id', 'interface', 'url'] } as const;

type Kind = keyof typeof SCHEMAS;
const CREATE = Object.fromEntries(Object.entries(SCHEMAS).map(([kind, schema]) => [kind, { ...schema, required: REQUIRED[kind as Kind] }])) as Record<Kind, object>;
const UPDATE = Object.fromEntries(Object.entries(SCHEMAS).map(([kind, schema]) => [kind, { ...schema, minProperties: 1 }])) as Record<Kind, object>;

function bodyOf(request: FastifyRequest, kind: Kind, mode: 'create' | 'update'): Record<string, unknown> {
  const body = jsonBody(request);
  const entity = body && typeof body === 'object' && !Array.isArray(body) ? ((body as Record<string, unknown>)[kind] ?? {}) : {};
  validateAgainst(mode === 'create' ? CREATE[kind] : UPDATE[kind], entity);
  return entity as Record<string, unknown>;
}

export function adminOnly(request: FastifyRequest, deps: CloudDeps, rule: string): void {
  const context = requireContext(request, deps);
  if (!isCloudAdmin(context)) throw new Forbidden(`You are not authorized to perform the requested action: identity:${rule}.`);
}

const param = (request: FastifyRequest, name: string) => (request.params as Record<string, string>)[name];
const without = (values: Record<string, unknown>, keys: string[]) => Object.fromEntries(Object.entries(values).filter(([key]) => !keys.includes(key)));

// ---- regions

const renderRegion = (deps: CloudDeps, row: RegionRow) => ({
  id: row.id,
  description: row.description,
  parent_region_id: row.parent_region_id,
  links: { self: `${v3Url(deps)}/regions/${row.id}` },
});

export const listRegionsHandler: Handler = (deps) => async (request) => {
  requireContext(request, deps);
  return { regions: listRegions(deps.db, firstQuery(queryOf(request), 'parent_region_id')).map((row) => renderRegion(deps, row)), links: collectionLinks(deps, request) };
};
export const showRegion: Handler = (deps) => async (request) => {
  requireContext(request, deps);
  return { region: renderRegion(deps, getRegion(deps.db, param(request, 'region_id'))) };
};
/** `POST /v3/regions` (id generated unless given) and `PUT /v3/regions/{id}` (id from the path). */
export const createRegionHandler: Handler = (deps) => async (request, reply: FastifyReply) => {
  adminOnly(request, deps, 'create_region');
  const body = bodyOf(request, 'region', 'create');
  const row = createRegion(deps.db, {
    id: param(request, 'region_id') ?? (body.id as string | undefined),
    description: (body.description as string | null | undefined) ?? undefined,
    parentRegionId: body.parent_region_id as string | null | undefined,
  });
  return reply.code(201).send({ region: renderRegion(deps, row) });
};
export const updateRegionHandler: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'update_region');
  const body = bodyOf(request, 'region', 'update');
  const row = updateRegion(deps.db, param(request, 'region_id'), { description: (body.description as string | null | undefined) ?? undefined, parentRegionId: body.parent_region_id as string | null | undefined });
  return { region: renderRegion(deps, row) };
};
export const deleteRegionHandler: Handler = (deps) => async (request, reply: FastifyReply) => {
  adminOnly(request, deps, 'delete_region');
  deleteRegion(deps.db, param(request, 'region_id'));
  return reply.code(204).send();
};

// ---- services

const renderService = (deps: CloudDeps, row: ServiceRow) => ({
  ...(JSON.parse(row.extra) as object),
  id: row.id,
  type: row.type,
  name: row.name,
  enabled: Boolean(row.enabled),
  links: { self: `${v3Url(deps)}/services/${row.id}` },
});

export const listServicesHandler: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'list_services');
  const query = queryOf(request);
  const rows = listServices(deps.db, { type: firstQuery(query, 'type'), name: firstQuery(query, 'name') });
  return { services: rows.map((row) => renderService(deps, row)), links: collectionLinks(deps, request) };
};
export const showService: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'get_service');
  return { service: renderService(deps, getService(deps.db, param(request, 'service_id'))) };
};
export const createServiceHandler: Handler = (deps) => async (request, reply: FastifyReply) => {
  adminOnly(request, deps, 'create_service');
  const body = bodyOf(request, 'service', 'create');
  const row = createService(deps.db, { type: body.type as string, name: (body.name as string | undefined) ?? '', enabled: body.enabled !== false, extra: without(body, ['id', 'type', 'name', 'enabled', 'links']) });
  return reply.code(201).send({ service: renderService(deps, row) });
};
export const updateServiceHandler: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'update_service');
  const body = bodyOf(request, 'service', 'update');
  const row = updateService(deps.db, param(request, 'service_id'), {
    type: body.type as string | undefined,
    name: body.name as string | undefined,
    enabled: body.enabled as boolean | undefined,
    extra: without(body, ['id', 'type', 'name', 'enabled', 'links']),
  });
  return { service: renderService(deps, row) };
};
export const deleteServiceHandler: Handler = (deps) => async (request, reply: FastifyReply) => {
  adminOnly(request, deps, 'delete_service');
  deleteService(deps.db, param(request, 'service_id'));
  return reply.code(204).send();
};

// ---- endpoints

/** The endpoint's URL as registered: a built-in one is the emulator's public URL plus its path, its %(project_id)s kept. */
const endpointUrl = (deps: CloudDeps, row: EndpointRow) => row.url ?? `${deps.publicUrl().replace(/\/+$/, '')}${row.url_path}`;

export const renderEndpoint = (deps: CloudDeps, row: EndpointRow) => ({
  ...(JSON.parse(row.extra) as object),
  id: row.id,
  interface: row.interface,
  region_id: row.region_id,
  region: row.region_id,
  service_id: row.service_id,
  url: endpointUrl(deps, row),
  enabled: Boolean(row.enabled),
  links: { self: `${v3Url(deps)}/endpoints/${row.id}` },
});

const ENDPOINT_KEYS = ['id', 'service_id', 'interface', 'url', 'region_id', 'region', 'enabled', 'links', 'legacy_endpoint_id'];

export const listEndpointsHandler: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'list_endpoints');
  const query = queryOf(request);
  const rows = listEndpoints(deps.db, { serviceId: firstQuery(query, 'service_id'), interface: firstQuery(query, 'interface'), regionId: firstQuery(query, 'region_id') });
  return { endpoints: rows.map((row) => renderEndpoint(deps, row)), links: collectionLinks(deps, request) };
};
export const showEndpoint: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'get_endpoint');
  return { endpoint: renderEndpoint(deps, getEndpoint(deps.db, param(request, 'endpoint_id'))) };
};
export const createEndpointHandler: Handler = (deps) => async (request, reply: FastifyReply) => {
  adminOnly(request, deps, 'create_endpoint');
  const body = bodyOf(request, 'endpoint', 'create');
  const row = createEndpoint(deps.db, {
    serviceId: body.service_id as string,
    interface: body.interface as string,
    url: body.url as string,
    regionId: (body.region_id ?? body.region) as string | null | undefined,
    enabled: body.enabled as boolean | undefined,
    extra: without(body, ENDPOINT_KEYS),
  });
  return reply.code(201).send({ endpoint: renderEndpoint(deps, row) });
};
export const updateEndpointHandler: Handler = (deps) => async (request) => {
  adminOnly(request, deps, 'update_endpoint');
  const body = bodyOf(request, 'endpoint', 'update');
  const row = updateEndpoint(deps.db, param(request, 'endpoint_id'), {
    serviceId: body.service_id as string | undefined,
    interface: body.interface as string | undefined,
    url: body.url as string | undefined,
    regionId: (body.region_id ?? body.region) as string | null | undefined,
    enabled: body.enabled as boolean | undefined,
    extra: without(body, ENDPOINT_KEYS),
  });
  return { endpoint: renderEndpoint(deps, row) };
};
export const deleteEndpointHandler: Handler = (deps) => async (request, reply: FastifyReply) => {
  adminOnly(request, deps, 'delete_endpoint');
  deleteEndpoint(deps.db, param(request, 'endpoint_id'));
  return reply.code(204).send();
};
