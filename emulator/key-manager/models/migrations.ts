import type { Migration } from '../../store/db.js';

/**
 * Barbican's store: secrets with their payload (bytes and content type) and
 * user metadata, containers holding named references to secrets, the
 * consumers registered on a container (a load balancer using a
 * certificate), and the read ACL of a secret or container. Timestamps are
 * epoch milliseconds; `seq` keeps creation order for paging.
 */
export const keyManagerMigrations: Migration[] = [
  {
    id: '0001_barbican',
    sql: `
      CREATE TABLE km_secrets (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        creator_id TEXT NOT NULL,
        name TEXT,
        secret_type TEXT NOT NULL,
        algorithm TEXT,
        bit_length INTEGER,
        mode TEXT,
        expiration TEXT,
        status TEXT NOT NULL,
        payload BLOB,
        content_type TEXT,
        metadata TEXT NOT NULL DEFAULT '{}',
        seq INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX km_secrets_project ON km_secrets (project_id, seq);
      CREATE TABLE km_containers (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        creator_id TEXT NOT NULL,
        name TEXT,
        type TEXT NOT NULL,
        status TEXT NOT NULL,
        secret_refs TEXT NOT NULL,
        seq INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX km_containers_project ON km_containers (project_id, seq);
      CREATE TABLE km_consumers (
        container_id TEXT NOT NULL REFERENCES km_containers (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        url TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (container_id, name, url)
      );
      CREATE TABLE km_acls (
        entity_id TEXT PRIMARY KEY,
        project_access INTEGER NOT NULL,
        users TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
    `,
  },
];
