import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { applyMetadataPatch, cinder, encode, type MetadataPatch } from './common.js';

/** `/api/cinder/volumetypes/` (api-contract §5): list, one (or the default), extra specs as metadata. */

interface NativeType {
  id: string;
  name: string;
  description: string | null;
  extra_specs?: Record<string, string>;
  is_public?: boolean;
  [key: string]: unknown;
}

export function shapeType(type: NativeType) {
  return {
    id: type.id,
    name: type.name,
    description: type.description ?? null,
    extra_specs: type.extra_specs ?? {},
    is_public: type.is_public ?? null,
    created_at: type.created_at ?? null,
    encryption: type.encryption ?? null,
    associated_qos_spec: type.associated_qos_spec ?? null,
    'os-extended-snapshot-attributes:project_id': type['os-extended-snapshot-attributes:project_id'] ?? null,
  };
}

export const typeRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get('/api/cinder/volumetypes/', async (request) => {
    const client = await access.client(request);
    const response = await cinder<{ volume_types: NativeType[] }>(client, 'GET', '/types');
    return { items: response.body.volume_types.map(shapeType) };
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
      const client = await access.client(request);
      await applyMetadataPatch(client, `/types/${encode(request.params.id)}/extra_specs`, 'extra_specs', request.body);
      return reply.code(204).send();
    },
  );
};
