import type { DataProvider, GetListParams } from 'ra-core';
import type { ServiceName } from '../src/backend/contract';
import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord, UploadProgress } from '../src/backend/verbs';
import { createServiceProvider } from './resource-provider';
import { sendWithProgress } from './upload';

/**
 * `/api/swift/` (api-contract §9) as the containers screen reads it:
 * resources `container` (id = name), `storage-policy` (id = name) and
 * `swift-object` (id = `{container}/{path}`, the record carries both), plus
 * the object's `copy` call. Object URLs are built as the contract says:
 * encodeURIComponent with %2F turned back into '/'.
 */

type Json = Record<string, unknown>;

/** The containers screen's resources, served without descriptors (dataProviders/index.ts). */
export const SWIFT_RESOURCES: Record<string, ServiceName> = { container: 'swift', 'storage-policy': 'swift', 'swift-object': 'swift' };

export const containerPath = (container: string) => `/api/swift/containers/${encodeURIComponent(container)}`;
export const objectUrl = (container: string, path: string, kind: 'object' | 'metadata' | 'copy' = 'object') =>
  `${containerPath(container)}/${kind}/${encodeURIComponent(path).replace(/%2F/gi, '/')}`;

/** A row of the objects table: a file or a pseudo-folder (api-contract §9). */
export interface SwiftObjectRecord extends ResourceRecord {
  container: string;
  path: string;
  name: string;
  bytes: number;
  is_subdir: boolean;
  is_object: boolean;
  content_type: string | null;
  last_modified?: string | null;
}

/** One page of a folder: the rows and the marker of the next page (null on the last). */
export interface ObjectPage {
  items: SwiftObjectRecord[];
  nextMarker: string | null;
}

/** The container list's page size as the server answers it (api-contract §9: asks for 1001, shows 1000). */
export const OBJECT_PAGE_SIZE = 1000;

export function objectRecord(container: string, item: Json): SwiftObjectRecord {
  return { ...item, container, id: `${container}/${String(item.path)}` } as SwiftObjectRecord;
}

/** A folder's page after `marker` (server paging: a folder of 100,000 objects never loads whole). */
export async function listObjects(http: HttpClient, container: string, path: string, marker?: string | null, limit = OBJECT_PAGE_SIZE): Promise<ObjectPage> {
  const answer = await http.get<{ items: Json[]; has_more?: boolean; next_marker?: string | null }>(`${containerPath(container)}/objects/`, {
    query: { path: path || undefined, marker: marker || undefined, limit: limit === OBJECT_PAGE_SIZE ? undefined : limit },
  });
  const items = answer.items.map((item) => objectRecord(container, item));
  return { items, nextMarker: answer.has_more ? (answer.next_marker ?? items.at(-1)?.path ?? null) : null };
}

/**
 * Upload a file (multipart field `file` plus `$$originalJSON`, api-contract
 * §1.2) or, for a path ending with '/', create a folder. XMLHttpRequest, the
 * one browser API that reports upload progress.
 */
export function uploadObject(container: string, path: string, file: Blob | null, onProgress?: UploadProgress): Promise<void> {
  const form = new FormData();
  form.append('$$originalJSON', JSON.stringify({ name: path, container, file: {} }));
  if (file) form.append('file', file, (file as File).name ?? path.split('/').pop() ?? 'file');
  return sendWithProgress<void>({ method: 'POST', url: objectUrl(container, path), body: form, headers: { 'X-Requested-With': 'XMLHttpRequest' }, onProgress });
}

export function createSwiftProvider(http: HttpClient): DataProvider {
  return createServiceProvider('swift', {
    container: {
      serverFilters: ['prefix'],
      /** A page of 1,000 after `meta.marker` (the last name of the page before). */
      async list(params: GetListParams) {
        const prefix = params.filter?.prefix ? String(params.filter.prefix) : undefined;
        const marker = (params.meta?.marker as string | null | undefined) || undefined;
        const answer = await http.get<{ items: Json[]; has_more?: boolean }>('/api/swift/containers/', { query: { prefix, marker } });
        return { items: answer.items.map((item) => ({ ...item, id: String(item.name) })), hasMore: answer.has_more === true, hasPrev: Boolean(marker) };
      },
      // GET metadata doubles as the existence check (spec 2 §7.6).
      async get(id) {
        return { ...(await http.get<Json>(`${containerPath(id)}/metadata/`)), id, is_fetched: true };
      },
      async create(data) {
        const name = String(data.name);
        await http.post(`${containerPath(name)}/metadata/`, { is_public: data.is_public === true, storage_policy: data.storage_policy || undefined });
        return { id: name, name, count: 0, bytes: 0 };
      },
      async update(id, data) {
        await http.put(`${containerPath(id)}/metadata/`, { is_public: data.is_public === true });
        return { id, ...data };
      },
      async remove(id) {
        await http.delete(`${containerPath(id)}/metadata/`);
      },
    },
    'storage-policy': {
      async list() {
        const { policies } = await http.get<{ policies: Json[] }>('/api/swift/policies/');
        return policies.map((policy) => ({ ...policy, id: String(policy.name) }));
      },
    },
    'swift-object': {
      async list(params: GetListParams) {
        const limit = params.pagination?.perPage ?? OBJECT_PAGE_SIZE;
        const page = await listObjects(http, String(params.filter?.container), String(params.filter?.path ?? ''), params.meta?.marker as string | undefined, limit);
        return { items: page.items, hasMore: page.nextMarker !== null, hasPrev: Boolean(params.meta?.marker) };
      },
      /** Details (spec 2 §7.6: also the existence check); `meta.container` names the container. */
      async get(path, meta) {
        const container = String(meta?.container);
        return { ...(await http.get<Json>(objectUrl(container, path, 'metadata'))), id: `${container}/${path}`, container, path };
      },
      /** Upload (`data.file`) or a folder (`data.path` ending with '/'); `meta.onProgress` sees the percents. */
      async create(data, meta) {
        const container = String(data.container);
        const path = String(data.path);
        await uploadObject(container, path, (data.file as Blob | undefined) ?? null, meta?.onProgress as UploadProgress | undefined);
        return { id: `${container}/${path}`, container, path };
      },
      async remove(_id, record) {
        await http.delete(objectUrl(String(record?.container), String(record?.path)));
      },
      calls: {
        async copy(id, data = {}) {
          const container = String(data.container);
          const path = id.slice(container.length + 1);
          await http.post(objectUrl(container, path, 'copy'), { dest_container: data.dest_container, dest_name: data.dest_name });
          return null;
        },
      },
    },
  });
}
