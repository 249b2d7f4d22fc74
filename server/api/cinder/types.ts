import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import type { CloudClient } from '../../openstack/client.js';
import { enforce } from '../../policy/enforce.js';
import { ApiError, UpstreamError } from '../../errors.js';
import type { VolumeTypeCreate, VolumeTypeQos, VolumeTypeUpdate } from '../../../shared/generated/volume-type.js';
import { applyMetadataPatch, cinder, encode, type MetadataPatch } from './common.js';

/**
 * `/api/cinder/volumetypes/` (api-contract §5): list, one (or the default),
 * extra specs as metadata; and beyond the contract, Horizon's admin Volume
 * Types tab: create, edit, delete and 'Manage QoS Spec Association'.
 * Writes are the admin's; the server refuses a member before calling Cinder.
 */

interface NativeType {
  id: string;
  name: string;
  description: string | null;
  extra_specs?: Record<string, string>;
  is_public?: boolean;
  [key: string]: unknown;
}

export function shapeType(type: NativeType, qosNames?: Map<string, string>) {
  const qosId = typeof type.qos_specs_id === 'string' ? type.qos_specs_id : null;
  return {
    id: type.id,
    name: type.name,
    description: type.description ?? null,
    extra_specs: type.extra_specs ?? {},
    is_public: type.is_public ?? null,
    created_at: type.created_at ?? null,
    encryption: type.encryption ?? null,
    // Horizon's 'Associated QoS Spec' column: the spec's name (Cinder gives the admin its id).
    associated_qos_spec: type.associated_qos_spec ?? (qosId ? (qosNames?.get(qosId) ?? qosId) : null),
    qos_specs_id: qosId,
    'os-extended-snapshot-attributes:project_id': type['os-extended-snapshot-attributes:project_id'] ?? null,
  };
}

/** QoS spec names by id: asked for only when a listed type has one (an admin's list; members never see the ids). */
async function qosNamesFor(client: CloudClient, types: NativeType[]): Promise<Map<string, string> | undefined> {
  if (!types.some((type) => type.qos_specs_id)) return undefined;
  const response = await cinder<{ qos_specs: { id: string; name: string }[] }>(client, 'GET', '/qos-specs');
  return new Map(response.body.qos_specs.map((spec) => [spec.id, spec.name]));
}

const typePath = (id: string) => `/types/${encode(id)}`;

export const typeRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get('/api/cinder/volumetypes/', async (request) => {
    const client = await access.client(request);
    // Cinder answers an admin's plain list with the public types only; `None` asks for all, as cinderclient does for Horizon.
    const types = (await cinder<{ volume_types: NativeType[] }>(client, 'GET', '/types?is_public=None')).body.volume_types;
    const qosNames = await qosNamesFor(client, types);
    return { items: types.map((type) => shapeType(type, qosNames)) };
  });

  app.post<{ Body: VolumeTypeCreate }>('/api/cinder/volumetypes/', { schema: { body: { $ref: 'volume-type.schema.json#/$defs/create' } } }, async (request, reply) => {
    enforce(request, 'volume', ['volume_extension:types_manage']);
    const client = await access.client(request);
    const { name, description, is_public } = request.body;
    const response = await cinder<{ volume_type: NativeType }>(client, 'POST', '/types', {
      body: { volume_type: { name, description: description || null, 'os-volume-type-access:is_public': is_public ?? true } },
    });
    const created = response.body.volume_type;
    reply.code(201).header('Location', `/api/cinder/volumetypes/${encode(created.id)}/`);
    return shapeType(created);
  });

  // Horizon's Edit Volume Type: Cinder's 409 (another type has the name) becomes a code the form words as Horizon does.
  app.patch<{ Params: { id: string }; Body: VolumeTypeUpdate }>('/api/cinder/volumetypes/:id/', { schema: { body: { $ref: 'volume-type.schema.json#/$defs/update' } } }, async (request) => {
    enforce(request, 'volume', ['volume_extension:types_manage']);
    const client = await access.client(request);
    const { name, description, is_public } = request.body;
    const body = { volume_type: { name, description: description ?? '', ...(is_public === undefined ? {} : { is_public }) } };
    try {
      return shapeType((await cinder<{ volume_type: NativeType }>(client, 'PUT', typePath(request.params.id), { body })).body.volume_type);
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 409) throw new ApiError(409, 'VOLUME_TYPE_NAME_CONFLICT');
      throw error;
    }
  });

  app.delete<{ Params: { id: string } }>('/api/cinder/volumetypes/:id/', async (request, reply) => {
    enforce(request, 'volume', ['volume_extension:types_manage']);
    const client = await access.client(request);
    await cinder(client, 'DELETE', typePath(request.params.id));
    return reply.code(204).send();
  });

  // Horizon's 'Manage QoS Spec Association': the type's current spec lets go of it, then the chosen one (none: null) takes it.
  app.put<{ Params: { id: string }; Body: VolumeTypeQos }>('/api/cinder/volumetypes/:id/qos', { schema: { body: { $ref: 'volume-type.schema.json#/$defs/qos' } } }, async (request, reply) => {
    enforce(request, 'volume', ['volume_extension:qos_specs_manage:update']);
    const client = await access.client(request);
    const id = request.params.id;
    const current = (await cinder<{ volume_type: NativeType }>(client, 'GET', typePath(id))).body.volume_type.qos_specs_id;
    const chosen = request.body.qos_specs_id || null;
    if (current === chosen) return reply.code(204).send();
    if (typeof current === 'string') await cinder(client, 'GET', `/qos-specs/${encode(current)}/disassociate`, { query: { vol_type_id: id } });
    if (chosen) await cinder(client, 'GET', `/qos-specs/${encode(chosen)}/associate`, { query: { vol_type_id: id } });
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/cinder/volumetypes/:id', async (request) => {
    const client = await access.client(request);
    const path = request.params.id === 'default' ? '/types/default' : `/types/${encode(request.params.id)}`;
    return shapeType((await cinder<{ volume_type: NativeType }>(client, 'GET', path)).body.volume_type);
  });

  app.get<{ Params: { id: string } }>('/api/cinder/volumetypes/:id/metadata', async (request) => {
    const client = await access.client(request);
    return (await cinder<{ extra_specs: Record<string, string> }>(client, 'GET', `/types/${encode(request.params.id)}/extra_specs`)).body.extra_specs;
  });

  app.patch<{ Params: { id: string }; Body: MetadataPatch }>(
    '/api/cinder/volumetypes/:id/metadata',
    { schema: { body: { $ref: 'volume.schema.json#/$defs/metadataPatch' } } },
    async (request, reply) => {
      enforce(request, 'volume', ['volume_extension:types_extra_specs:create', 'volume_extension:types_extra_specs:delete']);
      const client = await access.client(request);
      await applyMetadataPatch(client, `/types/${encode(request.params.id)}/extra_specs`, 'extra_specs', request.body);
      return reply.code(204).send();
    },
  );
};
