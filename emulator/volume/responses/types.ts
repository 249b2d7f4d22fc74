import { isAdmin, type RequestContext } from '../../core/context.js';
import { BadRequest, NotFound } from '../../core/errors.js';
import { jsonBody } from '../../core/http.js';
import { validateAgainst } from '../../core/validation.js';
import {
  createType as createTypeModel,
  defaultType,
  deleteExtraSpec,
  deleteType as deleteTypeModel,
  getType,
  listTypes as listTypesModel,
  setExtraSpecs,
  updateType as updateTypeModel,
  type VolumeType,
} from '../models/types.js';
import { enforce } from '../policy.js';
import { contextOf, paramOf, queryStrings, type VolumeHandler } from './common.js';

/**
 * `/v3/{project_id}/types` (cinder/api/v2/types.py, contrib/types_manage.py,
 * types_extra_specs.py). A member sees public types, and of their extra
 * specs only the user-visible keys; qos_specs_id is the admin's.
 */

const USER_VISIBLE_EXTRA_SPECS = ['RESKEY:availability_zones', 'multiattach', 'replication_enabled'];

function visibleSpecs(type: VolumeType, context: RequestContext): Record<string, string> {
  if (isAdmin(context)) return type.extraSpecs;
  return Object.fromEntries(Object.entries(type.extraSpecs).filter(([key]) => USER_VISIBLE_EXTRA_SPECS.includes(key)));
}

export function renderType(type: VolumeType, context: RequestContext, accessKey = true) {
  return {
    id: type.id,
    name: type.name,
    is_public: type.isPublic,
    description: type.description,
    extra_specs: visibleSpecs(type, context),
    ...(isAdmin(context) ? { qos_specs_id: type.qosSpecsId } : {}),
    ...(accessKey ? { 'os-volume-type-access:is_public': type.isPublic } : {}),
  };
}

/** A type the caller may see: a member never finds a private one. */
function visibleType(deps: Parameters<VolumeHandler>[0], context: RequestContext, id: string): VolumeType {
  const type = getType(deps.db, id);
  if (!type.isPublic && !isAdmin(context)) throw new NotFound(`Volume type ${id} could not be found.`);
  return type;
}

/**
 * Cinder's `_parse_is_public` for an admin's `is_public` filter: absent means
 * public types only, `None` every type, a boolean word those of that
 * visibility. A member always gets the public ones.
 */
function visibilityFilter(context: RequestContext, value: string | undefined): boolean | null {
  if (!isAdmin(context) || value === undefined) return true;
  if (value.toLowerCase() === 'none') return null;
  if (TRUE_WORDS.includes(value.trim())) return true;
  if (FALSE_WORDS.includes(value.trim())) return false;
  throw new BadRequest(`Invalid input received: Invalid is_public filter [${value}]`);
}

export const listTypes: VolumeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  const isPublic = visibilityFilter(context, queryStrings(request).is_public);
  return {
    volume_types: listTypesModel(deps.db, { includePrivate: isPublic !== true })
      .filter((type) => isPublic === null || type.isPublic === isPublic)
      .map((type) => renderType(type, context)),
  };
};

export const showType: VolumeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  const id = paramOf(request, 'id');
  if (id === 'default') return { volume_type: renderType(defaultType(deps.db), context, false) };
  return { volume_type: renderType(visibleType(deps, context, id), context) };
};

const nullableText = { type: ['string', 'null'], maxLength: 255 };
const CREATE = {
  type: 'object',
  properties: {
    volume_type: {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 255 },
        description: nullableText,
        'os-volume-type-access:is_public': { type: ['boolean', 'string'] },
        extra_specs: {
          type: 'object',
          additionalProperties: { type: 'string', maxLength: 255 },
        },
      },
      required: ['name'],
      additionalProperties: false,
    },
  },
  required: ['volume_type'],
  additionalProperties: false,
};

export const createType: VolumeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  enforce('volume_extension:types_manage', context);
  const body = jsonBody(request);
  validateAgainst(CREATE, body);
  const input = (
    body as {
      volume_type: {
        name: string;
        description?: string | null;
        'os-volume-type-access:is_public'?: boolean | string;
        extra_specs?: Record<string, string>;
      };
    }
  ).volume_type;
  const access = input['os-volume-type-access:is_public'];
  const type = createTypeModel(deps.db, deps.clock.now(), {
    name: input.name.trim(),
    description: input.description ?? null,
    isPublic: access === undefined ? true : access === true || access === 'true' || access === 'True',
    extraSpecs: input.extra_specs ?? {},
  });
  return { volume_type: renderType(type, context) };
};

/** parameter_types.boolean: the strings oslo's bool_from_string accepts, strictly. */
const TRUE_WORDS = ['True', 'TRUE', 'true', '1', 'ON', 'On', 'on', 'YES', 'Yes', 'yes', 'y', 't'];
const FALSE_WORDS = ['False', 'FALSE', 'false', '0', 'OFF', 'Off', 'off', 'NO', 'No', 'no', 'n', 'f'];

const UPDATE = {
  type: 'object',
  properties: {
    volume_type: {
      type: 'object',
      properties: {
        name: { type: ['string', 'null'], minLength: 1, maxLength: 255 },
        description: nullableText,
        is_public: { type: ['boolean', 'string'], enum: [true, false, ...TRUE_WORDS, ...FALSE_WORDS] },
      },
      additionalProperties: false,
    },
  },
  required: ['volume_type'],
  additionalProperties: false,
};

/** `PUT /types/{id}` (types_manage._update): name, description and is_public, any of them; the others stay. */
export const updateType: VolumeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  enforce('volume_extension:type_update', context);
  const body = jsonBody(request);
  validateAgainst(UPDATE, body);
  const input = (body as { volume_type: { name?: string | null; description?: string | null; is_public?: boolean | string | null } }).volume_type;
  const name = input.name ?? undefined;
  if (name !== undefined && name.trim() === '') throw new BadRequest('Volume type name can not be empty.');
  const isPublic = input.is_public ?? undefined;
  if (name === undefined && input.description == null && isPublic === undefined) {
    throw new BadRequest('Specify volume type name, description, is_public or a combination thereof.');
  }
  const type = updateTypeModel(deps.db, paramOf(request, 'id'), {
    name,
    description: input.description ?? undefined,
    isPublic: isPublic === undefined ? undefined : isPublic === true || TRUE_WORDS.includes(String(isPublic)),
  });
  // volume_type_access extends show, index, detail and create, not update: no os-volume-type-access:is_public here.
  return { volume_type: renderType(type, context, false) };
};

export const deleteType: VolumeHandler = (deps) => async (request, reply) => {
  enforce('volume_extension:types_manage', contextOf(request));
  deleteTypeModel(deps.db, paramOf(request, 'id'));
  return reply.code(202).send();
};

export const listExtraSpecs: VolumeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  enforce('volume_extension:types_extra_specs:index', context);
  return {
    extra_specs: visibleSpecs(visibleType(deps, context, paramOf(request, 'id')), context),
  };
};

const EXTRA_SPECS_BODY = {
  type: 'object',
  properties: {
    extra_specs: {
      type: 'object',
      propertyNames: { minLength: 1, maxLength: 255 },
      additionalProperties: { type: 'string', maxLength: 255 },
    },
  },
  required: ['extra_specs'],
  additionalProperties: false,
};

export const createExtraSpecs: VolumeHandler = (deps) => async (request) => {
  enforce('volume_extension:types_extra_specs:create', contextOf(request));
  const body = jsonBody(request);
  validateAgainst(EXTRA_SPECS_BODY, body);
  const specs = (body as { extra_specs: Record<string, string> }).extra_specs;
  setExtraSpecs(deps.db, paramOf(request, 'id'), specs);
  return { extra_specs: specs };
};

export const deleteExtraSpecKey: VolumeHandler = (deps) => async (request, reply) => {
  enforce('volume_extension:types_extra_specs:delete', contextOf(request));
  deleteExtraSpec(deps.db, paramOf(request, 'id'), paramOf(request, 'key'));
  return reply.code(202).send();
};
