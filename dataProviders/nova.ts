import type { DataProvider } from 'ra-core';
import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import { novaLaunchHandlers } from './launch';
import { serverHandlers } from './nova-servers';
import { quotaDefaultHandlers } from './quotas';
import { usageHandlers } from './usage';
import { createServiceProvider } from './resource-provider';
import type { KeypairEntity, ServerGroupEntity } from '../shared/generated';

/** A key pair as /api/nova/keypairs/ answers it: the schema's entity, whose id is its name. */
type NovaKeypair = Omit<KeypairEntity, 'id'>;

/** Nova addresses key pairs by name, so the name is the id (spec 2 §2.2). */
function keypairRecord(keypair: NovaKeypair): ResourceRecord {
  return { ...keypair, id: keypair.name };
}

/** `/api/nova/keypairs/{name}` has no trailing slash (api-contract §1.1). */
function keypairPath(name: string): string {
  return `/api/nova/keypairs/${encodeURIComponent(name)}`;
}

type NovaFlavor = Record<string, unknown> & { id: string };
/** A server group as /api/nova/servergroups/ answers it: the schema's entity without the `policy` the record adds. */
type NovaServerGroup = Omit<ServerGroupEntity, 'policy'>;

/**
 * The list maps the prefixed extension fields to ephemeral, disabled and
 * is_public (spec 2 §3); the prefixed keys stay for the columns. The extra
 * specs (`extras`, with get_extras) become key/value rows for the details.
 */
export function flavorRecord(flavor: NovaFlavor): ResourceRecord {
  const specs = (flavor.extras ?? flavor.extra_specs ?? {}) as Record<string, unknown>;
  return {
    ...flavor,
    ephemeral: flavor.ephemeral ?? flavor['OS-FLV-EXT-DATA:ephemeral'],
    is_disabled: flavor.is_disabled ?? flavor['OS-FLV-DISABLED:disabled'],
    is_public: flavor.is_public ?? flavor['os-flavor-access:is_public'],
    extra_specs_list: Object.entries(specs)
      .sort(([left], [right]) => left.localeCompare(right))
      .map(([key, value]) => ({ key, value: String(value) })),
  };
}

/** The first policy is the group's policy (spec 2 §3). */
function serverGroupRecord(group: NovaServerGroup): ResourceRecord {
  const members = group.members ?? [];
  return { ...group, members, policy: group.policies?.[0] };
}

const flavorPath = (id: string) => `/api/nova/flavors/${encodeURIComponent(id)}/`;
const serverGroupPath = (id: string) => `/api/nova/servergroups/${encodeURIComponent(id)}/`;

/**
 * `/api/nova/` (spec 2 §7.4). Resources: `keypair`, `flavor`, `server-group`;
 * features through `supports` (`/api/nova/features/{name}/`).
 *
 * @example
 * const nova = createNovaProvider(http);
 * const { data } = await nova.getList('keypair', {});
 */
const aggregatePath = (id: string) => `/api/nova/aggregates/${encodeURIComponent(id)}/`;

interface NovaZone {
  zoneName: string;
  zoneState: { available: boolean };
  hosts: Record<string, Record<string, { available: boolean; active: boolean }>> | null;
}

/** Horizon's Availability Zones table: a host line per host, 'host (Services Up)' or '(Services Down)'. */
export function zoneRecord(zone: NovaZone): ResourceRecord {
  const hosts = Object.entries(zone.hosts ?? {}).map(([host, services]) => {
    const up = Object.values(services).every((service) => service.available && service.active);
    return `${host} (${up ? 'Services Up' : 'Services Down'})`;
  });
  return { id: zone.zoneName, zoneName: zone.zoneName, hosts_text: hosts.join('\n'), available: zone.zoneState.available };
}

export function createNovaProvider(http: HttpClient): DataProvider {
  return createServiceProvider('nova', {
    ...serverHandlers(http),
    'quota-default': quotaDefaultHandlers(http),
    ...usageHandlers(http),
    keypair: {
      async list() {
        // Classic Horizon nests each item under `keypair` (spec 2 §3).
        const { items } = await http.get<{ items: { keypair: NovaKeypair }[] }>('/api/nova/keypairs/');
        return items.map((item) => keypairRecord(item.keypair));
      },
      async get(name) {
        return keypairRecord(await http.get<NovaKeypair>(keypairPath(name)));
      },
      async create(data) {
        return keypairRecord(await http.post<NovaKeypair>('/api/nova/keypairs/', data));
      },
      async remove(name) {
        await http.delete(keypairPath(name));
      },
    },
    flavor: {
      serverFilters: ['is_public'],
      async list(params) {
        // is_public=true asks for public flavors only (a server facet); otherwise every flavor the user may see.
        const isPublic = params.filter?.is_public;
        const query = isPublic === true || isPublic === 'true' ? { is_public: 'true' } : undefined;
        const { items } = await http.get<{ items: NovaFlavor[] }>('/api/nova/flavors/', { query });
        return items.map(flavorRecord);
      },
      async get(id, meta) {
        // The access list only when asked (meta.get_access_list, e.g. Update Access): members open a flavor's
        // details too, and Nova's access-list call is admin-or-owner.
        const query = meta?.get_access_list ? { get_extras: 'true', get_access_list: 'true' } : { get_extras: 'true' };
        return flavorRecord(await http.get<NovaFlavor>(flavorPath(id), { query }));
      },
      async create(data) {
        return flavorRecord(await http.post<NovaFlavor>('/api/nova/flavors/', data));
      },
      async update(id, data) {
        await http.patch(flavorPath(id), data);
        return flavorRecord(await http.get<NovaFlavor>(flavorPath(id), { query: { get_access_list: 'true' } }));
      },
      async remove(id) {
        await http.delete(flavorPath(id));
      },
      // The metadata editor edits a flavor's extra specs (api-contract §6).
      async getMetadata(id) {
        return http.get<Record<string, unknown>>(`${flavorPath(id)}extra-specs/`);
      },
      async updateMetadata(id, changes) {
        await http.patch(`${flavorPath(id)}extra-specs/`, changes);
      },
    },
    'server-group': {
      async list() {
        const { items } = await http.get<{ items: NovaServerGroup[] }>('/api/nova/servergroups/');
        return items.map(serverGroupRecord);
      },
      async get(id) {
        return serverGroupRecord(await http.get<NovaServerGroup>(serverGroupPath(id)));
      },
      async create(data) {
        // The form picks one policy; the API takes a list (api-contract §6).
        const { policy, ...rest } = data;
        const body = policy === undefined ? rest : { ...rest, policies: [policy] };
        return serverGroupRecord(await http.post<NovaServerGroup>('/api/nova/servergroups/', body));
      },
      async remove(id) {
        await http.delete(serverGroupPath(id));
      },
    },
    /** Admin > Host Aggregates: create in a zone, Manage Hosts (the whole set), metadata, delete. */
    aggregate: {
      async list() {
        return (await http.get<{ items: ResourceRecord[] }>('/api/nova/aggregates/')).items;
      },
      async get(id) {
        return http.get<ResourceRecord>(aggregatePath(id));
      },
      async create(data) {
        return http.post<ResourceRecord>('/api/nova/aggregates/', { name: data.name, availability_zone: data.availability_zone || null });
      },
      calls: {
        async hosts(id, data = {}) {
          const hosts = ((data.hosts ?? []) as { id: string }[]).map((host) => host.id);
          await http.put(`${aggregatePath(id)}hosts`, { hosts });
          return http.get<ResourceRecord>(aggregatePath(id));
        },
      },
      async remove(id) {
        await http.delete(aggregatePath(id));
      },
      async getMetadata(id) {
        return http.get<Record<string, unknown>>(`${aggregatePath(id)}extra-specs/`);
      },
      async updateMetadata(id, changes) {
        await http.patch(`${aggregatePath(id)}extra-specs/`, changes);
      },
    },
    /** Admin > Host Aggregates' Availability Zones tab: each zone's hosts and whether their services are up. */
    'compute-zone': {
      async list() {
        const { items } = await http.get<{ items: NovaZone[] }>('/api/nova/availzones/', { query: { detailed: 'true' } });
        return items.map(zoneRecord);
      },
    },
    /** The compute hosts (Manage Hosts' choices). */
    'compute-host': {
      async list() {
        const { items } = await http.get<{ items: { binary: string; host: string }[] }>('/api/nova/services/');
        return [...new Set(items.filter((service) => service.binary === 'nova-compute').map((service) => service.host))].sort().map((host) => ({ id: host, name: host }));
      },
    },
    ...novaLaunchHandlers(http),
  }, {
    async feature(name) {
      return (await http.get<boolean>(`/api/nova/features/${encodeURIComponent(name)}/`)) === true;
    },
  });
}
