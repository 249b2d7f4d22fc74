import type { Migration } from '../../store/db.js';

/** Nova API and cell database tables: key pairs (per user), quotas, flavors, server groups and servers. */
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
  {
    id: '0002_flavors_server_groups',
    sql: `
      -- nova_api.flavors. MySQL's default collation makes flavorid and name
      -- case-insensitive (unique and looked up so): NOCASE does the same here.
      CREATE TABLE flavors (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        flavorid TEXT NOT NULL COLLATE NOCASE UNIQUE,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE,
        memory_mb INTEGER NOT NULL,
        vcpus INTEGER NOT NULL,
        root_gb INTEGER NOT NULL,
        ephemeral_gb INTEGER NOT NULL DEFAULT 0,
        swap INTEGER NOT NULL DEFAULT 0,
        rxtx_factor REAL NOT NULL DEFAULT 1.0,
        vcpu_weight INTEGER,
        disabled INTEGER NOT NULL DEFAULT 0,
        is_public INTEGER NOT NULL DEFAULT 1,
        description TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER
      );
      CREATE TABLE flavor_extra_specs (
        flavor_id INTEGER NOT NULL REFERENCES flavors (id) ON DELETE CASCADE,
        key TEXT NOT NULL COLLATE NOCASE,
        value TEXT,
        PRIMARY KEY (flavor_id, key)
      );
      -- Projects given access to a private flavor (nova_api.flavor_projects).
      CREATE TABLE flavor_projects (
        flavor_id INTEGER NOT NULL REFERENCES flavors (id) ON DELETE CASCADE,
        project_id TEXT NOT NULL COLLATE NOCASE,
        PRIMARY KEY (flavor_id, project_id)
      );
      -- The demo flavors the seed made once, so a deleted one stays deleted after a restart.
      CREATE TABLE seeded_flavors (
        flavorid TEXT PRIMARY KEY
      );
      -- Server groups (nova_api.instance_groups with its one policy row folded in).
      CREATE TABLE instance_groups (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        uuid TEXT NOT NULL UNIQUE,
        name TEXT,
        user_id TEXT NOT NULL,
        project_id TEXT NOT NULL,
        policy TEXT NOT NULL CHECK (policy IN ('affinity', 'anti-affinity', 'soft-affinity', 'soft-anti-affinity')),
        rules TEXT NOT NULL DEFAULT '{}',
        created_at INTEGER NOT NULL,
        updated_at INTEGER
      );
      CREATE INDEX instance_groups_project ON instance_groups (project_id);
      CREATE TABLE instance_group_members (
        group_id INTEGER NOT NULL REFERENCES instance_groups (id) ON DELETE CASCADE,
        instance_uuid TEXT NOT NULL,
        PRIMARY KEY (group_id, instance_uuid)
      );
    `,
  },
  {
    id: '0003_servers',
    sql: `
      -- Instances (nova.instances), with the flavor as it was at boot (instance_extra.flavor) and
      -- the transition in progress, settled against the emulator clock (lifecycle.ts).
      CREATE TABLE instances (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        uuid TEXT NOT NULL UNIQUE,
        project_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        display_name TEXT NOT NULL,
        display_description TEXT,
        hostname TEXT NOT NULL,
        image_ref TEXT NOT NULL DEFAULT '',
        flavor TEXT NOT NULL,
        old_flavor TEXT,
        new_flavor TEXT,
        vcpus INTEGER NOT NULL,
        memory_mb INTEGER NOT NULL,
        key_name TEXT,
        key_data TEXT,
        key_fingerprint TEXT,
        user_data TEXT,
        config_drive TEXT NOT NULL DEFAULT '',
        disk_config TEXT NOT NULL DEFAULT 'MANUAL',
        availability_zone TEXT NOT NULL,
        host TEXT,
        vm_state TEXT NOT NULL,
        task_state TEXT,
        power_state INTEGER NOT NULL DEFAULT 0,
        transition TEXT,
        transition_start INTEGER,
        transition_until INTEGER,
        fault TEXT,
        locked INTEGER NOT NULL DEFAULT 0,
        launch_index INTEGER NOT NULL DEFAULT 0,
        reservation_id TEXT NOT NULL,
        security_groups TEXT NOT NULL DEFAULT '[]',
        password TEXT NOT NULL DEFAULT '',
        launched_at INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER
      );
      CREATE INDEX instances_project ON instances (project_id);
      CREATE INDEX instances_transition ON instances (transition_until) WHERE transition IS NOT NULL;
      CREATE TABLE instance_metadata (
        instance_uuid TEXT NOT NULL REFERENCES instances (uuid) ON DELETE CASCADE,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (instance_uuid, key)
      );
      -- The ports of a server; preexisting ones were given by the caller and are only unbound at delete.
      CREATE TABLE instance_ports (
        instance_uuid TEXT NOT NULL REFERENCES instances (uuid) ON DELETE CASCADE,
        port_id TEXT NOT NULL,
        preexisting INTEGER NOT NULL,
        position INTEGER NOT NULL,
        PRIMARY KEY (instance_uuid, port_id)
      );
      -- Volumes of a server (nova.block_device_mapping); pending: created for the boot, not yet attached.
      CREATE TABLE block_device_mappings (
        instance_uuid TEXT NOT NULL REFERENCES instances (uuid) ON DELETE CASCADE,
        volume_id TEXT NOT NULL,
        device_name TEXT NOT NULL,
        boot_index INTEGER,
        source_type TEXT NOT NULL,
        delete_on_termination INTEGER NOT NULL DEFAULT 0,
        attachment_id TEXT,
        pending INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (instance_uuid, volume_id)
      );
      -- os-instance-actions: kept after the server is gone, as Nova keeps them for deleted instances.
      CREATE TABLE instance_actions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        instance_uuid TEXT NOT NULL,
        action TEXT NOT NULL,
        request_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        project_id TEXT NOT NULL,
        start_time INTEGER NOT NULL,
        finish_time INTEGER,
        message TEXT
      );
      CREATE INDEX instance_actions_instance ON instance_actions (instance_uuid);
      -- Console access tokens (nova.console_auth_tokens): only the hash is stored.
      CREATE TABLE console_auth_tokens (
        token_hash TEXT PRIMARY KEY,
        instance_uuid TEXT NOT NULL REFERENCES instances (uuid) ON DELETE CASCADE,
        console_type TEXT NOT NULL,
        expires INTEGER NOT NULL
      );
    `,
  },
  {
    id: '0004_access_ips_lock',
    // The addresses a user declares for reaching the server (accessIPv4/accessIPv6), kept as given; who locked it (owner or admin) and why.
    sql: `
      ALTER TABLE instances ADD COLUMN access_ip_v4 TEXT NOT NULL DEFAULT '';
      ALTER TABLE instances ADD COLUMN access_ip_v6 TEXT NOT NULL DEFAULT '';
      ALTER TABLE instances ADD COLUMN locked_by TEXT;
      ALTER TABLE instances ADD COLUMN locked_reason TEXT;
    `,
  },
  {
    id: '0005_usage_terminated',
    // os-simple-tenant-usage counts a deleted server's hours until its deletion: what it was is kept when its row goes.
    sql: `
      CREATE TABLE instance_usage_terminated (
        uuid TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        display_name TEXT NOT NULL,
        flavor TEXT NOT NULL,
        vcpus INTEGER NOT NULL,
        memory_mb INTEGER NOT NULL,
        launched_at INTEGER,
        created_at INTEGER NOT NULL,
        terminated_at INTEGER NOT NULL
      );
      CREATE INDEX instance_usage_terminated_period ON instance_usage_terminated (terminated_at);
    `,
  },
  {
    id: '0006_target_host',
    // Where a migration or an unshelve is taking the server, until the transition lands it there.
    sql: `ALTER TABLE instances ADD COLUMN target_host TEXT;`,
  },
  {
    id: '0007_aggregates',
    // Host aggregates (os-aggregates): a name, hosts and metadata; the availability_zone key makes its hosts a zone.
    sql: `
      CREATE TABLE aggregates (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        uuid TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL UNIQUE,
        metadata TEXT NOT NULL DEFAULT '{}',
        created_at INTEGER NOT NULL,
        updated_at INTEGER
      );
      CREATE TABLE aggregate_hosts (
        aggregate_id INTEGER NOT NULL REFERENCES aggregates (id) ON DELETE CASCADE,
        host TEXT NOT NULL,
        PRIMARY KEY (aggregate_id, host)
      );
    `,
  },
];
