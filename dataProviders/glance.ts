import type { DataProvider, GetListParams } from 'ra-core';
import type { MetadefNamespaceRecord, MetadefsApi, Settings, UserSession } from '../src/backend/contract';
import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord, UploadProgress } from '../src/backend/verbs';
import { createServiceProvider, listPage, type PagedAnswer, pageQuery } from './resource-provider';
import { sendWithProgress } from './upload';
import type { ImageEntity } from '../shared/generated';

/**
 * An image as `/api/glance/images/` answers it (api-contract §4, `to_dict`):
 * the schema's entity without what `imageRecord` adds, a name Glance may
 * leave null (the record makes it ''), and its custom properties at the top
 * level (`image_type`, `block_device_mapping`…).
 */
export type GlanceImage = Omit<ImageEntity, 'visibility_text' | 'type' | 'owner_name' | 'name' | 'status'> &
  Partial<Pick<ImageEntity, 'status'>> & { name?: string | null } & Record<string, unknown>;

/** What the browser knows about the signed-in user that image texts depend on. */
export interface ImageContext {
  projectId: string | null;
  /** Project id → name, for the owner column. */
  projectNames: Map<string, string>;
}

/** Spec 2 §4: visibility texts; 'Shared With Project' for API v2. */
const VISIBILITY_TEXT: Record<string, string> = {
  public: 'Public',
  private: 'Private',
  shared: 'Shared With Project',
  community: 'Community',
};

/** Spec 2 §4 text when another project's image is neither public nor community. */
export const OTHER_PROJECT_TEXT = 'Image from Other Project - Non-Public';

/**
 * The visibility text of spec 2 §4: another project's non-public,
 * non-community image reads 'Image from Other Project - Non-Public'; without
 * `visibility`, `is_public` decides; an unknown value reads 'Unknown'.
 *
 * @example
 * visibilityText({ id: '1', visibility: 'shared', owner: 'p1' }, 'p1'); // 'Shared With Project'
 * visibilityText({ id: '1', visibility: 'private', owner: 'p2' }, 'p1'); // 'Image from Other Project - Non-Public'
 */
export function visibilityText(image: GlanceImage, projectId: string | null): string {
  const visibility = image.visibility ?? (image.is_public === undefined ? undefined : image.is_public ? 'public' : 'private');
  if (!visibility || !VISIBILITY_TEXT[visibility]) return 'Unknown';
  if (image.owner !== projectId && visibility !== 'public' && visibility !== 'community') return OTHER_PROJECT_TEXT;
  return VISIBILITY_TEXT[visibility];
}

/**
 * Spec 2 §3: an image is a snapshot if its `image_type` property is
 * snapshot or it has a block device mapping.
 */
export function imageType(image: GlanceImage): 'Image' | 'Snapshot' {
  const properties = { ...image, ...image.properties };
  const mapping = properties.block_device_mapping;
  return properties.image_type === 'snapshot' || (mapping !== undefined && mapping !== null && mapping !== '' && mapping !== '[]') ? 'Snapshot' : 'Image';
}

/** The image with the fields the browser derives: type, visibility text, owner name, description. */
export function imageRecord(image: GlanceImage, context: ImageContext): ResourceRecord {
  const properties = image.properties ?? {};
  return {
    ...image,
    name: image.name ?? '',
    size: image.size ?? 0,
    min_disk: image.min_disk ?? 0,
    min_ram: image.min_ram ?? 0,
    description: image.description ?? properties.description ?? null,
    type: imageType(image),
    visibility_text: visibilityText(image, context.projectId),
    owner_name: image.owner ? (context.projectNames.get(image.owner) ?? image.owner) : null,
  };
}

/**
 * Spec 2 §4 and api-contract §4: the chosen format sets the container
 * format: aki/ami/ari their own, docker gives disk raw in container docker,
 * vhd gives ovf, ova gives disk vmdk in container ova; anything else bare.
 *
 * @example
 * imageFormats('ami'); // { disk_format: 'ami', container_format: 'ami' }
 */
export function imageFormats(diskFormat: string): { disk_format: string; container_format: string } {
  if (['aki', 'ami', 'ari'].includes(diskFormat)) return { disk_format: diskFormat, container_format: diskFormat };
  if (diskFormat === 'docker') return { disk_format: 'raw', container_format: 'docker' };
  if (diskFormat === 'vhd') return { disk_format: 'vhd', container_format: 'ovf' };
  if (diskFormat === 'ova') return { disk_format: 'vmdk', container_format: 'ova' };
  return { disk_format: diskFormat, container_format: 'bare' };
}

/** The upload mode the server allows (api-contract §2: an invalid value is `legacy`). */
export function uploadMode(settings: Settings): 'off' | 'legacy' | 'direct' {
  const mode = settings.HORIZON_IMAGES_UPLOAD_MODE;
  return mode === 'off' || mode === 'direct' ? mode : 'legacy';
}

export function createMetadefsApi(http: HttpClient): MetadefsApi {
  const cache = new Map<string, Promise<MetadefNamespaceRecord[]>>();
  return {
    namespaces(resourceType) {
      if (!cache.has(resourceType)) {
        const loading = http
          .get<{ items: MetadefNamespaceRecord[] }>('/api/glance/metadefs/namespaces/', { query: { resource_type: resourceType } })
          .then(({ items }) => items);
        // A failure is not cached: the next editor asks again.
        loading.catch(() => cache.delete(resourceType));
        cache.set(resourceType, loading);
      }
      return cache.get(resourceType)!;
    },
  };
}

/** Properties the image forms edit as fields of their own, not in the metadata tree. */
export const FORM_PROPERTIES: readonly string[] = ['description', 'architecture', 'kernel_id', 'ramdisk_id'];

/** Properties Glance computes or owns: never removed by an edit (spec 2 §9 read-only keys and Glance's own). */
const KEPT_PROPERTIES = new Set(['os_hash_algo', 'os_hash_value', ...FORM_PROPERTIES]);

/**
 * Glance's own image attributes that `properties/` also returns (api-contract
 * §4: the single GET's rule): not metadata a person edits, so the editor
 * neither shows nor removes them.
 */
const GLANCE_ATTRIBUTES = new Set(['self', 'file', 'schema', 'tags', 'virtual_size', 'stores', 'locations', 'direct_url', 'os_hidden', 'image_url', 'os_glance_importing_to_stores', 'os_glance_failed_import', 'os_glance_import_task']);

/** An image's custom properties without Glance's own attributes. */
export function customProperties(properties: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(properties).filter(([key]) => !GLANCE_ATTRIBUTES.has(key)));
}

/**
 * The `{ updated, removed }` that turns `current` custom properties into
 * `wanted`: keys are compared ignoring case (spec 2 §4), Glance's own keys
 * are kept.
 *
 * @example
 * propertyChanges({ a: '1', b: '2' }, { a: '3' }); // { updated: { a: '3' }, removed: ['b'] }
 */
export function propertyChanges(current: Record<string, unknown>, wanted: Record<string, string>): { updated: Record<string, string>; removed: string[] } {
  const wantedKeys = new Set(Object.keys(wanted).map((key) => key.toLowerCase()));
  const removed = Object.keys(customProperties(current)).filter((key) => !KEPT_PROPERTIES.has(key) && !wantedKeys.has(key.toLowerCase()));
  return { updated: { ...wanted }, removed };
}

const imagePath = (id: string) => `/api/glance/images/${encodeURIComponent(id)}/`;

/** Filters `/api/glance/images/` applies itself (the image facets are all server facets, as in Horizon). */
const IMAGE_FILTERS = ['name', 'status', 'visibility', 'owner', 'protected', 'disk_format', 'size_min', 'size_max', 'member_status', 'tag'] as const;

/**
 * `/api/glance/` (spec 2 §7.1, api-contract §4). Resource `image`: list
 * (server facets), get, create by URL or file, update, delete, and the
 * metadata verbs over `images/{id}/properties/`. Features (for the forms'
 * `x-enumFeatures`): `policy:<image rule>`, `format:<code>` (the
 * OPENSTACK_IMAGE_FORMATS setting), `upload:file` and `upload:url`.
 */
export function createGlanceProvider(http: HttpClient): DataProvider {
  let settings: Promise<Settings> | undefined;
  const readSettings = () => {
    settings ??= http.get<Settings>('/api/settings/').catch((error: unknown) => {
      settings = undefined;
      throw error;
    });
    return settings;
  };

  /**
   * The session's project and the names of the projects the user may read:
   * every project for an admin, the user's own for a member (who may not list
   * the others: api-contract §3); unknown owners stay ids.
   */
  async function imageContext(): Promise<ImageContext> {
    const session = await http.get<UserSession>('/api/keystone/user-session/', { silent: true }).catch(() => null);
    const query = session && !session.is_superuser ? { user_id: session.id } : undefined;
    const projects = await http
      .get<{ items: { id: string; name: string }[] }>('/api/keystone/projects/', { silent: true, query })
      .then(({ items }) => items, () => []);
    const projectNames = new Map(projects.map((project) => [project.id, project.name]));
    if (session?.project_id && session.project_name) projectNames.set(session.project_id, session.project_name);
    return { projectId: session?.project_id ?? null, projectNames };
  }

  async function fetchImage(id: string, context?: ImageContext): Promise<ResourceRecord> {
    const [image, known] = await Promise.all([http.get<GlanceImage>(imagePath(id)), context ?? imageContext()]);
    return imageRecord(image, known);
  }

  /** Legacy: one multipart POST through the server, which uploads to Glance in the background (api-contract §4.1). */
  async function createLegacy(metadata: Record<string, unknown>, file: File, onProgress?: UploadProgress): Promise<GlanceImage> {
    const form = new FormData();
    const body = { ...metadata, source_type: 'file-legacy' };
    for (const [key, value] of Object.entries(body)) if (value !== undefined && value !== null) form.append(key, String(value));
    // The server rebuilds typed values from this (api-contract §1.2); the file serialises as {}.
    form.append('$$originalJSON', JSON.stringify({ ...body, data: {} }));
    form.append('data', file, file.name);
    return sendWithProgress<GlanceImage>({ method: 'POST', url: '/api/glance/images/', body: form, headers: { 'X-Requested-With': 'XMLHttpRequest' }, onProgress });
  }

  /** Direct: create the queued image with the file's name, then PUT the bytes to its upload_url with its ticket. */
  async function createDirect(metadata: Record<string, unknown>, file: File, onProgress?: UploadProgress): Promise<GlanceImage> {
    onProgress?.(-1);
    const image = await http.put<GlanceImage>('/api/glance/images/', {
      ...metadata,
      source_type: 'file-direct',
      data: file.name,
    });
    if (!image.upload_url) throw new Error('The server gave no upload URL.');
    await sendWithProgress({
      method: 'PUT',
      url: image.upload_url,
      body: file,
      headers: {
        'Content-Type': 'application/octet-stream',
        'X-Requested-With': 'XMLHttpRequest',
        ...(image.token_id ? { 'X-Upload-Ticket': image.token_id } : {}),
      },
      onProgress,
    });
    return image;
  }

  return createServiceProvider(
    'glance',
    {
      image: {
        serverFilters: IMAGE_FILTERS,
        async list(params: GetListParams) {
          const query: Record<string, string> = {};
          for (const key of IMAGE_FILTERS) {
            const value = params.filter?.[key];
            if (value !== undefined && value !== null && value !== '') query[key] = String(value);
          }
          // A page in the table's default order (by name), so page after page reads as one sorted list.
          const paged = pageQuery(params);
          const page = paged && { ...paged, sort_key: 'name', sort_dir: 'asc' };
          const [answer, context] = await Promise.all([http.get<PagedAnswer<GlanceImage>>('/api/glance/images/', { query: { ...query, ...page }, signal: params.signal }), imageContext()]);
          const record = (image: GlanceImage) => imageRecord(image, context);
          return page ? listPage(answer, record) : answer.items.map(record);
        },
        async get(id, meta) {
          // An edit form that shows the metadata tree asks for the custom properties too.
          if (!meta?.properties) return fetchImage(id);
          const [image, properties] = await Promise.all([fetchImage(id), http.get<Record<string, unknown>>(`${imagePath(id)}properties/`)]);
          return { ...image, custom_properties: customProperties(properties) };
        },
        async create(data, meta) {
          const { source_type: source, data: file, image_url: imageUrl, disk_format: diskFormat, metadata: properties, ...rest } = data;
          // Custom properties ride along as extra keys (api-contract §4: any other key becomes a property).
          const metadata = { ...(properties as Record<string, string> | undefined), ...rest, ...imageFormats(String(diskFormat ?? 'raw')) };
          const onProgress = meta?.onProgress as UploadProgress | undefined;
          let image: GlanceImage;
          if (source === 'url') {
            image = await http.put<GlanceImage>('/api/glance/images/', { ...metadata, source_type: 'url', image_url: imageUrl });
          } else {
            if (!(file instanceof Blob)) throw new Error('A file is required.');
            const mode = uploadMode(await readSettings());
            if (mode === 'off') throw new Error('Image upload is disabled.');
            image = mode === 'direct' ? await createDirect(metadata, file as File, onProgress) : await createLegacy(metadata, file as File, onProgress);
          }
          // The token never stays in the browser's records.
          const { upload_url: _url, token_id: _ticket, ...clean } = image;
          return imageRecord(clean as GlanceImage, await imageContext());
        },
        async update(id, data) {
          const { disk_format: diskFormat, metadata: properties, ...rest } = data;
          const body = diskFormat ? { ...rest, ...imageFormats(String(diskFormat)) } : rest;
          await http.patch(imagePath(id), body);
          if (properties && typeof properties === 'object') {
            // The tree's properties replace the custom ones: what it no longer has is removed.
            const current = await http.get<Record<string, unknown>>(`${imagePath(id)}properties/`);
            await http.patch(`${imagePath(id)}properties/`, propertyChanges(current, properties as Record<string, string>));
          }
          return fetchImage(id);
        },
        async remove(id) {
          await http.delete(imagePath(id));
        },
        async getMetadata(id) {
          return customProperties(await http.get<Record<string, unknown>>(`${imagePath(id)}properties/`));
        },
        async updateMetadata(id, changes) {
          await http.patch(`${imagePath(id)}properties/`, changes);
        },
      },
    },
    {
      async feature(name) {
        const [kind, value] = [name.slice(0, name.indexOf(':')), name.slice(name.indexOf(':') + 1)];
        if (kind === 'policy') {
          const { allowed } = await http.post<{ allowed: boolean }>('/api/policy/', { rules: [['image', value]] });
          return allowed;
        }
        const current = await readSettings();
        if (kind === 'format') {
          const formats = current.OPENSTACK_IMAGE_FORMATS;
          return !Array.isArray(formats) || formats.includes(value);
        }
        if (kind === 'upload') return value === 'file' ? uploadMode(current) !== 'off' : current.IMAGES_ALLOW_LOCATION === true;
        return false;
      },
    },
  );
}
