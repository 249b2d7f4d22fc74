import type { Migration } from '../../store/db.js';

/**
 * Swift's account and container databases, as one SQLite: an account is a
 * project (implicit until it has metadata or containers, as with
 * account_autocreate), containers keep their object count and bytes used up
 * to date in the same transaction as every object write (so a HEAD on a
 * container of 100,000 objects reads one row), and names are TEXT compared
 * with BINARY collation, which is UTF-8 byte order, Swift's listing order.
 * Object bytes are files under <dataDir>/object-store/; `blob` names the file,
 * NULL for manifests. Timestamps are epoch milliseconds.
 */
export const objectStoreMigrations: Migration[] = [
  {
    id: '0001_swift',
    sql: `
      CREATE TABLE swift_accounts (
        project_id TEXT PRIMARY KEY,
        metadata TEXT NOT NULL DEFAULT '{}',
        created_at INTEGER NOT NULL
      );
      CREATE TABLE swift_containers (
        project_id TEXT NOT NULL,
        name TEXT NOT NULL,
        storage_policy TEXT NOT NULL,
        read_acl TEXT,
        write_acl TEXT,
        metadata TEXT NOT NULL DEFAULT '{}',
        object_count INTEGER NOT NULL DEFAULT 0,
        bytes_used INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (project_id, name)
      );
      CREATE TABLE swift_objects (
        project_id TEXT NOT NULL,
        container TEXT NOT NULL,
        name TEXT NOT NULL,
        bytes INTEGER NOT NULL,
        etag TEXT NOT NULL,
        content_type TEXT NOT NULL,
        metadata TEXT NOT NULL DEFAULT '{}',
        blob TEXT,
        manifest_kind TEXT,
        manifest TEXT,
        last_modified INTEGER NOT NULL,
        PRIMARY KEY (project_id, container, name),
        FOREIGN KEY (project_id, container) REFERENCES swift_containers (project_id, name)
      );
    `,
  },
];
