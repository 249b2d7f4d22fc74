import type { Migration } from '../../store/db.js';

/** Nova API database tables: key pairs (per user) and quotas. */
export const computeMigrations: Migration[] = [
  {
    id: '0001_initial',
    sql: `
      -- Key pairs belong to a user, not a project (nova_api.key_pairs).
      CREATE TABLE key_pairs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL,
        name TEXT NOT NULL,
        type TEXT NOT NULL CHECK (type IN ('ssh', 'x509')),
        public_key TEXT NOT NULL,
        fingerprint TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER,
        UNIQUE (user_id, name)
      );
      -- The default quota class (nova.conf [quota] defaults) and per-project overrides.
      CREATE TABLE quota_classes (
        class_name TEXT NOT NULL,
        resource TEXT NOT NULL,
        hard_limit INTEGER NOT NULL,
        PRIMARY KEY (class_name, resource)
      );
      CREATE TABLE quotas (
        project_id TEXT NOT NULL,
        resource TEXT NOT NULL,
        hard_limit INTEGER NOT NULL,
        PRIMARY KEY (project_id, resource)
      );
      INSERT INTO quota_classes (class_name, resource, hard_limit) VALUES
        ('default', 'instances', 10),
        ('default', 'cores', 20),
        ('default', 'ram', 51200),
        ('default', 'metadata_items', 128),
        ('default', 'injected_files', 5),
        ('default', 'injected_file_content_bytes', 10240),
        ('default', 'injected_file_path_length', 255),
        ('default', 'key_pairs', 100),
        ('default', 'server_groups', 10),
        ('default', 'server_group_members', 10);
    `,
  },
];
