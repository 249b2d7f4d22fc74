import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import { enforce } from '../../policy/enforce.js';
import { encode, filtersOf, neutron, projectOf, wrap } from './common.js';

/** `/api/neutron/trunks/` (api-contract §8), with the edit's old/new diff. */

interface SubPort {
  port_id: string;
  segmentation_type?: string;
  segmentation_id?: number;
}

type Trunk = Record<string, unknown> & { id: string; name?: string; sub_ports?: SubPort[] };

/** Horizon's Trunk wrapper: `name_or_id` ("(first 13 of the id)" when unnamed) and `subport_count`. */
function shape(trunk: Trunk) {
  return { ...wrap(trunk), name_or_id: trunk.name || `(${trunk.id.slice(0, 13)})`, subport_count: (trunk.sub_ports ?? []).length };
}

/** The native subport triple, compared as a whole. */
const key = (subport: SubPort) => JSON.stringify([subport.port_id, subport.segmentation_type, subport.segmentation_type === 'inherit' ? null : subport.segmentation_id]);
const native = (subport: SubPort) => ({
  port_id: subport.port_id,
  segmentation_type: subport.segmentation_type,
  ...(subport.segmentation_type === 'inherit' || subport.segmentation_id === undefined ? {} : { segmentation_id: subport.segmentation_id }),
});

const path = (id: string) => `/trunks/${encode(id)}`;

export const trunkRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get('/api/neutron/trunks/', async (request) => {
    const client = await access.client(request);
    const response = await neutron<{ trunks: Trunk[] }>(client, 'GET', `/trunks${filtersOf(request)}`);
    return { items: response.body.trunks.map(shape) };
  });

  app.post<{ Body: { port_id: string; sub_ports?: SubPort[]; [key: string]: unknown } }>('/api/neutron/trunks/', { schema: { body: { $ref: 'trunk.schema.json#/$defs/create' } } }, async (request, reply) => {
    const client = await access.client(request);
    const body = { ...request.body, sub_ports: (request.body.sub_ports ?? []).map(native), project_id: projectOf(request) };
    const response = await neutron<{ trunk: Trunk }>(client, 'POST', '/trunks', { body: { trunk: body } });
    const trunk = response.body.trunk;
    reply.code(201).header('Location', `/api/neutron/trunks/${encode(trunk.id)}`);
    return shape(trunk);
  });

  app.get<{ Params: { id: string } }>('/api/neutron/trunks/:id', async (request) => {
    const client = await access.client(request);
    return shape((await neutron<{ trunk: Trunk }>(client, 'GET', path(request.params.id))).body.trunk);
  });

  app.delete<{ Params: { id: string } }>('/api/neutron/trunks/:id', async (request, reply) => {
    const client = await access.client(request);
    await neutron(client, 'DELETE', path(request.params.id));
    return reply.code(204).send();
  });

  /**
   * The edit sends `[oldTrunk, newTrunk]`: at most three calls, the changed
   * name/description/admin_state_up, the subports that went, the new ones.
   * The answer is the trunk without name_or_id/subport_count, as Horizon's.
   */
  app.patch<{ Params: { id: string }; Body: [Trunk, Trunk] }>(
    '/api/neutron/trunks/:id',
    { schema: { body: { $ref: 'trunk.schema.json#/$defs/updatePair' } } },
    async (request) => {
      const client = await access.client(request);
      // Three calls may follow: refuse up front what policy would refuse half-way.
      enforce(request, 'network', ['update_trunk', 'add_subports', 'remove_subports']);
      const [before, after] = request.body;
      if (before.id !== undefined && before.id !== request.params.id) throw new ApiError(400, 'the old trunk is not the trunk of the URL');
      const changes: Record<string, unknown> = {};
      for (const field of ['name', 'description', 'admin_state_up']) {
        if (field in after && after[field] !== before[field]) changes[field] = after[field];
      }
      let trunk: Trunk | undefined;
      if (Object.keys(changes).length) trunk = (await neutron<{ trunk: Trunk }>(client, 'PUT', path(request.params.id), { body: { trunk: changes } })).body.trunk;
      const oldPorts = new Map((before.sub_ports ?? []).map((subport) => [key(subport), subport]));
      const newPorts = new Map((after.sub_ports ?? []).map((subport) => [key(subport), subport]));
      const removed = [...oldPorts].filter(([triple]) => !newPorts.has(triple)).map(([, subport]) => ({ port_id: subport.port_id }));
      const added = [...newPorts].filter(([triple]) => !oldPorts.has(triple)).map(([, subport]) => native(subport));
      if (removed.length) trunk = (await neutron<Trunk>(client, 'PUT', `${path(request.params.id)}/remove_subports`, { body: { sub_ports: removed } })).body;
      if (added.length) trunk = (await neutron<Trunk>(client, 'PUT', `${path(request.params.id)}/add_subports`, { body: { sub_ports: added } })).body;
      trunk ??= (await neutron<{ trunk: Trunk }>(client, 'GET', path(request.params.id))).body.trunk;
      return wrap(trunk);
    },
  );
};
