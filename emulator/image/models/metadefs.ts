import { BadRequest, Forbidden, NotFound } from '../../core/errors.js';
import { ConflictDetail } from './images.js';
import type { Db } from '../../store/db.js';
import type { ImageViewer } from './images.js';

/**
 * Metadata definitions (glance/api/v2/metadef_*.py): namespaces associated
 * with resource types (with a prefix and a properties_target), holding
 * properties (JSON-schema fragments: string, integer, number, boolean, array
 * with enum items, operators) and objects (named groups of properties).
 */

export interface ResourceTypeAssociation {
  name: string;
  prefix: string | null;
  propertiesTarget: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface MetadefObject {
  name: string;
  description: string | null;
  required: string[];
  properties: Record<string, Record<string, unknown>>;
  createdAt: number;
  updatedAt: number;
}

export interface Namespace {
  namespace: string;
  displayName: string | null;
  description: string | null;
  visibility: 'public' | 'private';
  protected: boolean;
  owner: string | null;
  createdAt: number;
  updatedAt: number;
  resourceTypes: ResourceTypeAssociation[];
}

interface NamespaceRow {
  namespace: string;
  display_name: string | null;
  description: string | null;
  visibility: 'public' | 'private';
  protected: number;
  owner: string | null;
  created_at: number;
  updated_at: number;
}

function toNamespace(db: Db, row: NamespaceRow): Namespace {
  return {
    namespace: row.namespace,
    displayName: row.display_name,
    description: row.description,
    visibility: row.visibility,
    protected: Boolean(row.protected),
    owner: row.owner,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    resourceTypes: db
      .all<{ resource_type: string; prefix: string | null; properties_target: string | null; created_at: number; updated_at: number }>(
        'SELECT * FROM metadef_namespace_resource_types WHERE namespace = ? ORDER BY rowid',
        row.namespace,
      )
      .map((assoc) => ({ name: assoc.resource_type, prefix: assoc.prefix, propertiesTarget: assoc.properties_target, createdAt: assoc.created_at, updatedAt: assoc.updated_at })),
  };
}

const visibleTo = (viewer: ImageViewer, row: NamespaceRow) => viewer.isAdmin || row.visibility === 'public' || (row.owner !== null && row.owner === viewer.projectId);

export function getNamespace(db: Db, viewer: ImageViewer, name: string): Namespace {
  const row = db.get<NamespaceRow>('SELECT * FROM metadef_namespaces WHERE namespace = ?', name);
  if (!row || !visibleTo(viewer, row)) throw new NotFound(`Metadata definition namespace=${name} was not found.`);
  return toNamespace(db, row);
}

export interface NamespaceQuery {
  resourceTypes?: string[];
  visibility?: 'public' | 'private';
  sortKey: 'namespace' | 'created_at' | 'updated_at' | 'display_name';
  sortDir: 'asc' | 'desc';
  marker?: string;
  limit: number;
}

export function listNamespaces(db: Db, viewer: ImageViewer, query: NamespaceQuery): { namespaces: Namespace[]; more: boolean } {
  let namespaces = db
    .all<NamespaceRow>('SELECT * FROM metadef_namespaces')
    .filter((row) => visibleTo(viewer, row) && (!query.visibility || row.visibility === query.visibility))
    .map((row) => toNamespace(db, row))
    .filter((ns) => !query.resourceTypes?.length || ns.resourceTypes.some((assoc) => query.resourceTypes!.includes(assoc.name)));
  const key = { namespace: 'namespace', created_at: 'createdAt', updated_at: 'updatedAt', display_name: 'displayName' }[query.sortKey] as keyof Namespace;
  const sign = query.sortDir === 'asc' ? 1 : -1;
  namespaces.sort((a, b) => {
    const left = (a[key] ?? '') as string | number;
    const right = (b[key] ?? '') as string | number;
    return sign * (left < right ? -1 : left > right ? 1 : a.namespace < b.namespace ? -1 : a.namespace > b.namespace ? 1 : 0);
  });
  if (query.marker) {
    const index = namespaces.findIndex((ns) => ns.namespace === query.marker);
    if (index < 0) throw new BadRequest(`Metadata definition namespace=${query.marker} was not found.`);
    namespaces = namespaces.slice(index + 1);
  }
  return { namespaces: namespaces.slice(0, query.limit), more: namespaces.length > query.limit };
}

export function listProperties(db: Db, namespace: string): Record<string, Record<string, unknown>> {
  const result: Record<string, Record<string, unknown>> = {};
  for (const row of db.all<{ name: string; json_schema: string }>('SELECT name, json_schema FROM metadef_properties WHERE namespace = ? ORDER BY rowid', namespace)) {
    result[row.name] = JSON.parse(row.json_schema) as Record<string, unknown>;
  }
  return result;
}

export function getProperty(db: Db, namespace: string, name: string): Record<string, unknown> {
  const row = db.get<{ json_schema: string }>('SELECT json_schema FROM metadef_properties WHERE namespace = ? AND name = ?', namespace, name);
  if (!row) throw new NotFound(`Metadata definition property=${name} not found in namespace=${namespace}.`);
  return JSON.parse(row.json_schema) as Record<string, unknown>;
}

export function listObjects(db: Db, namespace: string): MetadefObject[] {
  return db
    .all<{ name: string; description: string | null; required: string; json_schema: string; created_at: number; updated_at: number }>(
      'SELECT * FROM metadef_objects WHERE namespace = ? ORDER BY rowid',
      namespace,
    )
    .map((row) => ({
      name: row.name,
      description: row.description,
      required: JSON.parse(row.required) as string[],
      properties: JSON.parse(row.json_schema) as Record<string, Record<string, unknown>>,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
}

export function getObject(db: Db, namespace: string, name: string): MetadefObject {
  const found = listObjects(db, namespace).find((object) => object.name === name);
  if (!found) throw new NotFound(`Metadata definition object=${name} not found in namespace=${namespace}.`);
  return found;
}

export function listResourceTypes(db: Db): { name: string; createdAt: number; updatedAt: number }[] {
  return db
    .all<{ name: string; created_at: number; updated_at: number }>('SELECT * FROM metadef_resource_types ORDER BY name')
    .map((row) => ({ name: row.name, createdAt: row.created_at, updatedAt: row.updated_at }));
}

/** A namespace file as Glance ships it in etc/metadefs/*.json (glance-manage db load_metadefs). */
export interface NamespaceDocument {
  namespace: string;
  display_name?: string;
  description?: string;
  visibility?: 'public' | 'private';
  protected?: boolean;
  owner?: string;
  resource_type_associations?: { name: string; prefix?: string; properties_target?: string }[];
  properties?: Record<string, Record<string, unknown>>;
  objects?: { name: string; description?: string; required?: string[]; properties?: Record<string, Record<string, unknown>> }[];
  tags?: { name: string }[];
}

/** Loads one namespace document unless the namespace exists (so what an admin changed stays changed). */
export function loadNamespace(db: Db, now: number, doc: NamespaceDocument): boolean {
  if (db.get('SELECT 1 FROM metadef_namespaces WHERE namespace = ?', doc.namespace)) return false;
  db.tx(() => {
    db.run(
      'INSERT INTO metadef_namespaces (namespace, display_name, description, visibility, protected, owner, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      doc.namespace,
      doc.display_name ?? null,
      doc.description ?? null,
      doc.visibility ?? 'public',
      doc.protected ? 1 : 0,
      doc.owner ?? null,
      now,
      now,
    );
    for (const assoc of doc.resource_type_associations ?? []) {
      if (!db.get('SELECT 1 FROM metadef_resource_types WHERE name = ?', assoc.name)) {
        db.run('INSERT INTO metadef_resource_types (name, protected, created_at, updated_at) VALUES (?, 1, ?, ?)', assoc.name, now, now);
      }
      db.run(
        'INSERT INTO metadef_namespace_resource_types (namespace, resource_type, prefix, properties_target, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
        doc.namespace,
        assoc.name,
        assoc.prefix ?? null,
        assoc.properties_target ?? null,
        now,
        now,
      );
    }
    for (const [name, schema] of Object.entries(doc.properties ?? {})) {
      db.run('INSERT INTO metadef_properties (namespace, name, json_schema, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', doc.namespace, name, JSON.stringify(schema), now, now);
    }
    for (const tag of doc.tags ?? []) db.run('INSERT INTO metadef_tags (namespace, name, created_at, updated_at) VALUES (?, ?, ?, ?)', doc.namespace, tag.name, now, now);
    for (const object of doc.objects ?? []) {
      db.run(
        'INSERT INTO metadef_objects (namespace, name, description, required, json_schema, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        doc.namespace,
        object.name,
        object.description ?? null,
        JSON.stringify(object.required ?? []),
        JSON.stringify(object.properties ?? {}),
        now,
        now,
      );
    }
  });
  return true;
}

/** `POST /v2/metadefs/namespaces` (admin): 409 when the name is taken. */
export function createNamespace(db: Db, now: number, doc: NamespaceDocument): Namespace {
  return db.tx(() => {
    if (db.get('SELECT 1 FROM metadef_namespaces WHERE namespace = ?', doc.namespace)) {
      throw new ConflictDetail(`The metadata definition namespace=${doc.namespace} already exists.`);
    }
    loadNamespace(db, now, doc);
    return getNamespace(db, { isAdmin: true, projectId: null }, doc.namespace);
  });
}

/** `DELETE /v2/metadefs/namespaces/{ns}` (admin): its properties, objects and associations go with it; 403 when protected. */
export function deleteNamespace(db: Db, viewer: ImageViewer, name: string): void {
  const namespace = getNamespace(db, viewer, name);
  if (namespace.protected) throw new Forbidden(`Metadata definition namespace ${name} is protected and cannot be deleted.`);
  db.tx(() => db.run('DELETE FROM metadef_namespaces WHERE namespace = ?', name));
}
