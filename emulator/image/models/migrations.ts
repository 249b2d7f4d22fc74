import type { Migration } from '../../store/db.js';

/**
 * Glance's tables (glance/db/sqlalchemy/models.py, models_metadef.py), trimmed
 * to what the v2 API shows. Images are soft-deleted as in Glance: the row
 * stays with `deleted = 1` and status `deleted`, its data file is removed.
 * Timestamps are epoch milliseconds.
 */
export const imageMigrations: Migration[] = [
  {
    id: '0001_images',
    sql: `
      CREATE TABLE images (
        id TEXT PRIMARY KEY,
        name TEXT,
        status TEXT NOT NULL,
        visibility TEXT NOT NULL,
        protected INTEGER NOT NULL DEFAULT 0,
        os_hidden INTEGER NOT NULL DEFAULT 0,
        disk_format TEXT,
        container_format TEXT,
        size INTEGER,
        virtual_size INTEGER,
        min_disk INTEGER NOT NULL DEFAULT 0,
        min_ram INTEGER NOT NULL DEFAULT 0,
        checksum TEXT,
        os_hash_algo TEXT,
        os_hash_value TEXT,
        owner TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        deleted INTEGER NOT NULL DEFAULT 0,
        deleted_at INTEGER
      );
      CREATE INDEX images_owner ON images (owner);
      CREATE TABLE image_properties (
        image_id TEXT NOT NULL REFERENCES images (id),
        name TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (image_id, name)
      );
      CREATE TABLE image_tags (
        image_id TEXT NOT NULL REFERENCES images (id),
        value TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (image_id, value)
      );
      CREATE TABLE image_members (
        image_id TEXT NOT NULL REFERENCES images (id),
        member TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (image_id, member)
      );
    `,
  },
  {
    id: '0002_metadefs',
    sql: `
      CREATE TABLE metadef_namespaces (
        namespace TEXT PRIMARY KEY,
        display_name TEXT,
        description TEXT,
        visibility TEXT NOT NULL,
        protected INTEGER NOT NULL DEFAULT 0,
        owner TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE metadef_resource_types (
        name TEXT PRIMARY KEY,
        protected INTEGER NOT NULL DEFAULT 1,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE metadef_namespace_resource_types (
        namespace TEXT NOT NULL REFERENCES metadef_namespaces (namespace) ON DELETE CASCADE,
        resource_type TEXT NOT NULL REFERENCES metadef_resource_types (name),
        prefix TEXT,
        properties_target TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (namespace, resource_type)
      );
      CREATE TABLE metadef_properties (
        namespace TEXT NOT NULL REFERENCES metadef_namespaces (namespace) ON DELETE CASCADE,
        name TEXT NOT NULL,
        json_schema TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (namespace, name)
      );
      CREATE TABLE metadef_objects (
        namespace TEXT NOT NULL REFERENCES metadef_namespaces (namespace) ON DELETE CASCADE,
        name TEXT NOT NULL,
        description TEXT,
        required TEXT NOT NULL DEFAULT '[]',
        json_schema TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (namespace, name)
      );
    `,
  },
  {
    // Metadef tags (glance's metadef_tags): names unique per namespace, case-insensitively.
    id: '0003_metadef_tags',
    sql: `
      CREATE TABLE metadef_tags (
        namespace TEXT NOT NULL REFERENCES metadef_namespaces (namespace) ON DELETE CASCADE,
        name TEXT NOT NULL COLLATE NOCASE,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (namespace, name)
      );
    `,
  },
];
