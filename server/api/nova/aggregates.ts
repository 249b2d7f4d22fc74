import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { enforce } from '../../policy/enforce.js';
import type { AggregateCreate, AggregateHosts } from '../../../shared/generated/aggregate.js';

/**
 * `/api/nova/aggregates/` (Horizon's admin Host Aggregates; the contract
 * has the extra-specs routes, the rest is Horizon's nova.aggregate_* calls):
 * list, create with a zone, delete, the hosts as a set (added and removed
 * one call each), and the metadata. Every route is the admin's: the server
 * refuses a member before calling Nova.
 */

interface NativeAggregate {
  id: number | string;
  name: string;
  availability_zone: string | null;
  hosts: string[] | null;
  metadata: Record<string, string> | null;
}

const shape = (aggregate: NativeAggregate) => ({
  id: String(aggregate.id),
  name: aggregate.name,
  availability_zone: aggregate.availability_zone ?? null,
  hosts: aggregate.hosts ?? [],
  metadata: aggregate.metadata ?? {},
});
const aggregatePath = (id: string) => `/os-aggregates/${encodeURIComponent(id)}`;

export const aggregateRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get('/api/nova/aggregates/', async (request) => {
    enforce(request, 'compute', ['os_compute_api:os-aggregates:index']);
    const client = await access.client(request);
    const response = await client.request<{ aggregates: NativeAggregate[] }>('compute', 'GET', '/os-aggregates');
    return { items: response.body.aggregates.map(shape) };
  });

  app.post<{ Body: AggregateCreate }>('/api/nova/aggregates/', { schema: { body: { $ref: 'aggregate.schema.json#/$defs/create' } } }, async (request, reply) => {
    enforce(request, 'compute', ['os_compute_api:os-aggregates:create']);
    const client = await access.client(request);
    const { name, availability_zone } = request.body;
    const response = await client.request<{ aggregate: NativeAggregate }>('compute', 'POST', '/os-aggregates', {
      body: { aggregate: { name: name.trim(), availability_zone: availability_zone?.trim() || null } },
    });
    const created = shape(response.body.aggregate);
    reply.code(201).header('Location', `/api/nova/aggregates/${encodeURIComponent(created.id)}/`);
    return created;
  });

  app.get<{ Params: { id: string } }>('/api/nova/aggregates/:id/', async (request) => {
    enforce(request, 'compute', ['os_compute_api:os-aggregates:index']);
    const client = await access.client(request);
    return shape((await client.request<{ aggregate: NativeAggregate }>('compute', 'GET', aggregatePath(request.params.id))).body.aggregate);
  });

  app.delete<{ Params: { id: string } }>('/api/nova/aggregates/:id/', async (request, reply) => {
    enforce(request, 'compute', ['os_compute_api:os-aggregates:delete']);
    const client = await access.client(request);
    await client.request('compute', 'DELETE', aggregatePath(request.params.id));
    return reply.code(204).send();
  });

  // Horizon's Manage Hosts: the hosts not chosen any more leave first, then the new ones join.
  app.put<{ Params: { id: string }; Body: AggregateHosts }>('/api/nova/aggregates/:id/hosts', { schema: { body: { $ref: 'aggregate.schema.json#/$defs/hosts' } } }, async (request, reply) => {
    enforce(request, 'compute', ['os_compute_api:os-aggregates:add_host', 'os_compute_api:os-aggregates:remove_host']);
    const client = await access.client(request);
    const path = aggregatePath(request.params.id);
    const current = (await client.request<{ aggregate: NativeAggregate }>('compute', 'GET', path)).body.aggregate.hosts ?? [];
    const wanted = new Set(request.body.hosts);
    for (const host of current.filter((candidate) => !wanted.has(candidate))) await client.request('compute', 'POST', `${path}/action`, { body: { remove_host: { host } } });
    for (const host of [...wanted].filter((candidate) => !current.includes(candidate))) await client.request('compute', 'POST', `${path}/action`, { body: { add_host: { host } } });
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/nova/aggregates/:id/extra-specs/', async (request) => {
    enforce(request, 'compute', ['os_compute_api:os-aggregates:index']);
    const client = await access.client(request);
    return (await client.request<{ aggregate: NativeAggregate }>('compute', 'GET', aggregatePath(request.params.id))).body.aggregate.metadata ?? {};
  });

  // api-contract §6: removed keys are sent to Nova as null in one set_metadata.
  app.patch<{ Params: { id: string }; Body: { updated: Record<string, string>; removed: string[] } }>(
    '/api/nova/aggregates/:id/extra-specs/',
    { schema: { body: { $ref: 'common.schema.json#/$defs/metadataPatch' } } },
    async (request, reply) => {
      enforce(request, 'compute', ['os_compute_api:os-aggregates:set_metadata']);
      const client = await access.client(request);
      const metadata: Record<string, string | null> = { ...request.body.updated };
      for (const key of request.body.removed) metadata[key] = null;
      await client.request('compute', 'POST', `${aggregatePath(request.params.id)}/action`, { body: { set_metadata: { metadata } } });
      return reply.code(204).send();
    },
  );
};
