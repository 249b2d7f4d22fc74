import type { Migration } from '../../store/db.js';

/**
 * Cinder's tables (prefixed `cinder_`, beside Nova's and Keystone's in the one
 * SQLite file). Volume and snapshot contents are files in the data directory
 * (models/blobs.ts), never rows. `status_until` is the emulator clock's time
 * (ms) when a transitional status (creating, extending, deleting) settles.
 */
export const volumeMigrations: Migration[] = [
  {
    id: '001-volumes',
    sql: `
      CREATE TABLE cinder_volume_types (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        description TEXT,
        is_public INTEGER NOT NULL DEFAULT 1,
        qos_specs_id TEXT,
        created_at INTEGER NOT NULL
      );
      -- Cinder's own migration creates the default type, __DEFAULT__, with a random uuid.
      INSERT INTO cinder_volume_types (id, name, description, is_public, created_at) VALUES (
        lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
          || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
        '__DEFAULT__', 'Default Volume Type', 1, CAST(strftime('%s', 'now') AS INTEGER) * 1000);
      CREATE TABLE cinder_volume_type_extra_specs (
        type_id TEXT NOT NULL REFERENCES cinder_volume_types(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (type_id, key)
      );
      CREATE TABLE cinder_volumes (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        name TEXT,
        description TEXT,
        size INTEGER NOT NULL,
        status TEXT NOT NULL,
        status_until INTEGER,
        -- creating: 'pending' while bytes are copied in, then 'done' or 'failed'
        copy_state TEXT NOT NULL DEFAULT 'done',
        availability_zone TEXT NOT NULL,
        type_id TEXT NOT NULL REFERENCES cinder_volume_types(id),
        snapshot_id TEXT,
        source_volid TEXT,
        image_id TEXT,
        image_metadata TEXT,
        bootable INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER
      );
      CREATE INDEX cinder_volumes_project ON cinder_volumes (project_id, created_at);
      CREATE TABLE cinder_volume_metadata (
        volume_id TEXT NOT NULL REFERENCES cinder_volumes(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (volume_id, key)
      );
      CREATE TABLE cinder_snapshots (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        volume_id TEXT NOT NULL REFERENCES cinder_volumes(id),
        name TEXT,
        description TEXT,
        size INTEGER NOT NULL,
        status TEXT NOT NULL,
        status_until INTEGER,
        copy_state TEXT NOT NULL DEFAULT 'done',
        created_at INTEGER NOT NULL,
        updated_at INTEGER
      );
      CREATE INDEX cinder_snapshots_project ON cinder_snapshots (project_id, created_at);
      CREATE TABLE cinder_snapshot_metadata (
        snapshot_id TEXT NOT NULL REFERENCES cinder_snapshots(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (snapshot_id, key)
      );
      CREATE TABLE cinder_quota_classes (
        resource TEXT PRIMARY KEY,
        hard_limit INTEGER NOT NULL
      );
      INSERT INTO cinder_quota_classes (resource, hard_limit) VALUES
        ('volumes', 10), ('per_volume_gigabytes', -1), ('snapshots', 10), ('gigabytes', 1000),
        ('backups', 10), ('backup_gigabytes', 1000), ('groups', 10);
      CREATE TABLE cinder_quotas (
        project_id TEXT NOT NULL,
        resource TEXT NOT NULL,
        hard_limit INTEGER NOT NULL,
        PRIMARY KEY (project_id, resource)
      );
      CREATE TABLE cinder_qos_specs (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        consumer TEXT NOT NULL,
        specs TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      -- What the demo seed made once, so that what a user deletes stays deleted.
      CREATE TABLE cinder_seeded (
        name TEXT PRIMARY KEY
      );
    `,
  },
  {
    id: '002-attachments',
    sql: `
      -- Volume attachments made by Nova (cinder.volume_attachment): a volume with one is in-use.
      CREATE TABLE cinder_attachments (
        id TEXT PRIMARY KEY,
        volume_id TEXT NOT NULL REFERENCES cinder_volumes(id) ON DELETE CASCADE,
        server_id TEXT NOT NULL,
        host_name TEXT,
        device TEXT NOT NULL,
        attached_at INTEGER NOT NULL
      );
      CREATE INDEX cinder_attachments_volume ON cinder_attachments (volume_id);
    `,
  },
  {
    id: '003-backups',
    sql: `
      -- Volume backups (cinder.backups). Their data is under <data dir>/backups/<id>/ (models/backup-store.ts).
      -- copy_state: 'pending' while data is being written (creating) or read back (restoring), then 'done' or 'failed'.
      -- volume_previous_status: what the volume goes back to after backing-up. source: the volume as it was backed up
      -- (name, description, metadata, image metadata), restored with the bytes as cinder-backup's metadata API does.
      CREATE TABLE cinder_backups (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        volume_id TEXT NOT NULL,
        snapshot_id TEXT,
        parent_id TEXT REFERENCES cinder_backups(id),
        name TEXT,
        description TEXT,
        container TEXT,
        availability_zone TEXT,
        status TEXT NOT NULL,
        status_until INTEGER,
        copy_state TEXT NOT NULL DEFAULT 'pending',
        fail_reason TEXT,
        size INTEGER NOT NULL,
        object_count INTEGER NOT NULL DEFAULT 0,
        volume_previous_status TEXT,
        restore_volume_id TEXT,
        source TEXT NOT NULL DEFAULT '{}',
        metadata TEXT NOT NULL DEFAULT '{}',
        data_timestamp INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER
      );
      CREATE INDEX cinder_backups_project ON cinder_backups (project_id, created_at);
      CREATE INDEX cinder_backups_volume ON cinder_backups (volume_id);
    `,
  },
];
