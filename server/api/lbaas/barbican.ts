import type { FastifyPluginAsync } from 'fastify';
import type { CloudClient } from '../../openstack/client.js';
import type { LbRoutesOptions } from './index.js';

/**
 * `/api/octavia-barbican/certificates/` and `secrets/` (api-contract §10):
 * the project's certificate containers and secrets from Barbican, every page
 * of them (the SDK follows Barbican's offset paging), in the SDK's names —
 * `created_at`/`updated_at`, and `expires_at` beside the native `expiration`
 * the browser reads.
 */

const KEY_MANAGER = 'key-manager';
const PAGE = 100;
/** Horizon's API_RESULT_LIMIT: no list goes past it. */
const LIMIT = 1000;

async function everyPage<T>(client: CloudClient, collection: 'containers' | 'secrets', query: Record<string, string>): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; offset < LIMIT; offset += PAGE) {
    const page = (await client.request<Record<string, unknown>>(KEY_MANAGER, 'GET', `/v1/${collection}`, { query: { ...query, limit: PAGE, offset } })).body;
    const found = (page[collection] as T[] | undefined) ?? [];
    items.push(...found);
    if (found.length < PAGE || items.length >= Number(page.total ?? 0)) break;
  }
  return items;
}

const idOf = (ref: unknown) => (typeof ref === 'string' ? (ref.split('/').filter(Boolean).at(-1) ?? null) : null);

function shapeContainer(container: Record<string, unknown>) {
  const { created, updated, ...rest } = container;
  return { ...rest, container_id: idOf(container.container_ref), created_at: created ?? null, updated_at: updated ?? null };
}

function shapeSecret(secret: Record<string, unknown>) {
  const { created, updated, ...rest } = secret;
  return { ...rest, secret_id: idOf(secret.secret_ref), expires_at: secret.expiration ?? null, expiration: secret.expiration ?? null, created_at: created ?? null, updated_at: updated ?? null };
}

export const barbicanRoutes: FastifyPluginAsync<LbRoutesOptions> = async (app, { access }) => {
  app.get('/api/octavia-barbican/certificates/', async (request) => {
    const containers = await everyPage<Record<string, unknown>>(await access.client(request), 'containers', { type: 'certificate' });
    return { items: containers.map(shapeContainer) };
  });
  app.get('/api/octavia-barbican/secrets/', async (request) => {
    const secrets = await everyPage<Record<string, unknown>>(await access.client(request), 'secrets', {});
    return { items: secrets.map(shapeSecret) };
  });
};
