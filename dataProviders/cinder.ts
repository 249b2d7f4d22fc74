import type { DataProvider } from 'ra-core';
import type { HttpClient } from './http';
import { createServiceProvider, type ResourceRecord } from './resource-provider';

type Attachment = { server_id?: string | null; instance_name?: string | null; device?: string | null };
type Volume = Record<string, unknown> & { id: string; attachments?: Attachment[] };

/** Horizon's "Attached To" cell: "<instance> on <device>" per attachment. */
function attachedTo(attachments: Attachment[] | undefined): string {
  return (attachments ?? []).map((item) => `${item.instance_name ?? item.server_id ?? ''} on ${item.device ?? ''}`).join(', ');
}

/** The volume as the descriptor reads it: bootable as a flag beside Cinder's "true"/"false" string, attachments as text. */
export function volumeRecord(volume: Volume): ResourceRecord {
  return { ...volume, bootable_flag: volume.bootable === 'true', attached_to: attachedTo(volume.attachments) };
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

const volumePath = (id: string) => `/api/cinder/volumes/${encodeURIComponent(id)}/`;

/**
 * `/api/cinder/` (spec 2 §7.2, api-contract §5). Resources: `volume`.
 *
 * @example
 * const cinder = createCinderProvider(http);
 * const { data } = await cinder.getList('volume', {});
 */
export function createCinderProvider(http: HttpClient): DataProvider {
  return createServiceProvider('cinder', {
    volume: {
      async list() {
        const { items } = await http.get<{ items: Volume[] }>('/api/cinder/volumes/');
        return items.map(volumeRecord);
      },
      async get(id) {
        return volumeRecord(await http.get<Volume>(volumePath(id)));
      },
      async create(data) {
        return volumeRecord(await http.post<Volume>('/api/cinder/volumes/', volumeCreateBody(data)));
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
  });
}
