import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { relabelledJson } from '../../json.js';
import type { KeypairCreate } from '../../../shared/generated/keypair.js';

interface Keypair {
  name: string;
  public_key: string;
  fingerprint: string;
  type?: string;
  user_id?: string;
  private_key?: string;
}

/** Microversions tried per feature, highest first fitting (api-contract §14.2). */
const KEY_TYPES = ['2.2', '2.9'];
const KEY_TYPE_LIST = ['2.9'];

/** `/api/nova/keypairs/` (api-contract §6). */
export const keypairRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  // Classic Horizon nests each list item under `keypair` (api-contract §0).
  app.get('/api/nova/keypairs/', async (request, reply) => {
    const client = await access.client(request);
    const microversion = await client.microversion('compute', KEY_TYPE_LIST);
    const response = await client.request<{ keypairs: { keypair: Keypair }[] }>('compute', 'GET', '/os-keypairs', { microversion });
    const passed = relabelledJson(response, 'keypairs', 'items');
    return passed === undefined ? { items: response.body.keypairs } : reply.type('application/json; charset=utf-8').send(passed);
  });

  app.post<{ Body: KeypairCreate }>(
    '/api/nova/keypairs/',
    { schema: { body: { $ref: 'keypair.schema.json#/$defs/create' } } },
    async (request, reply) => {
      const { name, key_type: type, public_key: publicKey } = request.body;
      const client = await access.client(request);
      const microversion = await client.microversion('compute', KEY_TYPES);
      const response = await client.request<{ keypair: Keypair }>('compute', 'POST', '/os-keypairs', {
        microversion,
        body: { keypair: { name, ...(microversion ? { type } : {}), ...(publicKey ? { public_key: publicKey } : {}) } },
      });
      const keypair = response.body.keypair;
      reply.code(201).header('Location', `/api/nova/keypairs/${encodeURIComponent(keypair.name)}`);
      return { ...keypair, type: keypair.type ?? type };
    },
  );

  app.get<{ Params: { name: string } }>('/api/nova/keypairs/:name', async (request) => {
    const client = await access.client(request);
    const microversion = await client.microversion('compute', KEY_TYPE_LIST);
    const response = await client.request<{ keypair: Keypair }>('compute', 'GET', `/os-keypairs/${encodeURIComponent(request.params.name)}`, { microversion });
    return response.body.keypair;
  });

  app.delete<{ Params: { name: string } }>('/api/nova/keypairs/:name', async (request, reply) => {
    const client = await access.client(request);
    await client.request('compute', 'DELETE', `/os-keypairs/${encodeURIComponent(request.params.name)}`);
    return reply.code(204).send();
  });
};
