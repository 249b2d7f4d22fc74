import { type DataProvider, HttpError } from 'ra-core';
import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import type { VolumeAttachment, VolumeEntity, VolumeSnapshotEntity } from '../shared/generated';
import { cinderLaunchHandlers } from './launch';
import { createServiceProvider, listPage, type PagedAnswer, pageQuery } from './resource-provider';

/** A volume and a snapshot as /api/cinder/ answers them: the schemas' entities without what the records below add. */
type Volume = Omit<VolumeEntity, 'attached_to' | 'has_snapshot' | 'bootable_flag'>;
type Snapshot = Omit<VolumeSnapshotEntity, 'volume_name'>;

/** Horizon's "Attached To" cell: "<instance> on <device>" per attachment. */
function attachedTo(attachments: VolumeAttachment[] | undefined): string {
  return (attachments ?? []).map((item) => `${item.instance_name ?? item.server_id ?? ''} on ${item.device ?? ''}`).join(', ');
}

/** The volume as the descriptor reads it: bootable as a flag beside Cinder's "true"/"false" string, attachments as text. */
export function volumeRecord(volume: Volume): ResourceRecord {
  return { ...volume, bootable_flag: volume.bootable === 'true', attached_to: attachedTo(volume.attachments) };
}

const GIB = 1024 ** 3;

/**
 * The smallest volume an image fits in (spec 2 §5, Horizon's default size of
 * a volume from an image): the larger of its min_disk and its size in GiB
 * rounded up, at least 1.
 *
 * @example
 * imageVolumeSize({ size: 2 * 1024 ** 3 + 5, min_disk: 1 }); // 3
 */
export function imageVolumeSize(image: { size?: number | null; min_disk?: number | null }): number {
  return Math.max(1, Number(image.min_disk ?? 0), Math.ceil(Number(image.size ?? 0) / GIB));
}

const SOURCE_FIELDS = { snapshot: 'snapshot_id', image: 'image_id', volume: 'source_volid' } as const;

/**
 * The create form's values as the nine keys POST /api/cinder/volumes/ needs
 * (api-contract §5): only the chosen source's id is sent; a snapshot source
 * sends no volume type (spec 1 §2.6).
 */
export function volumeCreateBody(values: Record<string, unknown>): Record<string, unknown> {
  const source = values.source_type as keyof typeof SOURCE_FIELDS | 'no_source' | undefined;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const body: Record<string, unknown> = {
    size: values.size,
    name: text(values.name) ?? '',
    description: text(values.description) ?? '',
    volume_type: source === 'snapshot' ? null : text(values.volume_type),
    snapshot_id: null,
    image_id: null,
    source_volid: null,
    metadata: {},
    availability_zone: text(values.availability_zone),
  };
  if (source && source !== 'no_source') body[SOURCE_FIELDS[source]] = text(values[SOURCE_FIELDS[source]]);
  return body;
}

/** A refusal the form shows as the server's reason (the dialog reads the error's body). */
const refusal = (message: string) => new HttpError(message, 400, message);

/** `/api/cinder/tenantabsolutelimits/`: an unlimited quota arrives as 1e+999 (Infinity). */
export interface VolumeLimits {
  maxTotalVolumeGigabytes?: number;
  totalGigabytesUsed?: number;
  maxTotalVolumes?: number;
  totalVolumesUsed?: number;
}

/**
 * Spec 2 §5: invalid when the size plus the gigabytes used exceeds the
 * maximum total volume gigabytes; the volume count is flagged when used
 * equals the maximum. The texts are Horizon's create volume form's.
 */
export function quotaRefusal(limits: VolumeLimits, size: number): void {
  const maxGigabytes = Number(limits.maxTotalVolumeGigabytes ?? Infinity);
  const usedGigabytes = Number(limits.totalGigabytesUsed ?? 0);
  if (size + usedGigabytes > maxGigabytes) {
    throw refusal(`A volume of ${size}GiB cannot be created as you only have ${Math.max(0, maxGigabytes - usedGigabytes)}GiB of your quota available.`);
  }
  if (Number(limits.totalVolumesUsed ?? 0) >= Number(limits.maxTotalVolumes ?? Infinity)) {
    throw refusal('You are already using all of your available volumes.');
  }
}

const volumePath = (id: string) => `/api/cinder/volumes/${encodeURIComponent(id)}/`;
const snapshotPath = (id: string) => `/api/cinder/volumesnapshots/${encodeURIComponent(id)}/`;
const typePath = (id: string) => `/api/cinder/volumetypes/${encodeURIComponent(id)}/`;

/** A snapshot named after its volume, as Horizon's Volume Name column shows it; the name falls back to the id. */
export function snapshotRecord(snapshot: Snapshot, volumeNames: Map<string, string>): ResourceRecord {
  const volumeId = snapshot.volume_id ?? '';
  return { ...snapshot, name: snapshot.name || snapshot.id, volume_name: volumeNames.get(volumeId) ?? volumeId };
}

/** The create snapshot form's values, with the volume the row action started from. */
export function snapshotCreateBody(values: Record<string, unknown>, volumeId: string | undefined): Record<string, unknown> {
  return { volume_id: volumeId, name: values.name ?? '', description: values.description ?? '' };
}

/**
 * `/api/cinder/` (spec 2 §7.2, api-contract §5). Resources: `volume`, `volume-snapshot`,
 * and `volume-type` / `volume-zone`, which only feed form choices.
 *
 * @example
 * const cinder = createCinderProvider(http);
 * const { data } = await cinder.getList('volume', {});
 */
export function createCinderProvider(http: HttpClient): DataProvider {
  const volumeNames = async (query?: Record<string, string>) =>
    new Map((await http.get<{ items: Volume[] }>('/api/cinder/volumes/', { query })).items.map((volume) => [volume.id, volume.name || volume.id]));
  return createServiceProvider('cinder', {
    volume: {
      // Horizon marks the volumes that have snapshots (has_snapshot), which it does not let be deleted.
      // Admin > Volumes lists every project's, a page at a time (`all_projects`).
      serverFilters: ['all_projects'],
      async list(params) {
        const page = pageQuery(params);
        const allProjects = params.filter?.all_projects === 'true' ? { all_projects: 'true' } : undefined;
        // The admin's list is searched by the server (its facets).
        const query = page || allProjects ? { ...page, ...(allProjects && params.filter), ...allProjects } : undefined;
        const [answer, snapshots] = await Promise.all([
          http.get<PagedAnswer<Volume>>('/api/cinder/volumes/', { query, signal: params.signal }),
          http.get<{ items: Snapshot[] }>('/api/cinder/volumesnapshots/', { signal: params.signal }),
        ]);
        const withSnapshots = new Set(snapshots.items.map((snapshot) => snapshot.volume_id));
        const record = (volume: Volume) => ({ ...volumeRecord(volume), has_snapshot: withSnapshots.has(volume.id) });
        return page ? listPage(answer, record) : answer.items.map(record);
      },
      async get(id) {
        return volumeRecord(await http.get<Volume>(volumePath(id)));
      },
      // The Create Volume form's values (the volumes panel's, or the image row action's with the image chosen) become the nine keys here, once.
      async create(data) {
        const body = volumeCreateBody(data);
        quotaRefusal(await http.get<VolumeLimits>('/api/cinder/tenantabsolutelimits/'), Number(body.size));
        return volumeRecord(await http.post<Volume>('/api/cinder/volumes/', body));
      },
      // Edit Volume: name, description and bootable.
      async update(id, data) {
        await http.patch(volumePath(id), { name: data.name ?? '', description: data.description ?? '', bootable: data.bootable === true });
        return volumeRecord(await http.get<Volume>(volumePath(id)));
      },
      calls: {
        // Extend Volume: new_size, with the size it had, to refuse a smaller one here as Horizon does.
        async extend(id, data = {}) {
          if (typeof data.current_size === 'number' && Number(data.new_size) <= data.current_size) {
            throw refusal('New size must be greater than current size.');
          }
          await http.post(`${volumePath(id)}extend/`, { new_size: data.new_size });
          return volumeRecord(await http.get<Volume>(volumePath(id)));
        },
      },
      async remove(id) {
        await http.delete(volumePath(id));
      },
      async getMetadata(id) {
        return http.get<Record<string, string>>(`/api/cinder/volumes/${encodeURIComponent(id)}/metadata`);
      },
      async updateMetadata(id, patch) {
        await http.patch(`/api/cinder/volumes/${encodeURIComponent(id)}/metadata`, patch);
      },
    },
    /** Admin > Volumes' Volume Types tab, and the Create Volume form's Type choices. */
    'volume-type': {
      async list() {
        const { items } = await http.get<{ items: ResourceRecord[] }>('/api/cinder/volumetypes/');
        return items;
      },
      async get(id) {
        return http.get<ResourceRecord>(typePath(id));
      },
      async create(data) {
        return http.post<ResourceRecord>('/api/cinder/volumetypes/', { name: data.name, description: data.description ?? '', is_public: data.is_public !== false });
      },
      // Edit Volume Type: name, description and Public, all three as Horizon sends them.
      async update(id, data) {
        return http.patch<ResourceRecord>(typePath(id), { name: data.name, description: data.description ?? '', is_public: data.is_public !== false });
      },
      calls: {
        // Manage QoS Spec Association: no choice is 'None', which ends the association.
        async qos(id, data = {}) {
          await http.put(`/api/cinder/volumetypes/${encodeURIComponent(id)}/qos`, { qos_specs_id: data.qos_specs_id || null });
          return http.get<ResourceRecord>(typePath(id));
        },
      },
      async remove(id) {
        await http.delete(typePath(id));
      },
      // The extra specs, edited as key/value metadata.
      async getMetadata(id) {
        return http.get<Record<string, string>>(`/api/cinder/volumetypes/${encodeURIComponent(id)}/metadata`);
      },
      async updateMetadata(id, patch) {
        await http.patch(`/api/cinder/volumetypes/${encodeURIComponent(id)}/metadata`, patch);
      },
    },
    /** Admin > Volumes' QoS Specs tab, and the association form's choices. */
    'qos-spec': {
      async list() {
        const { items } = await http.get<{ items: ResourceRecord[] }>('/api/cinder/qosspecs/');
        return items;
      },
      async get(id) {
        const { items } = await http.get<{ items: ResourceRecord[] }>('/api/cinder/qosspecs/');
        const found = items.find((spec) => spec.id === id);
        if (!found) throw new HttpError(`QoS spec ${id} could not be found.`, 404);
        return found;
      },
      async create(data) {
        return http.post<ResourceRecord>('/api/cinder/qosspecs/', { name: data.name, consumer: data.consumer ?? 'back-end', specs: {} });
      },
      // Edit Consumer: the new consumer alone (the form also shows the current one).
      async update(id, data) {
        return http.patch<ResourceRecord>(`/api/cinder/qosspecs/${encodeURIComponent(id)}/`, { consumer: data.consumer });
      },
      async remove(id) {
        await http.delete(`/api/cinder/qosspecs/${encodeURIComponent(id)}/`);
      },
      // Manage Specs: the keys and values, edited as metadata.
      async getMetadata(id) {
        return http.get<Record<string, string>>(`/api/cinder/qosspecs/${encodeURIComponent(id)}/specs`);
      },
      async updateMetadata(id, patch) {
        await http.patch(`/api/cinder/qosspecs/${encodeURIComponent(id)}/specs`, patch);
      },
    },
    /** Cinder's availability zones, by name, for the Create Volume form (no panel; an option source). */
    'volume-zone': {
      async list() {
        const { items } = await http.get<{ items: { zoneName: string; zoneState: { available: boolean } }[] }>('/api/cinder/availzones/');
        return items.map((zone) => ({ id: zone.zoneName, name: zone.zoneName, available: zone.zoneState.available }));
      },
    },
    'volume-snapshot': {
      // Admin > Volumes' Snapshots tab lists every project's (`all_projects`), named after every project's volumes.
      serverFilters: ['all_projects'],
      async list(params) {
        const page = pageQuery(params);
        const allProjects = params.filter?.all_projects === 'true' ? { all_projects: 'true' } : undefined;
        // The admin's list is searched by the server (its facets).
        const query = page || allProjects ? { ...page, ...(allProjects && params.filter), ...allProjects } : undefined;
        const [answer, volumes] = await Promise.all([
          http.get<PagedAnswer<Snapshot>>('/api/cinder/volumesnapshots/', { query, signal: params.signal }),
          volumeNames(allProjects),
        ]);
        const record = (snapshot: Snapshot) => snapshotRecord(snapshot, volumes);
        return page ? listPage(answer, record) : answer.items.map(record);
      },
      async get(id) {
        // The contract has no single-snapshot route; the project's list answers the same shape.
        const [{ items }, volumes] = await Promise.all([http.get<{ items: Snapshot[] }>('/api/cinder/volumesnapshots/'), volumeNames()]);
        const found = items.find((snapshot) => snapshot.id === id);
        // A 404, as Cinder answers for a missing snapshot: the poller then drops a deleted row.
        if (!found) throw new HttpError(`Snapshot ${id} could not be found.`, 404);
        return snapshotRecord(found, volumes);
      },
      async create(data) {
        return snapshotRecord(await http.post<Snapshot>('/api/cinder/volumesnapshots/', data), await volumeNames());
      },
      async remove(id) {
        await http.delete(snapshotPath(id));
      },
      async getMetadata(id) {
        return http.get<Record<string, string>>(`/api/cinder/volumesnapshots/${encodeURIComponent(id)}/metadata`);
      },
      async updateMetadata(id, patch) {
        await http.patch(`/api/cinder/volumesnapshots/${encodeURIComponent(id)}/metadata`, patch);
      },
    },
    ...cinderLaunchHandlers(http),
  });
}
