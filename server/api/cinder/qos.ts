import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { enforce } from '../../policy/enforce.js';
import type { QosSpecCreate, QosSpecUpdate } from '../../../shared/generated/qos-spec.js';
import { cinder, encode, type MetadataPatch } from './common.js';

/**
 * `/api/cinder/qosspecs/` beyond the contract's list (Horizon's admin QoS
 * Specs tab, cinder.qos_spec_* of openstack_dashboard/api/cinder.py):
 * create with a consumer, Edit Consumer, delete, and the specs edited as
 * metadata. Every write is the admin's; the server refuses a member before
 * calling Cinder.
 */

interface NativeQos {
  id: string;
  name: string;
  consumer: string;
  specs: Record<string, string>;
}

export const shapeQos = ({ id, name, consumer, specs }: NativeQos) => ({ id, name, consumer, specs });
const qosPath = (id: string) => `/qos-specs/${encode(id)}`;

export const qosRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.post<{ Body: QosSpecCreate }>('/api/cinder/qosspecs/', { schema: { body: { $ref: 'qos-spec.schema.json#/$defs/create' } } }, async (request, reply) => {
    enforce(request, 'volume', ['volume_extension:qos_specs_manage:create']);
    const client = await access.client(request);
    const { name, consumer, specs } = request.body;
    const response = await cinder<{ qos_specs: NativeQos }>(client, 'POST', '/qos-specs', { body: { qos_specs: { ...specs, name, consumer } } });
    const created = response.body.qos_specs;
    reply.code(201).header('Location', `/api/cinder/qosspecs/${encode(created.id)}/`);
    return shapeQos(created);
  });

  app.delete<{ Params: { id: string } }>('/api/cinder/qosspecs/:id/', async (request, reply) => {
    enforce(request, 'volume', ['volume_extension:qos_specs_manage:delete']);
    const client = await access.client(request);
    await cinder(client, 'DELETE', qosPath(request.params.id));
    return reply.code(204).send();
  });

  // Horizon's Edit Consumer: the consumer is set like a key (cinder.qos_spec_set_keys); the spec as it is now answers.
  app.patch<{ Params: { id: string }; Body: QosSpecUpdate }>('/api/cinder/qosspecs/:id/', { schema: { body: { $ref: 'qos-spec.schema.json#/$defs/update' } } }, async (request) => {
    enforce(request, 'volume', ['volume_extension:qos_specs_manage:update']);
    const client = await access.client(request);
    const path = qosPath(request.params.id);
    await cinder(client, 'PUT', path, { body: { qos_specs: { consumer: request.body.consumer } } });
    return shapeQos((await cinder<{ qos_specs: NativeQos }>(client, 'GET', path)).body.qos_specs);
  });

  app.get<{ Params: { id: string } }>('/api/cinder/qosspecs/:id/specs', async (request) => {
    const client = await access.client(request);
    return (await cinder<{ qos_specs: NativeQos }>(client, 'GET', qosPath(request.params.id))).body.qos_specs.specs;
  });

  // Horizon's 'Manage Specs': set the updated keys in one PUT, then drop the removed ones.
  app.patch<{ Params: { id: string }; Body: MetadataPatch }>(
    '/api/cinder/qosspecs/:id/specs',
    { schema: { body: { $ref: 'common.schema.json#/$defs/metadataPatch' } } },
    async (request, reply) => {
      enforce(request, 'volume', ['volume_extension:qos_specs_manage:update']);
      const client = await access.client(request);
      const { updated, removed } = request.body;
      if (Object.keys(updated).length) await cinder(client, 'PUT', qosPath(request.params.id), { body: { qos_specs: updated } });
      if (removed.length) await cinder(client, 'PUT', `${qosPath(request.params.id)}/delete_keys`, { body: { keys: removed } });
      return reply.code(204).send();
    },
  );
};
