import type { Db } from '../../store/db.js';
import { mergeMetadata, type Metadata } from './accounts.js';
import { SwiftError } from './errors.js';
import { batchParams, batchWhere, type Listed, type ListingQuery, mapRows, walkListing } from './listing.js';
import { DEFAULT_POLICY, STORAGE_POLICIES } from './policies.js';

export interface Container {
  projectId: string;
  name: string;
  storagePolicy: string;
  readAcl: string | null;
  writeAcl: string | null;
  metadata: Metadata;
  objectCount: number;
  bytesUsed: number;
  createdAt: number;
  updatedAt: number;
}

interface ContainerRow {
  project_id: string;
  name: string;
  storage_policy: string;
  read_acl: string | null;
  write_acl: string | null;
  metadata: string;
  object_count: number;
  bytes_used: number;
  created_at: number;
  updated_at: number;
}

function toContainer(row: ContainerRow): Container {
  return {
    projectId: row.project_id,
    name: row.name,
    storagePolicy: row.storage_policy,
    readAcl: row.read_acl,
    writeAcl: row.write_acl,
    metadata: JSON.parse(row.metadata) as Metadata,
    objectCount: row.object_count,
    bytesUsed: row.bytes_used,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Swift's constraints: MAX_CONTAINER_NAME_LENGTH 256 bytes, no '/'. */
export const MAX_CONTAINER_NAME_LENGTH = 256;

export function checkContainerName(name: string): void {
  if (Buffer.byteLength(name) > MAX_CONTAINER_NAME_LENGTH) throw new SwiftError(400, `Container name length of ${Buffer.byteLength(name)} longer than ${MAX_CONTAINER_NAME_LENGTH}`);
}

export function findContainer(db: Db, projectId: string, name: string): Container | null {
  const row = db.get<ContainerRow>('SELECT * FROM swift_containers WHERE project_id = ? AND name = ?', projectId, name);
  return row ? toContainer(row) : null;
}

export function getContainer(db: Db, projectId: string, name: string): Container {
  const container = findContainer(db, projectId, name);
  if (!container) throw new SwiftError(404);
  return container;
}

export interface ContainerChanges {
  storagePolicy?: string;
  readAcl?: string;
  writeAcl?: string;
  metadata: Metadata;
}

/**
 * PUT on a container: creates it (true) or updates its ACLs and metadata
 * (false). Its policy is fixed at creation; asking another one of an existing
 * container is Swift's 409.
 */
export function putContainer(db: Db, projectId: string, name: string, changes: ContainerChanges, now: number): boolean {
  checkContainerName(name);
  const policy = changes.storagePolicy === undefined ? undefined : STORAGE_POLICIES.find((p) => p.name.toLowerCase() === changes.storagePolicy!.toLowerCase() || p.aliases.includes(changes.storagePolicy!));
  if (changes.storagePolicy !== undefined && !policy) throw new SwiftError(400, `Invalid X-Storage-Policy '${changes.storagePolicy}'`);
  return db.tx(() => {
    const existing = findContainer(db, projectId, name);
    if (existing) {
      if (policy && policy.name !== existing.storagePolicy) throw new SwiftError(409);
      updateContainer(db, projectId, name, changes, now);
      return false;
    }
    db.run(
      `INSERT INTO swift_containers (project_id, name, storage_policy, read_acl, write_acl, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      projectId,
      name,
      (policy ?? DEFAULT_POLICY).name,
      changes.readAcl || null,
      changes.writeAcl || null,
      JSON.stringify(mergeMetadata({}, changes.metadata)),
      now,
      now,
    );
    return true;
  });
}

/** POST on a container: ACLs set (an empty value clears), metadata merged. */
export function updateContainer(db: Db, projectId: string, name: string, changes: ContainerChanges, now: number): void {
  db.tx(() => {
    const current = getContainer(db, projectId, name);
    db.run(
      'UPDATE swift_containers SET read_acl = ?, write_acl = ?, metadata = ?, updated_at = ? WHERE project_id = ? AND name = ?',
      changes.readAcl === undefined ? current.readAcl : changes.readAcl || null,
      changes.writeAcl === undefined ? current.writeAcl : changes.writeAcl || null,
      JSON.stringify(mergeMetadata(current.metadata, changes.metadata)),
      now,
      projectId,
      name,
    );
  });
}

/** DELETE: only an empty container goes (409 otherwise). */
export function deleteContainer(db: Db, projectId: string, name: string): void {
  db.tx(() => {
    const container = getContainer(db, projectId, name);
    if (container.objectCount > 0) throw new SwiftError(409);
    db.run('DELETE FROM swift_containers WHERE project_id = ? AND name = ?', projectId, name);
  });
}

export function listContainers(db: Db, projectId: string, query: ListingQuery): Listed<Container>[] {
  const fetch = (after: string, inclusive: boolean, before: string | undefined, batch: number) =>
    mapRows(db.iterate<ContainerRow>(`SELECT * FROM swift_containers WHERE project_id = ? AND ${batchWhere(inclusive, before)} ORDER BY name LIMIT ?`, projectId, ...batchParams(after, before, batch)), toContainer);
  return walkListing(fetch, query);
}

/** Whether an ACL lets anyone read objects (`.r:*`) and list them (`.rlistings`). */
export function publicAccess(readAcl: string | null): { objects: boolean; listings: boolean } {
  const entries = (readAcl ?? '').split(',').map((entry) => entry.trim());
  const objects = entries.some((entry) => entry === '.r:*' || entry === '.referrer:*');
  return { objects, listings: objects && entries.includes('.rlistings') };
}
