import { Conflict, Forbidden, NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import { ConflictDetail, type ImageViewer } from './images.js';
import { getNamespace, getObject, getProperty, type MetadefObject, type Namespace, type NamespaceDocument } from './metadefs.js';

/**
 * The writes of Glance's metadefs API below a namespace (glance/api/v2/
 * metadef_*.py): the namespace replaced by PUT, its objects, properties,
 * tags and resource type associations made, replaced and removed. Nothing
 * in a protected namespace may be removed; the wording is Glance's (its
 * conflicts below a namespace carry no webob explanation, unlike a namespace's).
 */

const protectedFrom = (kind: string, name: string) => new Forbidden(`Metadata definition ${kind} ${name} is protected and cannot be deleted.`);

/** `PUT /v2/metadefs/namespaces/{ns}`: the given attributes replace the old ones (a missing one is cleared); a new name moves everything below. */
export function replaceNamespace(db: Db, now: number, viewer: ImageViewer, name: string, doc: NamespaceDocument): Namespace {
  return db.tx(() => {
    const current = getNamespace(db, viewer, name);
    if (doc.namespace !== name) {
      if (db.get('SELECT 1 FROM metadef_namespaces WHERE namespace = ?', doc.namespace)) throw new ConflictDetail(`The metadata definition namespace=${doc.namespace} already exists.`);
      db.run('INSERT INTO metadef_namespaces (namespace, visibility, created_at, updated_at) VALUES (?, ?, ?, ?)', doc.namespace, current.visibility, current.createdAt, now);
      for (const table of ['metadef_namespace_resource_types', 'metadef_properties', 'metadef_objects', 'metadef_tags']) db.run(`UPDATE ${table} SET namespace = ? WHERE namespace = ?`, doc.namespace, name);
      db.run('DELETE FROM metadef_namespaces WHERE namespace = ?', name);
    }
    db.run(
      'UPDATE metadef_namespaces SET display_name = ?, description = ?, visibility = ?, protected = ?, owner = ?, updated_at = ? WHERE namespace = ?',
      doc.display_name ?? null,
      doc.description ?? null,
      doc.visibility ?? 'private',
      doc.protected ? 1 : 0,
      doc.owner ?? current.owner,
      now,
      doc.namespace,
    );
    return getNamespace(db, viewer, doc.namespace);
  });
}

// ---- objects

export type ObjectInput = Pick<MetadefObject, 'name' | 'description' | 'required' | 'properties'>;

const objectExists = (namespace: string, name: string) => new Conflict(`A metadata definition object with name=${name} already exists in namespace=${namespace}.`);

export function createObject(db: Db, now: number, namespace: Namespace, object: ObjectInput): MetadefObject {
  return db.tx(() => {
    if (db.get('SELECT 1 FROM metadef_objects WHERE namespace = ? AND name = ?', namespace.namespace, object.name)) throw objectExists(namespace.namespace, object.name);
    db.run(
      'INSERT INTO metadef_objects (namespace, name, description, required, json_schema, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      namespace.namespace,
      object.name,
      object.description,
      JSON.stringify(object.required),
      JSON.stringify(object.properties),
      now,
      now,
    );
    return getObject(db, namespace.namespace, object.name);
  });
}

/** PUT: the body replaces the object, its name included. */
export function replaceObject(db: Db, now: number, namespace: Namespace, name: string, object: ObjectInput): MetadefObject {
  return db.tx(() => {
    getObject(db, namespace.namespace, name);
    if (object.name !== name && db.get('SELECT 1 FROM metadef_objects WHERE namespace = ? AND name = ?', namespace.namespace, object.name)) throw objectExists(namespace.namespace, object.name);
    db.run(
      'UPDATE metadef_objects SET name = ?, description = ?, required = ?, json_schema = ?, updated_at = ? WHERE namespace = ? AND name = ?',
      object.name,
      object.description,
      JSON.stringify(object.required),
      JSON.stringify(object.properties),
      now,
      namespace.namespace,
      name,
    );
    return getObject(db, namespace.namespace, object.name);
  });
}

export function deleteObject(db: Db, namespace: Namespace, name: string): void {
  db.tx(() => {
    if (!db.get('SELECT 1 FROM metadef_objects WHERE namespace = ? AND name = ?', namespace.namespace, name)) throw new NotFound(`Could not find metadata object ${name}`);
    if (namespace.protected) throw protectedFrom('object', name);
    db.run('DELETE FROM metadef_objects WHERE namespace = ? AND name = ?', namespace.namespace, name);
  });
}

// ---- properties (a property is its JSON-schema fragment, kept under its name)

const propertyExists = (namespace: string, name: string) => new Conflict(`A metadata definition property with name=${name} already exists in namespace=${namespace}.`);

export function createProperty(db: Db, now: number, namespace: Namespace, name: string, schema: Record<string, unknown>): Record<string, unknown> {
  return db.tx(() => {
    if (db.get('SELECT 1 FROM metadef_properties WHERE namespace = ? AND name = ?', namespace.namespace, name)) throw propertyExists(namespace.namespace, name);
    db.run('INSERT INTO metadef_properties (namespace, name, json_schema, created_at, updated_at) VALUES (?, ?, ?, ?, ?)', namespace.namespace, name, JSON.stringify(schema), now, now);
    return getProperty(db, namespace.namespace, name);
  });
}

export function replaceProperty(db: Db, now: number, namespace: Namespace, name: string, newName: string, schema: Record<string, unknown>): Record<string, unknown> {
  return db.tx(() => {
    getProperty(db, namespace.namespace, name);
    if (newName !== name && db.get('SELECT 1 FROM metadef_properties WHERE namespace = ? AND name = ?', namespace.namespace, newName)) throw propertyExists(namespace.namespace, newName);
    db.run('UPDATE metadef_properties SET name = ?, json_schema = ?, updated_at = ? WHERE namespace = ? AND name = ?', newName, JSON.stringify(schema), now, namespace.namespace, name);
    return getProperty(db, namespace.namespace, newName);
  });
}

export function deleteProperty(db: Db, namespace: Namespace, name: string): void {
  db.tx(() => {
    if (!db.get('SELECT 1 FROM metadef_properties WHERE namespace = ? AND name = ?', namespace.namespace, name)) throw new NotFound(`Could not find property ${name}`);
    if (namespace.protected) throw protectedFrom('property', name);
    db.run('DELETE FROM metadef_properties WHERE namespace = ? AND name = ?', namespace.namespace, name);
  });
}

// ---- tags (names unique per namespace regardless of case)

export interface MetadefTag {
  name: string;
  createdAt: number;
  updatedAt: number;
}

const tagExists = (namespace: string, name: string) =>
  new Conflict(`A metadata tag with name=${name} already exists in namespace=${namespace}. (Please note that metadata tag names are case insensitive).`);

/** Newest first, as Glance lists them. */
export function listTags(db: Db, namespace: string): MetadefTag[] {
  return db
    .all<{ name: string; created_at: number; updated_at: number }>('SELECT * FROM metadef_tags WHERE namespace = ? ORDER BY created_at DESC, rowid DESC', namespace)
    .map((row) => ({ name: row.name, createdAt: row.created_at, updatedAt: row.updated_at }));
}

export function getTag(db: Db, namespace: string, name: string): MetadefTag {
  const found = listTags(db, namespace).find((tag) => tag.name.toLowerCase() === name.toLowerCase());
  if (!found) throw new NotFound(`Could not find metadata tag ${name}`);
  return found;
}

function insertTag(db: Db, now: number, namespace: string, name: string): void {
  if (db.get('SELECT 1 FROM metadef_tags WHERE namespace = ? AND name = ?', namespace, name)) throw tagExists(namespace, name);
  db.run('INSERT INTO metadef_tags (namespace, name, created_at, updated_at) VALUES (?, ?, ?, ?)', namespace, name, now, now);
}

export function createTag(db: Db, now: number, namespace: Namespace, name: string): MetadefTag {
  return db.tx(() => {
    insertTag(db, now, namespace.namespace, name);
    return getTag(db, namespace.namespace, name);
  });
}

/** `POST …/tags` with a list: the namespace's tags become these (all or none, 409 on a repeated name). */
export function replaceTags(db: Db, now: number, namespace: Namespace, names: string[]): void {
  db.tx(() => {
    db.run('DELETE FROM metadef_tags WHERE namespace = ?', namespace.namespace);
    for (const name of names) insertTag(db, now, namespace.namespace, name);
  });
}

export function renameTag(db: Db, now: number, namespace: Namespace, name: string, newName: string): MetadefTag {
  return db.tx(() => {
    const tag = getTag(db, namespace.namespace, name);
    if (newName.toLowerCase() !== tag.name.toLowerCase() && db.get('SELECT 1 FROM metadef_tags WHERE namespace = ? AND name = ?', namespace.namespace, newName)) {
      throw tagExists(namespace.namespace, newName);
    }
    db.run('UPDATE metadef_tags SET name = ?, updated_at = ? WHERE namespace = ? AND name = ?', newName, now, namespace.namespace, tag.name);
    return getTag(db, namespace.namespace, newName);
  });
}

export function deleteTag(db: Db, namespace: Namespace, name: string): void {
  db.tx(() => {
    const tag = getTag(db, namespace.namespace, name);
    if (namespace.protected) throw protectedFrom('tag', tag.name);
    db.run('DELETE FROM metadef_tags WHERE namespace = ? AND name = ?', namespace.namespace, tag.name);
  });
}

/** `DELETE …/tags`: all of them; a protected namespace refuses (Glance names the namespace). */
export function deleteAllTags(db: Db, namespace: Namespace): void {
  if (namespace.protected) throw protectedFrom('namespace', namespace.namespace);
  db.tx(() => db.run('DELETE FROM metadef_tags WHERE namespace = ?', namespace.namespace));
}

// ---- resource type associations

export interface AssociationInput {
  name: string;
  prefix: string | null;
  propertiesTarget: string | null;
}

/** A resource type not known yet is created with the association, as Glance does. */
export function associateResourceType(db: Db, now: number, namespace: Namespace, input: AssociationInput): void {
  db.tx(() => {
    if (db.get('SELECT 1 FROM metadef_namespace_resource_types WHERE namespace = ? AND resource_type = ?', namespace.namespace, input.name)) {
      throw new Conflict(`The metadata definition resource-type association of resource-type=${input.name} to namespace=${namespace.namespace} already exists.`);
    }
    db.run('INSERT OR IGNORE INTO metadef_resource_types (name, protected, created_at, updated_at) VALUES (?, 0, ?, ?)', input.name, now, now);
    db.run(
      'INSERT INTO metadef_namespace_resource_types (namespace, resource_type, prefix, properties_target, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      namespace.namespace,
      input.name,
      input.prefix,
      input.propertiesTarget,
      now,
      now,
    );
  });
}

export function dissociateResourceType(db: Db, namespace: Namespace, name: string): void {
  db.tx(() => {
    if (!db.get('SELECT 1 FROM metadef_namespace_resource_types WHERE namespace = ? AND resource_type = ?', namespace.namespace, name)) {
      throw new NotFound(`Failed to find resource type ${name} to delete`);
    }
    if (namespace.protected) throw protectedFrom('resource-type-association', name);
    db.run('DELETE FROM metadef_namespace_resource_types WHERE namespace = ? AND resource_type = ?', namespace.namespace, name);
  });
}
