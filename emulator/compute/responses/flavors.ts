import type { FastifyRequest } from 'fastify';
import type { RequestContext } from '../../core/context.js';
import { isAdmin } from '../../core/context.js';
import { BadRequest, NotFound } from '../../core/errors.js';
import { jsonBody, queryOf } from '../../core/http.js';
import type { Microversion } from '../../core/microversion.js';
import { type CloudDeps, cloudUrl, type Handler } from '../../core/service.js';
import { validateAgainst, validateQuery } from '../../core/validation.js';
import {
  addFlavorAccess,
  createFlavor as createFlavorModel,
  deleteExtraSpec as deleteExtraSpecModel,
  deleteFlavor as deleteFlavorModel,
  FLAVOR_SORT_KEYS,
  type Flavor,
  flavorProjects,
  getFlavor,
  listFlavors as listFlavorsModel,
  removeFlavorAccess,
  setExtraSpecs,
  updateFlavorDescription,
  verifyProjectId,
  type Viewer,
} from '../models/flavors.js';
import { can, enforce } from '../policy.js';
import { contextOf, versionOf } from './common.js';
import { limitAndMarker, collectionLinks, lastQuery } from './paging.js';
import { boolean, boolFromString, descriptionPattern, integerParam, multiParams, name, nonNegativeInteger } from './parameter-types.js';

/**
 * `/flavors`, `/flavors/{id}/os-extra_specs`, `/flavors/{id}/os-flavor-access`
 * and the flavor actions, as nova/api/openstack/compute/flavors.py,
 * flavor_manage.py, flavors_extraspecs.py and flavor_access.py serve them.
 * The shape follows the microversion: `description` from 2.55, embedded
 * `extra_specs` from 2.61, `swap` 0 instead of "" from 2.75.
 */

const FLAVOR_DESCRIPTION_MICROVERSION = '2.55';
const FLAVOR_EXTRA_SPECS_MICROVERSION = '2.61';

// ---- request schemas (nova/api/openstack/compute/schemas/flavor*.py) ----

const INDEX_QUERY = {
  type: 'object',
  properties: {
    limit: multiParams(nonNegativeInteger),
    marker: multiParams({ type: 'string' }),
    is_public: multiParams({ type: 'string' }),
    minRam: multiParams({ type: 'string' }),
    minDisk: multiParams({ type: 'string' }),
    sort_key: multiParams({ type: 'string', enum: Object.keys(FLAVOR_SORT_KEYS) }),
    sort_dir: multiParams({ type: 'string', enum: ['asc', 'desc'] }),
  },
  additionalProperties: true,
};
const INDEX_QUERY_275 = { ...INDEX_QUERY, additionalProperties: false };

const flavorDescription = { type: ['string', 'null'], minLength: 0, maxLength: 65535, pattern: descriptionPattern };

function createSchema(withDescription: boolean) {
  return {
    type: 'object',
    properties: {
      flavor: {
        type: 'object',
        properties: {
          name,
          id: { type: ['string', 'number', 'null'], minLength: 1, maxLength: 255, pattern: '^(?! )[a-zA-Z0-9. _-]+(?<! )$' },
          ram: integerParam(1),
          vcpus: integerParam(1),
          disk: integerParam(0),
          'OS-FLV-EXT-DATA:ephemeral': integerParam(0),
          swap: integerParam(0),
          rxtx_factor: {
            type: ['number', 'string'],
            pattern: '^[0-9]+(\\.[0-9]+)?$',
            exclusiveMinimum: 0,
            stringExclusiveMinimum: 0,
            maximum: 3.40282e38,
            stringMaximum: 3.40282e38,
          },
          'os-flavor-access:is_public': boolean,
          ...(withDescription ? { description: flavorDescription } : {}),
        },
        required: ['name', 'ram', 'vcpus', 'disk'],
        additionalProperties: false,
      },
    },
    required: ['flavor'],
    additionalProperties: false,
  };
}
const CREATE = createSchema(false);
const CREATE_V255 = createSchema(true);

const UPDATE_V255 = {
  type: 'object',
  properties: {
    flavor: { type: 'object', properties: { description: flavorDescription }, required: ['description'], additionalProperties: false },
  },
  required: ['flavor'],
  additionalProperties: false,
};

/** `parameter_types.metadata`, with numbers allowed as values (flavors_extraspecs.py). */
const EXTRA_SPECS = {
  type: 'object',
  patternProperties: { '^[a-zA-Z0-9-_:. ]{1,255}$': { type: ['string', 'number'], maxLength: 255 } },
  additionalProperties: false,
};
const EXTRA_SPECS_CREATE = { type: 'object', properties: { extra_specs: EXTRA_SPECS }, required: ['extra_specs'], additionalProperties: false };
const EXTRA_SPEC_UPDATE = { ...EXTRA_SPECS, minProperties: 1, maxProperties: 1 };

const tenantAccess = (action: string) => ({
  type: 'object',
  properties: {
    [action]: {
      type: 'object',
      properties: { tenant: { type: 'string', minLength: 1, maxLength: 255 } },
      required: ['tenant'],
      additionalProperties: false,
    },
  },
  required: [action],
  additionalProperties: false,
});
const ADD_TENANT_ACCESS = tenantAccess('addTenantAccess');
const REMOVE_TENANT_ACCESS = tenantAccess('removeTenantAccess');

// ---- rendering (nova/api/openstack/compute/views/flavors.py) ----

const viewerOf = (context: RequestContext): Viewer => ({ isAdmin: isAdmin(context), projectId: context.projectId });

function links(deps: CloudDeps, flavorid: string) {
  return [
    { rel: 'self', href: `${cloudUrl(deps, '/compute/v2.1')}/flavors/${flavorid}` },
    { rel: 'bookmark', href: `${cloudUrl(deps, '/compute')}/flavors/${flavorid}` },
  ];
}

interface ShowOptions {
  includeDescription: boolean;
  includeExtraSpecs: boolean;
}

/** The `show` view: the classic fields, then description and extra_specs when the version has them. */
function renderFlavor(deps: CloudDeps, flavor: Flavor, version: Microversion, options: ShowOptions) {
  return {
    id: flavor.flavorid,
    name: flavor.name,
    ram: flavor.memoryMb,
    disk: flavor.rootGb,
    // Nova's "" for no swap (bug 1408954) until 2.75 makes it 0.
    swap: flavor.swap || (version.atLeast('2.75') ? 0 : ''),
    'OS-FLV-EXT-DATA:ephemeral': flavor.ephemeralGb,
    'OS-FLV-DISABLED:disabled': flavor.disabled,
    vcpus: flavor.vcpus,
    'os-flavor-access:is_public': flavor.isPublic,
    rxtx_factor: flavor.rxtxFactor || '',
    links: links(deps, flavor.flavorid),
    ...(options.includeDescription ? { description: flavor.description } : {}),
    ...(options.includeExtraSpecs ? { extra_specs: flavor.extraSpecs } : {}),
  };
}

function renderBasic(deps: CloudDeps, flavor: Flavor, version: Microversion) {
  return {
    id: flavor.flavorid,
    name: flavor.name,
    links: links(deps, flavor.flavorid),
    ...(version.atLeast(FLAVOR_DESCRIPTION_MICROVERSION) ? { description: flavor.description } : {}),
  };
}

/** From 2.61 extra specs are embedded when `os-flavor-extra-specs:index` allows (fatal=False). */
function includeExtraSpecs(version: Microversion, context: RequestContext): boolean {
  return version.atLeast(FLAVOR_EXTRA_SPECS_MICROVERSION) && can('os_compute_api:os-flavor-extra-specs:index', context);
}

// ---- GET /flavors, /flavors/detail ----

/** `_parse_is_public`: absent means public, "none" means all, else a strict boolean. */
function parseIsPublic(value: string | undefined): boolean | null {
  if (value === undefined) return true;
  if (value.toLowerCase() === 'none') return null;
  const parsed = boolFromString(value);
  if (parsed === undefined) throw new BadRequest(`Invalid is_public filter [${value}]`);
  return parsed;
}

/** Python's int() of a filter value, or the filter's 400. */
function intFilter(request: FastifyRequest, key: 'minRam' | 'minDisk'): number | undefined {
  const value = lastQuery(request, key);
  if (value === undefined) return undefined;
  if (!/^\s*[+-]?\d+(_\d+)*\s*$/.test(value)) throw new BadRequest(`Invalid ${key} filter [${value}]`);
  return Number(value.trim().replace(/_/g, ''));
}

function flavorsOf(deps: CloudDeps, request: FastifyRequest, version: Microversion, context: RequestContext): Flavor[] {
  validateQuery(version.atLeast('2.75') ? INDEX_QUERY_275 : INDEX_QUERY, queryOf(request));
  const sortKey = lastQuery(request, 'sort_key') || 'flavorid';
  const sortDir = (lastQuery(request, 'sort_dir') || 'asc') as 'asc' | 'desc';
  const { limit, marker } = limitAndMarker(request);
  const admin = isAdmin(context);
  // Only an admin chooses public/private/all; everyone else sees the enabled public flavors and their project's own.
  const isPublic = admin ? parseIsPublic(lastQuery(request, 'is_public')) : true;
  return listFlavorsModel(deps.db, viewerOf(context), {
    isPublic,
    disabled: admin ? undefined : false,
    minMemoryMb: intFilter(request, 'minRam'),
    minRootGb: intFilter(request, 'minDisk'),
    sortKey,
    sortDir,
    limit,
    marker,
  });
}

function listBody(deps: CloudDeps, request: FastifyRequest, flavors: Flavor[], items: unknown[], collection: string) {
  const body: Record<string, unknown> = { flavors: items };
  const next = collectionLinks(deps, request, flavors.length, flavors.at(-1)?.flavorid, collection);
  if (next.length) body.flavors_links = next;
  return body;
}

/** `GET /flavors`: id, name and links (and description from 2.55). */
export const listFlavors: Handler = (deps) => async (request) => {
  const version = versionOf(request);
  const flavors = flavorsOf(deps, request, version, contextOf(request));
  return listBody(deps, request, flavors, flavors.map((flavor) => renderBasic(deps, flavor, version)), 'flavors');
};

/** `GET /flavors/detail` */
export const listFlavorsDetail: Handler = (deps) => async (request) => {
  const version = versionOf(request);
  const context = contextOf(request);
  const flavors = flavorsOf(deps, request, version, context);
  const options = { includeDescription: version.atLeast(FLAVOR_DESCRIPTION_MICROVERSION), includeExtraSpecs: includeExtraSpecs(version, context) };
  return listBody(deps, request, flavors, flavors.map((flavor) => renderFlavor(deps, flavor, version, options)), 'flavors/detail');
};

/** `GET /flavors/{id}`: a private flavor is found only by an admin or a project given access. */
export const showFlavor: Handler = (deps) => async (request) => {
  const version = versionOf(request);
  const context = contextOf(request);
  const flavor = getFlavor(deps.db, viewerOf(context), flavorIdOf(request));
  return {
    flavor: renderFlavor(deps, flavor, version, {
      includeDescription: version.atLeast(FLAVOR_DESCRIPTION_MICROVERSION),
      includeExtraSpecs: includeExtraSpecs(version, context),
    }),
  };
};

// ---- POST /flavors, PUT /flavors/{id}, DELETE /flavors/{id} ----

function flavorIdOf(request: FastifyRequest): string {
  return (request.params as { id: string }).id;
}

/** The integers of a create body: JSON numbers or digit strings, already range-checked by the schema. */
const toInt = (value: unknown, fallback: number) => (value === undefined ? fallback : Number(value));

/** `POST /flavors` (admin): 200 with the flavor; the id is generated when absent or null. */
export const createFlavor: Handler = (deps) => async (request) => {
  const version = versionOf(request);
  const context = contextOf(request);
  const body = jsonBody(request);
  validateAgainst(version.atLeast(FLAVOR_DESCRIPTION_MICROVERSION) ? CREATE_V255 : CREATE, body);
  enforce('os_compute_api:os-flavor-manage:create', context);
  const values = (body as { flavor: Record<string, unknown> }).flavor;
  const isPublic = values['os-flavor-access:is_public'] === undefined ? true : boolFromString(values['os-flavor-access:is_public'])!;
  const id = values.id;
  const flavor = createFlavorModel(deps.db, deps.clock.now(), {
    name: values.name as string,
    // nova.compute.flavors.create: a falsy id is generated; a number becomes its string.
    flavorid: id === undefined || id === null || id === '' ? null : String(id),
    memoryMb: toInt(values.ram, 0),
    vcpus: toInt(values.vcpus, 0),
    rootGb: toInt(values.disk, 0),
    ephemeralGb: toInt(values['OS-FLV-EXT-DATA:ephemeral'], 0),
    swap: toInt(values.swap, 0),
    rxtxFactor: values.rxtx_factor === undefined ? 1.0 : Number(values.rxtx_factor),
    isPublic,
    description: version.atLeast(FLAVOR_DESCRIPTION_MICROVERSION) ? ((values.description as string | null | undefined) ?? null) : null,
  });
  // A new flavor has no extra specs yet; from 2.61 the body says so.
  return {
    flavor: renderFlavor(deps, flavor, version, {
      includeDescription: version.atLeast(FLAVOR_DESCRIPTION_MICROVERSION),
      includeExtraSpecs: includeExtraSpecs(version, context),
    }),
  };
};

/** `PUT /flavors/{id}` from 2.55: only the description can change. */
export const updateFlavor: Handler = (deps) => async (request) => {
  const version = versionOf(request);
  // A method the version does not have is VersionNotFoundForAPIMethod: a plain 404.
  if (!version.atLeast(FLAVOR_DESCRIPTION_MICROVERSION)) throw new NotFound('The resource could not be found.');
  const context = contextOf(request);
  const body = jsonBody(request);
  validateAgainst(UPDATE_V255, body);
  enforce('os_compute_api:os-flavor-manage:update', context);
  const description = (body as { flavor: { description: string | null } }).flavor.description;
  const flavor = updateFlavorDescription(deps.db, deps.clock.now(), flavorIdOf(request), description);
  return { flavor: renderFlavor(deps, flavor, version, { includeDescription: true, includeExtraSpecs: includeExtraSpecs(version, context) }) };
};

/** `DELETE /flavors/{id}` (admin): 202, as Nova keeps for compatibility. */
export const deleteFlavor: Handler = (deps) => async (request, reply) => {
  enforce('os_compute_api:os-flavor-manage:delete', contextOf(request));
  deleteFlavorModel(deps.db, flavorIdOf(request));
  return reply.code(202).send();
};

// ---- /flavors/{id}/os-extra_specs ----

/**
 * `_check_extra_specs_value`: numbers are stored as their text, which must
 * fit the 255-character column.
 */
function specValues(specs: Record<string, string | number>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(specs)) {
    const text = String(value);
    if (typeof value === 'number' && text.length > 255) {
      throw new BadRequest(`Invalid input received: extra_specs value has ${text.length} characters, more than 255.`);
    }
    values[key] = text;
  }
  return values;
}

/** `GET /flavors/{id}/os-extra_specs` */
export const listExtraSpecs: Handler = (deps) => async (request) => {
  const context = contextOf(request);
  enforce('os_compute_api:os-flavor-extra-specs:index', context);
  return { extra_specs: getFlavor(deps.db, viewerOf(context), flavorIdOf(request)).extraSpecs };
};

/** `POST /flavors/{id}/os-extra_specs` (admin): merges, and echoes the request body. */
export const createExtraSpecs: Handler = (deps) => async (request) => {
  const context = contextOf(request);
  const body = jsonBody(request);
  validateAgainst(EXTRA_SPECS_CREATE, body);
  enforce('os_compute_api:os-flavor-extra-specs:create', context);
  const specs = specValues((body as { extra_specs: Record<string, string | number> }).extra_specs);
  setExtraSpecs(deps.db, viewerOf(context), flavorIdOf(request), specs);
  return body;
};

function specKeyOf(request: FastifyRequest): string {
  return (request.params as { key: string }).key;
}

/** `GET /flavors/{id}/os-extra_specs/{key}` */
export const showExtraSpec: Handler = (deps) => async (request) => {
  const context = contextOf(request);
  enforce('os_compute_api:os-flavor-extra-specs:show', context);
  const flavorid = flavorIdOf(request);
  const key = specKeyOf(request);
  const specs = getFlavor(deps.db, viewerOf(context), flavorid).extraSpecs;
  if (!Object.hasOwn(specs, key)) throw new NotFound(`Flavor ${flavorid} has no extra specs with key ${key}.`);
  return { [key]: specs[key] };
};

/** `PUT /flavors/{id}/os-extra_specs/{key}` (admin): body `{key: value}`, exactly that key. */
export const updateExtraSpec: Handler = (deps) => async (request) => {
  const context = contextOf(request);
  const body = jsonBody(request);
  validateAgainst(EXTRA_SPEC_UPDATE, body);
  enforce('os_compute_api:os-flavor-extra-specs:update', context);
  const specs = specValues(body as Record<string, string | number>);
  if (!(specKeyOf(request) in specs)) throw new BadRequest('Request body and URI mismatch');
  setExtraSpecs(deps.db, viewerOf(context), flavorIdOf(request), specs);
  return body;
};

/** `DELETE /flavors/{id}/os-extra_specs/{key}` (admin): 200 with no body. */
export const deleteExtraSpec: Handler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  enforce('os_compute_api:os-flavor-extra-specs:delete', context);
  deleteExtraSpecModel(deps.db, viewerOf(context), flavorIdOf(request), specKeyOf(request));
  return reply.code(200).send();
};

// ---- /flavors/{id}/os-flavor-access and the access actions ----

function accessBody(deps: CloudDeps, flavor: Flavor) {
  return { flavor_access: flavorProjects(deps.db, flavor).map((projectId) => ({ flavor_id: flavor.flavorid, tenant_id: projectId })) };
}

/** `GET /flavors/{id}/os-flavor-access`: a public flavor has no list (404). */
export const listFlavorAccess: Handler = (deps) => async (request) => {
  const context = contextOf(request);
  enforce('os_compute_api:os-flavor-access', context);
  const flavor = getFlavor(deps.db, viewerOf(context), flavorIdOf(request));
  if (flavor.isPublic) throw new NotFound('Access list not available for public flavors.');
  return accessBody(deps, flavor);
};

/**
 * `POST /flavors/{id}/action`: `addTenantAccess` or `removeTenantAccess`
 * (admin). The body names exactly one action, as Nova's dispatcher wants.
 */
export const flavorAction: Handler = (deps) => async (request) => {
  const version = versionOf(request);
  const context = contextOf(request);
  const body = jsonBody(request);
  if (!body || typeof body !== 'object' || Array.isArray(body) || Object.keys(body).length !== 1) throw new BadRequest('Malformed request body');
  const action = Object.keys(body)[0];
  const flavorid = flavorIdOf(request);
  if (action === 'addTenantAccess') {
    validateAgainst(ADD_TENANT_ACCESS, body);
    enforce('os_compute_api:os-flavor-access:add_tenant_access', context);
    const tenant = (body as { addTenantAccess: { tenant: string } }).addTenantAccess.tenant;
    verifyProjectId(deps.db, tenant);
    return accessBody(deps, addFlavorAccess(deps.db, flavorid, tenant, { refusePublic: version.atLeast('2.7') }));
  }
  if (action === 'removeTenantAccess') {
    validateAgainst(REMOVE_TENANT_ACCESS, body);
    enforce('os_compute_api:os-flavor-access:remove_tenant_access', context);
    // Whether the project still exists does not matter for removing it.
    const tenant = (body as { removeTenantAccess: { tenant: string } }).removeTenantAccess.tenant;
    return accessBody(deps, removeFlavorAccess(deps.db, flavorid, tenant));
  }
  throw new BadRequest(`There is no such action: ${action}`);
};
