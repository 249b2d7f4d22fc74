import { randomUUID } from 'node:crypto';
import { BadRequest, CloudError, Conflict, Forbidden, NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';

/**
 * Glance v2 images (glance/domain, glance/db/sqlalchemy/api.py): the status
 * lifecycle, the four visibilities with their rules, members, tags and free
 * string properties. The data itself lives in the blob store (blobs.ts).
 */

export type Visibility = 'public' | 'private' | 'shared' | 'community';
export type ImageStatus = 'queued' | 'saving' | 'active' | 'killed' | 'deleted' | 'pending_delete' | 'deactivated' | 'uploading' | 'importing';
export type MemberStatus = 'pending' | 'accepted' | 'rejected';

export const VISIBILITIES: Visibility[] = ['community', 'public', 'private', 'shared'];
export const DISK_FORMATS = ['ami', 'ari', 'aki', 'vhd', 'vhdx', 'vmdk', 'raw', 'qcow2', 'vdi', 'iso', 'ploop'];
export const CONTAINER_FORMATS = ['ami', 'ari', 'aki', 'bare', 'ovf', 'ova', 'docker', 'compressed'];
export const SORT_KEYS = ['name', 'status', 'container_format', 'disk_format', 'size', 'id', 'created_at', 'updated_at'];

export interface Image {
  id: string;
  name: string | null;
  status: ImageStatus;
  visibility: Visibility;
  protected: boolean;
  osHidden: boolean;
  diskFormat: string | null;
  containerFormat: string | null;
  size: number | null;
  virtualSize: number | null;
  minDisk: number;
  minRam: number;
  checksum: string | null;
  osHashAlgo: string | null;
  osHashValue: string | null;
  owner: string | null;
  createdAt: number;
  updatedAt: number;
  properties: Record<string, string>;
  tags: string[];
}

interface ImageRow {
  id: string;
  name: string | null;
  status: ImageStatus;
  visibility: Visibility;
  protected: number;
  os_hidden: number;
  disk_format: string | null;
  container_format: string | null;
  size: number | null;
  virtual_size: number | null;
  min_disk: number;
  min_ram: number;
  checksum: string | null;
  os_hash_algo: string | null;
  os_hash_value: string | null;
  owner: string | null;
  created_at: number;
  updated_at: number;
}

/** Who asks: Glance's RequestContext as the image repo sees it. */
export interface ImageViewer {
  isAdmin: boolean;
  projectId: string | null;
}

/** A 409 whose text goes in webob's detail line, after the generic explanation (as Glance renders HTTPConflict(detail)). */
export class ConflictDetail extends Conflict {
  readonly detail: string;
  constructor(detail: string) {
    super(detail);
    this.detail = detail;
  }
}

export const notFound = (id: string) => new NotFound(`No image found with ID ${id}`);

function toImage(db: Db, row: ImageRow): Image {
  const properties: Record<string, string> = {};
  for (const prop of db.all<{ name: string; value: string }>('SELECT name, value FROM image_properties WHERE image_id = ? ORDER BY rowid', row.id)) {
    properties[prop.name] = prop.value;
  }
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    visibility: row.visibility,
    protected: Boolean(row.protected),
    osHidden: Boolean(row.os_hidden),
    diskFormat: row.disk_format,
    containerFormat: row.container_format,
    size: row.size,
    virtualSize: row.virtual_size,
    minDisk: row.min_disk,
    minRam: row.min_ram,
    checksum: row.checksum,
    osHashAlgo: row.os_hash_algo,
    osHashValue: row.os_hash_value,
    owner: row.owner,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    properties,
    tags: db.all<{ value: string }>('SELECT value FROM image_tags WHERE image_id = ? ORDER BY created_at, rowid', row.id).map((tag) => tag.value),
  };
}

function memberStatusOf(db: Db, imageId: string, projectId: string | null): MemberStatus | undefined {
  if (!projectId) return undefined;
  return db.get<{ status: MemberStatus }>('SELECT status FROM image_members WHERE image_id = ? AND member = ?', imageId, projectId)?.status;
}

/** `ImageRepoProxy`'s visibility: admin sees all; others their own, public, community and shared-with-them images. */
export function canSee(db: Db, viewer: ImageViewer, image: Pick<Image, 'id' | 'owner' | 'visibility'>): boolean {
  if (viewer.isAdmin) return true;
  if (image.visibility === 'public' || image.visibility === 'community') return true;
  if (image.owner !== null && image.owner === viewer.projectId) return true;
  return image.visibility === 'shared' && memberStatusOf(db, image.id, viewer.projectId) !== undefined;
}

/** A live (not deleted) image the viewer may see; Glance's 404 otherwise, so a hidden image is indistinguishable from none. */
export function getImage(db: Db, viewer: ImageViewer, id: string): Image {
  const row = db.get<ImageRow>('SELECT * FROM images WHERE id = ? AND deleted = 0', id);
  if (!row || !canSee(db, viewer, row)) throw notFound(id);
  return toImage(db, row);
}

/** Writes are the owner's (or the admin's): Glance's "You do not own this image". */
export function assertOwner(viewer: ImageViewer, image: Image): void {
  if (viewer.isAdmin) return;
  if (image.owner === null || image.owner !== viewer.projectId) throw new Forbidden('You do not own this image');
}

/** Only an admin may make an image public (policy `publicize_image`). */
export function assertMayUseVisibility(viewer: ImageViewer, visibility: Visibility): void {
  if (visibility === 'public' && !viewer.isAdmin) throw new Forbidden('You are not authorized to complete publicize_image action.');
}

export interface ImageFilters {
  name?: string;
  status?: string;
  visibility?: Visibility | 'all';
  owner?: string;
  protected?: boolean;
  osHidden?: boolean;
  diskFormat?: string;
  containerFormat?: string;
  sizeMin?: number;
  sizeMax?: number;
  memberStatus?: MemberStatus | 'all';
  tags?: string[];
  ids?: string[];
  properties?: Record<string, string>;
}

export interface ListOptions {
  filters: ImageFilters;
  sortKey: string;
  sortDir: 'asc' | 'desc';
  marker?: string;
  limit: number;
}

/**
 * `image_get_all`: what the viewer may list, filtered, sorted (then by id),
 * after `marker`, at most `limit`. By default other projects' community
 * images stay out and shared images show only once accepted.
 */
export function listImages(db: Db, viewer: ImageViewer, options: ListOptions): { images: Image[]; more: boolean } {
  const { filters } = options;
  const memberStatus = filters.memberStatus ?? 'accepted';
  // An id filter is the query's (as in Glance's own): only those rows are read and built, and `matches` needs not check it.
  const rows = filters.ids
    ? db.all<ImageRow>(`SELECT * FROM images WHERE deleted = 0 AND id IN (${filters.ids.map(() => '?').join(',')})`, ...filters.ids)
    : db.all<ImageRow>('SELECT * FROM images WHERE deleted = 0');
  const listed = rows.filter((row) => {
    const own = row.owner !== null && row.owner === viewer.projectId;
    if (filters.visibility && filters.visibility !== 'all' && row.visibility !== filters.visibility) return false;
    if (row.visibility === 'community' && !own && filters.visibility !== 'community' && filters.visibility !== 'all') return false;
    if (!viewer.isAdmin && !own && row.visibility === 'shared') {
      const status = memberStatusOf(db, row.id, viewer.projectId);
      if (!status || (memberStatus !== 'all' && status !== memberStatus)) return false;
    } else if (!viewer.isAdmin && !own && row.visibility === 'private') {
      return false;
    }
    return true;
  });
  let images = listed.map((row) => toImage(db, row)).filter((image) => matches(image, filters));
  images.sort(comparator(options.sortKey, options.sortDir));
  if (options.marker) {
    const index = images.findIndex((image) => image.id === options.marker);
    if (index < 0) {
      const marker = db.get<ImageRow>('SELECT * FROM images WHERE id = ? AND deleted = 0', options.marker);
      if (!marker || !canSee(db, viewer, marker)) throw new BadRequest(`No image found with ID ${options.marker}`);
      // A visible marker the filters leave out: continue after where it would sort.
      const compare = comparator(options.sortKey, options.sortDir);
      const markerImage = toImage(db, marker);
      images = images.filter((image) => compare(image, markerImage) > 0);
    } else {
      images = images.slice(index + 1);
    }
  }
  return { images: images.slice(0, options.limit), more: images.length > options.limit };
}

function matches(image: Image, filters: ImageFilters): boolean {
  if (filters.name !== undefined && image.name !== filters.name) return false;
  if (filters.status !== undefined && image.status !== filters.status) return false;
  if (filters.owner !== undefined && image.owner !== filters.owner) return false;
  if (filters.protected !== undefined && image.protected !== filters.protected) return false;
  if (image.osHidden !== (filters.osHidden ?? false)) return false;
  if (filters.diskFormat !== undefined && image.diskFormat !== filters.diskFormat) return false;
  if (filters.containerFormat !== undefined && image.containerFormat !== filters.containerFormat) return false;
  if (filters.sizeMin !== undefined && (image.size === null || image.size < filters.sizeMin)) return false;
  if (filters.sizeMax !== undefined && (image.size === null || image.size > filters.sizeMax)) return false;
  if (filters.tags && !filters.tags.every((tag) => image.tags.includes(tag))) return false;
  for (const [key, value] of Object.entries(filters.properties ?? {})) {
    if (image.properties[key] !== value) return false;
  }
  return true;
}

const SORT_FIELDS: Record<string, (image: Image) => string | number | null> = {
  name: (image) => image.name,
  status: (image) => image.status,
  container_format: (image) => image.containerFormat,
  disk_format: (image) => image.diskFormat,
  size: (image) => image.size,
  id: (image) => image.id,
  created_at: (image) => image.createdAt,
  updated_at: (image) => image.updatedAt,
};

/** Sorts by the key, nulls first as SQL does ascending, then by id in the same direction. */
function comparator(key: string, dir: 'asc' | 'desc') {
  const field = SORT_FIELDS[key] ?? SORT_FIELDS.created_at;
  const sign = dir === 'asc' ? 1 : -1;
  const compareValues = (a: string | number | null, b: string | number | null) => {
    if (a === b) return 0;
    if (a === null) return -1;
    if (b === null) return 1;
    return a < b ? -1 : 1;
  };
  return (a: Image, b: Image) => sign * (compareValues(field(a), field(b)) || compareValues(a.id, b.id));
}

export interface CreateImageInput {
  id?: string;
  name?: string | null;
  visibility?: Visibility;
  protected?: boolean;
  osHidden?: boolean;
  diskFormat?: string | null;
  containerFormat?: string | null;
  minDisk?: number;
  minRam?: number;
  owner: string | null;
  tags?: string[];
  properties?: Record<string, string>;
}

export function createImage(db: Db, now: number, input: CreateImageInput): Image {
  return db.tx(() => {
    const id = input.id ?? randomUUID();
    if (db.get('SELECT 1 FROM images WHERE id = ?', id)) throw new ConflictDetail(`Image with identifier ${id} already exists!`);
    db.run(
      `INSERT INTO images (id, name, status, visibility, protected, os_hidden, disk_format, container_format, min_disk, min_ram, owner, created_at, updated_at)
       VALUES (?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      input.name ?? null,
      input.visibility ?? 'shared',
      input.protected ? 1 : 0,
      input.osHidden ? 1 : 0,
      input.diskFormat ?? null,
      input.containerFormat ?? null,
      input.minDisk ?? 0,
      input.minRam ?? 0,
      input.owner,
      now,
      now,
    );
    for (const [name, value] of Object.entries(input.properties ?? {})) db.run('INSERT INTO image_properties (image_id, name, value) VALUES (?, ?, ?)', id, name, value);
    for (const tag of new Set(input.tags ?? [])) db.run('INSERT INTO image_tags (image_id, value, created_at) VALUES (?, ?, ?)', id, tag, now);
    return getImage(db, { isAdmin: true, projectId: null }, id);
  });
}

/** The core attributes a PATCH may change, by their API names. */
export const MUTABLE_CORE = ['name', 'visibility', 'protected', 'os_hidden', 'disk_format', 'container_format', 'min_disk', 'min_ram', 'tags'] as const;
export type CoreChanges = Partial<{
  name: string | null;
  visibility: Visibility;
  protected: boolean;
  os_hidden: boolean;
  disk_format: string | null;
  container_format: string | null;
  min_disk: number;
  min_ram: number;
  tags: string[];
}>;

const COLUMN_VALUE: Record<string, (value: unknown) => unknown> = {
  protected: (value) => (value ? 1 : 0),
  os_hidden: (value) => (value ? 1 : 0),
};

/** Applies the new state of an image (core attributes, whole property map) in one transaction. */
export function saveImage(db: Db, now: number, id: string, core: CoreChanges, properties: Record<string, string>): Image {
  return db.tx(() => {
    for (const [key, value] of Object.entries(core)) {
      if (key === 'tags') continue;
      db.run(`UPDATE images SET ${key} = ? WHERE id = ?`, COLUMN_VALUE[key] ? COLUMN_VALUE[key](value) : value, id);
    }
    if (core.tags) {
      db.run('DELETE FROM image_tags WHERE image_id = ?', id);
      for (const tag of new Set(core.tags)) db.run('INSERT INTO image_tags (image_id, value, created_at) VALUES (?, ?, ?)', id, tag, now);
    }
    db.run('DELETE FROM image_properties WHERE image_id = ?', id);
    for (const [name, value] of Object.entries(properties)) db.run('INSERT INTO image_properties (image_id, name, value) VALUES (?, ?, ?)', id, name, value);
    db.run('UPDATE images SET updated_at = ? WHERE id = ?', now, id);
    return getImage(db, { isAdmin: true, projectId: null }, id);
  });
}

/** Glance's image state machine (glance/domain/__init__.py `_validate_status_transition`). */
export function setStatus(db: Db, now: number, id: string, from: ImageStatus[], to: ImageStatus): void {
  db.tx(() => {
    const row = db.get<{ status: ImageStatus }>('SELECT status FROM images WHERE id = ? AND deleted = 0', id);
    if (!row) throw notFound(id);
    if (!from.includes(row.status)) throw new ConflictDetail(`Image status transition from ${row.status} to ${to} is not allowed`);
    db.run('UPDATE images SET status = ?, updated_at = ? WHERE id = ?', to, now, id);
  });
}

export interface StoredData {
  size: number;
  virtualSize: number | null;
  checksum: string;
  osHashValue: string;
}

/** saving → active with the data's facts; false when the image was deleted (or reset) during the upload. */
export function activate(db: Db, now: number, id: string, data: StoredData): boolean {
  return db.tx(() => {
    const row = db.get<{ status: ImageStatus }>('SELECT status FROM images WHERE id = ? AND deleted = 0', id);
    if (!row || row.status !== 'saving') return false;
    db.run(
      `UPDATE images SET status = 'active', size = ?, virtual_size = ?, checksum = ?, os_hash_algo = 'sha512', os_hash_value = ?, updated_at = ? WHERE id = ?`,
      data.size,
      data.virtualSize,
      data.checksum,
      data.osHashValue,
      now,
      id,
    );
    return true;
  });
}

/** A failed upload puts the image back to queued, so it can be tried again (as Glance does). */
export function revertUpload(db: Db, now: number, id: string): void {
  db.run(`UPDATE images SET status = 'queued', updated_at = ? WHERE id = ? AND status = 'saving' AND deleted = 0`, now, id);
}

/** pending_delete → deleted: the row is kept, soft-deleted, as in Glance (no delayed delete, no scrubber). */
export function deleteImage(db: Db, now: number, image: Image): void {
  if (image.protected) throw new Forbidden(`Image ${image.id} is protected and cannot be deleted.`);
  db.tx(() => {
    db.run(`UPDATE images SET status = 'pending_delete', updated_at = ? WHERE id = ?`, now, image.id);
    db.run('DELETE FROM image_members WHERE image_id = ?', image.id);
    db.run(`UPDATE images SET status = 'deleted', deleted = 1, deleted_at = ?, updated_at = ? WHERE id = ?`, now, now, image.id);
  });
}

/** Images a crash left `saving`: their partial data is gone, so they are queued again. */
export function resetInterruptedUploads(db: Db, now: number): string[] {
  const ids = db.all<{ id: string }>(`SELECT id FROM images WHERE status = 'saving' AND deleted = 0`).map((row) => row.id);
  for (const id of ids) revertUpload(db, now, id);
  return ids;
}

export function isCloudError(error: unknown): error is CloudError {
  return error instanceof CloudError;
}
