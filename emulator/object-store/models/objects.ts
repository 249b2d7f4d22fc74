import { createHash } from 'node:crypto';
import type { Db } from '../../store/db.js';
import type { Metadata } from './accounts.js';
import { getContainer } from './containers.js';
import { SwiftError } from './errors.js';
import { batchParams, batchWhere, type Listed, type ListingQuery, mapRows, walkListing } from './listing.js';
import { MAX_OBJECT_NAME_LENGTH } from './policies.js';

export interface StoredObject {
  projectId: string;
  container: string;
  name: string;
  /** The stored size: a manifest's own bytes are its segments' total for an SLO, 0 for a DLO. */
  bytes: number;
  etag: string;
  contentType: string;
  metadata: Metadata;
  blob: string | null;
  manifestKind: 'slo' | 'dlo' | null;
  /** SLO: the JSON segment list; DLO: `container/prefix`. */
  manifest: string | null;
  lastModified: number;
}

interface ObjectRow {
  project_id: string;
  container: string;
  name: string;
  bytes: number;
  etag: string;
  content_type: string;
  metadata: string;
  blob: string | null;
  manifest_kind: 'slo' | 'dlo' | null;
  manifest: string | null;
  last_modified: number;
}

function toObject(row: ObjectRow): StoredObject {
  return {
    projectId: row.project_id,
    container: row.container,
    name: row.name,
    bytes: row.bytes,
    etag: row.etag,
    contentType: row.content_type,
    metadata: JSON.parse(row.metadata) as Metadata,
    blob: row.blob,
    manifestKind: row.manifest_kind,
    manifest: row.manifest,
    lastModified: row.last_modified,
  };
}

export function checkObjectName(name: string): void {
  if (Buffer.byteLength(name) > MAX_OBJECT_NAME_LENGTH) throw new SwiftError(400, `Object name length of ${Buffer.byteLength(name)} longer than ${MAX_OBJECT_NAME_LENGTH}`);
}

export function findObject(db: Db, projectId: string, container: string, name: string): StoredObject | null {
  const row = db.get<ObjectRow>('SELECT * FROM swift_objects WHERE project_id = ? AND container = ? AND name = ?', projectId, container, name);
  return row ? toObject(row) : null;
}

export function getObject(db: Db, projectId: string, container: string, name: string): StoredObject {
  const object = findObject(db, projectId, container, name);
  if (!object) throw new SwiftError(404);
  return object;
}

export type NewObject = Omit<StoredObject, 'projectId' | 'container' | 'name' | 'lastModified'>;

/**
 * Records an object (new or replacing one) and moves its container's counters
 * in the same transaction; returns the blob it replaced, for the caller to
 * remove once committed. The container must still exist (it may have gone
 * while the bytes were streaming).
 */
export function recordObject(db: Db, projectId: string, container: string, name: string, object: NewObject, now: number): string | null {
  return db.tx(() => {
    getContainer(db, projectId, container);
    const previous = findObject(db, projectId, container, name);
    db.run(
      `INSERT INTO swift_objects (project_id, container, name, bytes, etag, content_type, metadata, blob, manifest_kind, manifest, last_modified)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (project_id, container, name) DO UPDATE SET bytes = excluded.bytes, etag = excluded.etag, content_type = excluded.content_type,
         metadata = excluded.metadata, blob = excluded.blob, manifest_kind = excluded.manifest_kind, manifest = excluded.manifest, last_modified = excluded.last_modified`,
      projectId,
      container,
      name,
      object.bytes,
      object.etag,
      object.contentType,
      JSON.stringify(object.metadata),
      object.blob,
      object.manifestKind,
      object.manifest,
      now,
    );
    moveCounters(db, projectId, container, previous ? 0 : 1, object.bytes - (previous?.bytes ?? 0), now);
    return previous?.blob ?? null;
  });
}

function moveCounters(db: Db, projectId: string, container: string, count: number, bytes: number, now: number): void {
  db.run(
    'UPDATE swift_containers SET object_count = object_count + ?, bytes_used = bytes_used + ?, updated_at = ? WHERE project_id = ? AND name = ?',
    count,
    bytes,
    now,
    projectId,
    container,
  );
}

/** DELETE: removes the row and returns its blob, for the caller to remove. */
export function deleteObject(db: Db, projectId: string, container: string, name: string, now: number): StoredObject {
  return db.tx(() => {
    const object = getObject(db, projectId, container, name);
    db.run('DELETE FROM swift_objects WHERE project_id = ? AND container = ? AND name = ?', projectId, container, name);
    moveCounters(db, projectId, container, -1, -object.bytes, now);
    return object;
  });
}

/** POST on an object: its user metadata replaced whole (Swift's fast-POST), its Content-Type changed when given. */
export function updateObjectMetadata(db: Db, projectId: string, container: string, name: string, metadata: Metadata, contentType: string | undefined, now: number): void {
  db.tx(() => {
    const object = getObject(db, projectId, container, name);
    db.run(
      'UPDATE swift_objects SET metadata = ?, content_type = ?, last_modified = ? WHERE project_id = ? AND container = ? AND name = ?',
      JSON.stringify(metadata),
      contentType ?? object.contentType,
      now,
      projectId,
      container,
      name,
    );
  });
}

export function listObjects(db: Db, projectId: string, container: string, query: ListingQuery): Listed<StoredObject>[] {
  getContainer(db, projectId, container);
  const fetch = (after: string, inclusive: boolean, before: string | undefined, batch: number) =>
    mapRows(
      db.iterate<ObjectRow>(
        `SELECT * FROM swift_objects WHERE project_id = ? AND container = ? AND ${batchWhere(inclusive, before)} ORDER BY name LIMIT ?`,
        projectId,
        container,
        ...batchParams(after, before, batch),
      ),
      toObject,
    );
  return walkListing(fetch, query);
}

/** One piece of an object's content: a blob, or a segment's blob. */
export interface Part {
  blob: string;
  bytes: number;
}

export interface Content {
  parts: Part[];
  bytes: number;
  /** The ETag header: md5 for a plain object, the quoted md5 of the segments' ETags for a large object. */
  etag: string;
}

function segmentEtag(etags: string[]): string {
  return `"${createHash('md5').update(etags.join('')).digest('hex')}"`;
}

export interface SloSegment {
  name: string;
  hash: string;
  bytes: number;
  content_type: string;
  last_modified: string;
}

/** What a GET returns: the object's bytes, an SLO's segments in manifest order, a DLO's segments in listing order. */
export function contentOf(db: Db, object: StoredObject): Content {
  if (object.manifestKind === 'slo') {
    const segments = JSON.parse(object.manifest!) as SloSegment[];
    const parts = segments.map((segment) => {
      const [container, name] = splitPath(segment.name);
      const stored = findObject(db, object.projectId, container, name);
      if (!stored?.blob || stored.etag !== segment.hash) throw new SwiftError(409);
      return { blob: stored.blob, bytes: stored.bytes };
    });
    return { parts, bytes: object.bytes, etag: object.etag };
  }
  if (object.manifestKind === 'dlo') {
    const [container, prefix] = splitPath(`/${object.manifest!}`);
    const segments = findContainerQuiet(db, object.projectId, container)
      ? listObjects(db, object.projectId, container, { prefix, limit: 10000 }).flatMap((entry) => ('row' in entry && entry.row.blob ? [entry.row] : []))
      : [];
    return {
      parts: segments.map((segment) => ({ blob: segment.blob!, bytes: segment.bytes })),
      bytes: segments.reduce((sum, segment) => sum + segment.bytes, 0),
      etag: segmentEtag(segments.map((segment) => segment.etag)),
    };
  }
  return { parts: [{ blob: object.blob!, bytes: object.bytes }], bytes: object.bytes, etag: object.etag };
}

function findContainerQuiet(db: Db, projectId: string, name: string): boolean {
  return db.get('SELECT 1 FROM swift_containers WHERE project_id = ? AND name = ?', projectId, name) !== undefined;
}

/** `/container/object/with/slashes` → [container, object]. */
export function splitPath(path: string): [string, string] {
  const trimmed = path.replace(/^\/+/, '');
  const slash = trimmed.indexOf('/');
  if (slash <= 0 || slash === trimmed.length - 1) throw new SwiftError(412, 'X-Copy-From header must be of the form <container name>/<object name>');
  return [trimmed.slice(0, slash), trimmed.slice(slash + 1)];
}

export interface SloRequestSegment {
  path: string;
  etag?: string | null;
  size_bytes?: number | null;
}

/** `?multipart-manifest=put`: checks every segment (same account, exists, etag and size as stated) and builds the stored manifest. */
export function buildSloManifest(db: Db, projectId: string, segments: SloRequestSegment[], isoTime: (ms: number) => string): { manifest: SloSegment[]; bytes: number; etag: string } {
  if (!Array.isArray(segments) || segments.length === 0) throw new SwiftError(400, 'Manifest must be a list of at least one segment');
  const problems: string[] = [];
  const manifest: SloSegment[] = [];
  for (const segment of segments) {
    if (typeof segment?.path !== 'string') {
      problems.push(`Index ${manifest.length}: "path" must be a string`);
      continue;
    }
    let stored: StoredObject | null = null;
    try {
      const [container, name] = splitPath(segment.path);
      stored = findObject(db, projectId, container, name);
    } catch {
      stored = null;
    }
    if (!stored) problems.push(`${segment.path}, 404 Not Found`);
    else if (!stored.blob) problems.push(`${segment.path}, Nested manifests are not supported`);
    else if (segment.etag && segment.etag !== stored.etag) problems.push(`${segment.path}, Etag Mismatch`);
    else if (segment.size_bytes != null && segment.size_bytes !== stored.bytes) problems.push(`${segment.path}, Size Mismatch`);
    else manifest.push({ name: `/${stored.container}/${stored.name}`, hash: stored.etag, bytes: stored.bytes, content_type: stored.contentType, last_modified: isoTime(stored.lastModified) });
  }
  if (problems.length) throw new SwiftError(400, `Errors:\n${problems.join('\n')}`);
  return { manifest, bytes: manifest.reduce((sum, segment) => sum + segment.bytes, 0), etag: segmentEtag(manifest.map((segment) => segment.hash)) };
}
