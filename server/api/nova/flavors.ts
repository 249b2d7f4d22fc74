import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import type { CloudClient } from '../../openstack/client.js';
import { enforce } from '../../policy/enforce.js';
import type { FlavorCreate, FlavorExtraSpecs, FlavorExtraSpecsUpdate } from '../../../shared/generated/flavor.js';

/** A flavor as Nova's `show` view renders it (api-contract §6.2). */
interface NativeFlavor {
  id: string;
  name: string;
  ram: number;
  vcpus: number;
  disk: number;
  /** "" when there is none, before 2.75. */
  swap: number | '';
  rxtx_factor: number | '';
  'OS-FLV-EXT-DATA:ephemeral': number;
  'OS-FLV-DISABLED:disabled': boolean;
  'os-flavor-access:is_public': boolean;
  links: unknown[];
  description?: string | null;
  /** Embedded from 2.61. */
  extra_specs?: Record<string, string>;
}

type Flavor = NativeFlavor & Record<string, unknown>;

/** The microversion that embeds extra specs in the flavor list, sparing a call per flavor. */
const EXTRA_SPECS_IN_LIST = ['2.61'];
/** Per-flavor calls run this many at a time. */
const CONCURRENCY = 8;

const path = (id: string) => `/flavors/${encodeURIComponent(id)}`;
const isTrue = (value: string | undefined) => value?.toLowerCase() === 'true';

/** The classic keys plus the SDK aliases newer Horizon emits (api-contract §0, §6.2). */
function withAliases(flavor: NativeFlavor): Flavor {
  return {
    ...flavor,
    ephemeral: flavor['OS-FLV-EXT-DATA:ephemeral'],
    is_public: flavor['os-flavor-access:is_public'],
    is_disabled: flavor['OS-FLV-DISABLED:disabled'],
  };
}

/**
 * Horizon's `sort_flavor_list`: by CREATE_INSTANCE_FLAVOR_SORT's `key`
 * (ram when the flavors have no such field), reversed on request. Stable,
 * like Python's sorted().
 */
export function sortFlavors(flavors: Flavor[], setting: unknown): Flavor[] {
  const { key = 'ram', reverse = false } = (setting ?? {}) as { key?: string; reverse?: boolean };
  const field = flavors.every((flavor) => key in flavor) ? key : 'ram';
  const compare = (a: unknown, b: unknown): number => {
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    const [x, y] = [String(a ?? ''), String(b ?? '')];
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const sorted = [...flavors].sort((a, b) => compare(a[field], b[field]));
  return reverse ? sorted.reverse() : sorted;
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function getExtraSpecs(client: CloudClient, id: string): Promise<Record<string, string>> {
  return (await client.request<{ extra_specs: Record<string, string> }>('compute', 'GET', `${path(id)}/os-extra_specs`)).body.extra_specs;
}

async function getAccessList(client: CloudClient, id: string): Promise<string[]> {
  const response = await client.request<{ flavor_access: { tenant_id: string }[] }>('compute', 'GET', `${path(id)}/os-flavor-access`);
  return response.body.flavor_access.map((entry) => entry.tenant_id);
}

async function getFlavor(client: CloudClient, id: string): Promise<NativeFlavor> {
  return (await client.request<{ flavor: NativeFlavor }>('compute', 'GET', path(id))).body.flavor;
}

interface FlavorSpec {
  /** null: Nova generates a UUID. */
  id: string | null;
  name: string;
  ram: number;
  vcpus: number;
  disk: number;
  ephemeral: number;
  swap: number;
  rxtxFactor: number;
  isPublic: boolean;
}

/** `POST /flavors` as novaclient sends it ("auto" is its spelling of "generate an id"). */
async function createFlavor(client: CloudClient, spec: FlavorSpec): Promise<NativeFlavor> {
  const response = await client.request<{ flavor: NativeFlavor }>('compute', 'POST', '/flavors', {
    body: {
      flavor: {
        name: spec.name,
        ram: spec.ram,
        vcpus: spec.vcpus,
        disk: spec.disk,
        id: spec.id,
        swap: spec.swap,
        'OS-FLV-EXT-DATA:ephemeral': spec.ephemeral,
        rxtx_factor: spec.rxtxFactor,
        'os-flavor-access:is_public': spec.isPublic,
      },
    },
  });
  return response.body.flavor;
}

async function addTenantAccess(client: CloudClient, id: string, projectId: string): Promise<void> {
  await client.request('compute', 'POST', `${path(id)}/action`, { body: { addTenantAccess: { tenant: projectId } } });
}

async function setExtraSpecs(client: CloudClient, id: string, specs: FlavorExtraSpecs): Promise<void> {
  if (Object.keys(specs).length) await client.request('compute', 'POST', `${path(id)}/os-extra_specs`, { body: { extra_specs: specs } });
}

async function deleteExtraSpec(client: CloudClient, id: string, key: string): Promise<void> {
  await client.request('compute', 'DELETE', `${path(id)}/os-extra_specs/${encodeURIComponent(key)}`);
}

async function deleteFlavor(client: CloudClient, id: string): Promise<void> {
  await client.request('compute', 'DELETE', path(id));
}

/** The project ids of `flavor_access`, each once. */
function accessIds(body: FlavorCreate): string[] {
  return [...new Set((body.flavor_access ?? []).map((project) => project.id))];
}

/**
 * A body's flavor: private when projects are named (Horizon) or is_public is
 * false. Optional sizes left out keep `previous`'s (an edit), else Nova's defaults.
 */
function specOf(body: FlavorCreate, id: string | null, previous?: FlavorSpec): FlavorSpec {
  return {
    id,
    name: body.name,
    ram: body.ram,
    vcpus: body.vcpus,
    disk: body.disk,
    ephemeral: body['OS-FLV-EXT-DATA:ephemeral'] ?? previous?.ephemeral ?? 0,
    swap: body.swap ?? previous?.swap ?? 0,
    rxtxFactor: body.rxtx_factor ?? previous?.rxtxFactor ?? 1,
    isPublic: accessIds(body).length === 0 && body.is_public !== false,
  };
}

/** A flavor with its access list and extra specs, as one unit to make (or remake). */
interface FlavorState {
  spec: FlavorSpec;
  access: string[];
  extraSpecs: Record<string, string>;
}

/**
 * Makes the flavor, then its access list and extra specs. If a later step
 * fails the flavor is deleted again, so nothing half-made remains.
 */
async function makeFlavor(client: CloudClient, state: FlavorState): Promise<NativeFlavor> {
  const flavor = await createFlavor(client, state.spec);
  try {
    for (const projectId of state.access) await addTenantAccess(client, flavor.id, projectId);
    await setExtraSpecs(client, flavor.id, state.extraSpecs);
  } catch (error) {
    await deleteFlavor(client, flavor.id).catch(() => undefined);
    throw error;
  }
  return flavor;
}

/** The state to put back if an update fails: the flavor as it is now. */
async function currentState(client: CloudClient, id: string): Promise<FlavorState> {
  const flavor = await getFlavor(client, id);
  const isPublic = flavor['os-flavor-access:is_public'];
  const [extraSpecs, access] = await Promise.all([getExtraSpecs(client, flavor.id), isPublic ? Promise.resolve([]) : getAccessList(client, flavor.id)]);
  return {
    spec: {
      id: flavor.id,
      name: flavor.name,
      ram: flavor.ram,
      vcpus: flavor.vcpus,
      disk: flavor.disk,
      ephemeral: flavor['OS-FLV-EXT-DATA:ephemeral'],
      swap: flavor.swap === '' ? 0 : flavor.swap,
      rxtxFactor: flavor.rxtx_factor === '' ? 1 : flavor.rxtx_factor,
      isPublic,
    },
    access,
    extraSpecs,
  };
}

/** Runs `restore` after a failed step; the answer is the step's error, and says so if restoring failed too. */
async function failWith(error: unknown, restore: () => Promise<void>, log: FastifyBaseLogger, what: string): Promise<never> {
  try {
    await restore();
  } catch (restoreError) {
    log.error({ err: restoreError }, `could not restore ${what}`);
    const status = error instanceof ApiError ? error.status : 500;
    const message = error instanceof Error ? error.message : String(error);
    throw new ApiError(status, `${message} The previous ${what} could not be restored: ${(restoreError as Error).message}`);
  }
  throw error;
}

/** `/api/nova/flavors/` (api-contract §6; spec 2 §2.3). Writes are checked against the compute policy first. */
export const flavorRoutes: FastifyPluginAsync<BffContext> = async (app, { access, settings }) => {
  app.get<{ Querystring: { is_public?: string; get_extras?: string } }>('/api/nova/flavors/', async (request) => {
    const client = await access.client(request);
    const getExtras = isTrue(request.query.get_extras);
    const microversion = getExtras ? await client.microversion('compute', EXTRA_SPECS_IN_LIST) : undefined;
    // is_public=true: public flavors (and the project's private ones); otherwise every flavor the user may see.
    const response = await client.request<{ flavors: NativeFlavor[] }>('compute', 'GET', '/flavors/detail', {
      microversion,
      query: { is_public: isTrue(request.query.is_public) ? 'true' : 'None' },
    });
    const items = await mapLimited(response.body.flavors, CONCURRENCY, async (flavor) => {
      const item = withAliases(flavor);
      if (getExtras) item.extras = flavor.extra_specs ?? (await getExtraSpecs(client, flavor.id));
      return item;
    });
    return { items: sortFlavors(items, settings.CREATE_INSTANCE_FLAVOR_SORT) };
  });

  app.post<{ Body: FlavorCreate }>('/api/nova/flavors/', { schema: { body: { $ref: 'flavor.schema.json#/$defs/create' } } }, async (request, reply) => {
    const body = request.body;
    const projects = accessIds(body);
    enforce(request, 'compute', ['os_compute_api:os-flavor-manage:create', ...(projects.length ? ['os_compute_api:os-flavor-access:add_tenant_access'] : [])]);
    const client = await access.client(request);
    const id = !body.id || body.id === 'auto' ? null : body.id;
    const flavor = await makeFlavor(client, { spec: specOf(body, id), access: projects, extraSpecs: {} });
    reply.code(201).header('Location', `/api/nova/flavors/${encodeURIComponent(flavor.id)}`);
    return withAliases(flavor);
  });

  app.get<{ Params: { id: string }; Querystring: { get_extras?: string; get_access_list?: string } }>('/api/nova/flavors/:id', async (request) => {
    const client = await access.client(request);
    const flavor = withAliases(await getFlavor(client, request.params.id));
    // Nova lists no swap as "" (bug 1408954); the single GET answers 0 (api-contract §6).
    if (flavor.swap === '') flavor.swap = 0;
    if (isTrue(request.query.get_extras)) flavor.extras = await getExtraSpecs(client, flavor.id);
    if (isTrue(request.query.get_access_list) && !flavor['os-flavor-access:is_public']) flavor['access-list'] = await getAccessList(client, flavor.id);
    return flavor;
  });

  /**
   * Nova cannot change a flavor, so this is Horizon's delete-and-recreate with
   * the same id, keeping the extra specs and applying the new access list
   * (api-contract §6, §13.9). The old flavor is read first and put back, with
   * its access list and extra specs, if any step after the delete fails.
   */
  app.patch<{ Params: { id: string }; Body: FlavorCreate }>(
    '/api/nova/flavors/:id',
    { schema: { body: { $ref: 'flavor.schema.json#/$defs/update' } } },
    async (request, reply) => {
      const body = request.body;
      const projects = accessIds(body);
      enforce(request, 'compute', [
        'os_compute_api:os-flavor-manage:update',
        'os_compute_api:os-flavor-manage:delete',
        'os_compute_api:os-flavor-manage:create',
        ...(projects.length ? ['os_compute_api:os-flavor-access:add_tenant_access'] : []),
      ]);
      const client = await access.client(request);
      const before = await currentState(client, request.params.id);
      const id = before.spec.id!;
      // The likeliest failure, a name taken by another flavor, is refused before anything is deleted.
      const all = await client.request<{ flavors: NativeFlavor[] }>('compute', 'GET', '/flavors/detail', { query: { is_public: 'None' } });
      const clash = all.body.flavors.find((flavor) => flavor.id.toLowerCase() !== id.toLowerCase() && flavor.name.toLowerCase() === body.name.trim().toLowerCase());
      if (clash) throw new ApiError(409, `Flavor with name ${body.name} already exists.`);

      await deleteFlavor(client, id);
      try {
        await makeFlavor(client, { spec: specOf(body, id, before.spec), access: projects, extraSpecs: before.extraSpecs });
      } catch (error) {
        // makeFlavor removed whatever it made; the old flavor comes back as it was.
        await failWith(error, async () => void (await makeFlavor(client, before)), request.log, 'flavor');
      }
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { id: string } }>('/api/nova/flavors/:id', async (request, reply) => {
    enforce(request, 'compute', ['os_compute_api:os-flavor-manage:delete']);
    const client = await access.client(request);
    await deleteFlavor(client, request.params.id);
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/nova/flavors/:id/extra-specs', async (request) => {
    const client = await access.client(request);
    return getExtraSpecs(client, request.params.id);
  });

  /**
   * `{updated, removed}` (api-contract §1.7): removes, then sets. A removed key
   * that does not exist is refused before any change, and a failed step puts
   * back the specs as they were, so the flavor never keeps half an edit.
   */
  app.patch<{ Params: { id: string }; Body: FlavorExtraSpecsUpdate }>(
    '/api/nova/flavors/:id/extra-specs',
    { schema: { body: { $ref: 'flavor.schema.json#/$defs/extraSpecsUpdate' } } },
    async (request, reply) => {
      const { updated, removed = [] } = request.body;
      enforce(request, 'compute', [
        ...(removed.length ? ['os_compute_api:os-flavor-extra-specs:delete'] : []),
        ...(Object.keys(updated).length ? ['os_compute_api:os-flavor-extra-specs:create'] : []),
      ]);
      const client = await access.client(request);
      const id = request.params.id;
      const before = await getExtraSpecs(client, id);
      const missing = removed.find((key) => !Object.hasOwn(before, key));
      if (missing !== undefined) throw new ApiError(404, `Flavor ${id} has no extra specs with key ${missing}.`);
      try {
        for (const key of new Set(removed)) await deleteExtraSpec(client, id, key);
        await setExtraSpecs(client, id, updated);
      } catch (error) {
        await failWith(
          error,
          async () => {
            const now = await getExtraSpecs(client, id);
            for (const key of Object.keys(now)) if (!Object.hasOwn(before, key)) await deleteExtraSpec(client, id, key);
            await setExtraSpecs(client, id, before);
          },
          request.log,
          'extra specs',
        );
      }
      return reply.code(204).send();
    },
  );
};
