import type { Migration } from '../../store/db.js';

/** Keystone's tables: resources (domains, projects), identity, assignments, catalog, tokens. */
export const identityMigrations: Migration[] = [
  {
    id: '0001_initial',
    sql: `
      CREATE TABLE domains (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        description TEXT NOT NULL DEFAULT '',
        enabled INTEGER NOT NULL DEFAULT 1
      );
      CREATE TABLE projects (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        domain_id TEXT NOT NULL REFERENCES domains(id),
        description TEXT NOT NULL DEFAULT '',
        enabled INTEGER NOT NULL DEFAULT 1,
        UNIQUE (domain_id, name)
      );
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        domain_id TEXT NOT NULL REFERENCES domains(id),
        enabled INTEGER NOT NULL DEFAULT 1,
        password_hash TEXT,
        default_project_id TEXT REFERENCES projects(id) ON DELETE SET NULL,
        created_at INTEGER NOT NULL,
        UNIQUE (domain_id, name)
      );
      CREATE TABLE roles (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        description TEXT,
        immutable INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE implied_roles (
        prior_role_id TEXT NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        implied_role_id TEXT NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        PRIMARY KEY (prior_role_id, implied_role_id)
      );
      -- target_type: 'project' or 'domain'; actor is a user (groups come later).
      CREATE TABLE role_assignments (
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        target_type TEXT NOT NULL CHECK (target_type IN ('project', 'domain')),
        target_id TEXT NOT NULL,
        role_id TEXT NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, target_type, target_id, role_id)
      );
      CREATE INDEX role_assignments_target ON role_assignments (target_type, target_id);
      CREATE TABLE regions (
        id TEXT PRIMARY KEY,
        description TEXT NOT NULL DEFAULT ''
      );
      CREATE TABLE services (
        id TEXT PRIMARY KEY,
        type TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        enabled INTEGER NOT NULL DEFAULT 1
      );
      -- url_path is appended to the emulator's public URL when the catalog is rendered.
      CREATE TABLE endpoints (
        id TEXT PRIMARY KEY,
        service_id TEXT NOT NULL REFERENCES services(id) ON DELETE CASCADE,
        interface TEXT NOT NULL CHECK (interface IN ('public', 'internal', 'admin')),
        region_id TEXT NOT NULL REFERENCES regions(id),
        url_path TEXT NOT NULL,
        enabled INTEGER NOT NULL DEFAULT 1,
        UNIQUE (service_id, interface, region_id)
      );
      -- Tokens are opaque; only a SHA-256 of each is kept.
      CREATE TABLE tokens (
        id_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        project_id TEXT,
        domain_id TEXT,
        methods TEXT NOT NULL,
        audit_ids TEXT NOT NULL,
        issued_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        revoked_at INTEGER
      );
      CREATE INDEX tokens_expiry ON tokens (expires_at);
    `,
  },
];

/** Keystone administration: user and project attributes, domain-specific roles, groups and group grants. */
identityMigrations.push({
  id: '0002_identity_admin',
  sql: `
    ALTER TABLE users ADD COLUMN email TEXT;
    ALTER TABLE users ADD COLUMN description TEXT;
    ALTER TABLE users ADD COLUMN password_expires_at INTEGER;
    ALTER TABLE projects ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE roles ADD COLUMN domain_id TEXT REFERENCES domains(id) ON DELETE CASCADE;
    CREATE TABLE groups (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      domain_id TEXT NOT NULL REFERENCES domains(id) ON DELETE CASCADE,
      description TEXT NOT NULL DEFAULT '',
      UNIQUE (domain_id, name)
    );
    CREATE TABLE group_members (
      group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      PRIMARY KEY (group_id, user_id)
    );
    CREATE TABLE group_assignments (
      group_id TEXT NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
      target_type TEXT NOT NULL CHECK (target_type IN ('project', 'domain')),
      target_id TEXT NOT NULL,
      role_id TEXT NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
      PRIMARY KEY (group_id, target_type, target_id, role_id)
    );
    CREATE INDEX group_assignments_target ON group_assignments (target_type, target_id);
  `,
});

/**
 * Catalog administration (regions with parents, services with description and
 * extra attributes, endpoints with their own URL or none of a region) and the
 * smaller Keystone resources kept as JSON documents: credentials (EC2 ones
 * too), policies, OAuth1 consumers, endpoint groups.
 */
identityMigrations.push({
  id: '0003_catalog_admin_documents',
  sql: `
    ALTER TABLE regions ADD COLUMN parent_region_id TEXT;
    ALTER TABLE services ADD COLUMN extra TEXT NOT NULL DEFAULT '{}';
    CREATE TABLE endpoints_new (
      id TEXT PRIMARY KEY,
      service_id TEXT NOT NULL REFERENCES services(id) ON DELETE CASCADE,
      interface TEXT NOT NULL CHECK (interface IN ('public', 'internal', 'admin')),
      region_id TEXT REFERENCES regions(id),
      url_path TEXT NOT NULL DEFAULT '',
      -- An endpoint an administrator registered keeps its absolute URL; the built-in ones have url NULL.
      url TEXT,
      enabled INTEGER NOT NULL DEFAULT 1,
      extra TEXT NOT NULL DEFAULT '{}'
    );
    INSERT INTO endpoints_new (id, service_id, interface, region_id, url_path, enabled) SELECT id, service_id, interface, region_id, url_path, enabled FROM endpoints;
    DROP TABLE endpoints;
    ALTER TABLE endpoints_new RENAME TO endpoints;
    CREATE TABLE keystone_documents (
      kind TEXT NOT NULL,
      id TEXT NOT NULL,
      body TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (kind, id)
    );
  `,
});

/** A project's parent in the hierarchy (null: the domain is its parent), and the attributes a user was given beyond Keystone's own. */
identityMigrations.push({
  id: '0004_project_parent_user_extra',
  sql: `
    ALTER TABLE projects ADD COLUMN parent_id TEXT REFERENCES projects(id);
    ALTER TABLE users ADD COLUMN extra TEXT NOT NULL DEFAULT '{}';
  `,
});

/**
 * Application credentials (keystone.application_credential): a user's secret
 * (scrypt-hashed like passwords) bound to one project and a subset of the
 * user's roles there (role ids as JSON); tokens issued with one name it.
 */
identityMigrations.push({
  id: '0005_application_credentials',
  sql: `
    CREATE TABLE application_credentials (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      project_id TEXT NOT NULL,
      description TEXT,
      secret_hash TEXT NOT NULL,
      expires_at INTEGER,
      unrestricted INTEGER NOT NULL DEFAULT 0,
      roles TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      UNIQUE (user_id, name)
    );
    ALTER TABLE tokens ADD COLUMN application_credential_id TEXT;
  `,
});

/**
 * OS-INHERIT grants (models/inherited-grants.ts): a role given to a user or
 * group on a domain or project for the projects below it. The actor and the
 * target are one of two tables each, so triggers remove a grant with them.
 */
identityMigrations.push({
  id: '0006_inherited_assignments',
  sql: `
    CREATE TABLE inherited_assignments (
      actor_type TEXT NOT NULL CHECK (actor_type IN ('user', 'group')),
      actor_id TEXT NOT NULL,
      target_type TEXT NOT NULL CHECK (target_type IN ('project', 'domain')),
      target_id TEXT NOT NULL,
      role_id TEXT NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
      PRIMARY KEY (actor_type, actor_id, target_type, target_id, role_id)
    );
    CREATE TRIGGER inherited_assignments_user AFTER DELETE ON users
      BEGIN DELETE FROM inherited_assignments WHERE actor_type = 'user' AND actor_id = OLD.id; END;
    CREATE TRIGGER inherited_assignments_group AFTER DELETE ON groups
      BEGIN DELETE FROM inherited_assignments WHERE actor_type = 'group' AND actor_id = OLD.id; END;
    CREATE TRIGGER inherited_assignments_project AFTER DELETE ON projects
      BEGIN DELETE FROM inherited_assignments WHERE target_type = 'project' AND target_id = OLD.id; END;
    CREATE TRIGGER inherited_assignments_domain AFTER DELETE ON domains
      BEGIN DELETE FROM inherited_assignments WHERE target_type = 'domain' AND target_id = OLD.id; END;
  `,
});

/**
 * Role inference rules made through the API were kept as documents while
 * tokens read the implied_roles table (where the seeded admin ⇒ member ⇒
 * reader live): one store now, the table.
 */
identityMigrations.push({
  id: '0007_implied_roles_one_store',
  sql: `
    INSERT OR IGNORE INTO implied_roles (prior_role_id, implied_role_id)
      SELECT json_extract(body, '$.prior'), json_extract(body, '$.implied') FROM keystone_documents
      WHERE kind = 'implied_role' AND json_extract(body, '$.prior') IN (SELECT id FROM roles) AND json_extract(body, '$.implied') IN (SELECT id FROM roles);
    DELETE FROM keystone_documents WHERE kind = 'implied_role';
  `,
});

/**
 * OS-EP-FILTER: which projects an endpoint group (a keystone_documents row)
 * is associated with; a project's token catalog is then narrowed to the
 * endpoints its groups select. Goes with the project.
 */
identityMigrations.push({
  id: '0008_endpoint_group_projects',
  sql: `
    CREATE TABLE endpoint_group_projects (
      endpoint_group_id TEXT NOT NULL,
      project_id TEXT NOT NULL,
      PRIMARY KEY (endpoint_group_id, project_id)
    );
    CREATE TRIGGER endpoint_group_projects_project AFTER DELETE ON projects
      BEGIN DELETE FROM endpoint_group_projects WHERE project_id = OLD.id; END;
  `,
});

/**
 * Role grants on the system (`/v3/system/{users|groups}/{id}/roles`): Keystone
 * has one system target, "all". Triggers remove a grant with its actor.
 */
identityMigrations.push({
  id: '0009_system_assignments',
  sql: `
    CREATE TABLE system_assignments (
      actor_type TEXT NOT NULL CHECK (actor_type IN ('user', 'group')),
      actor_id TEXT NOT NULL,
      role_id TEXT NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
      PRIMARY KEY (actor_type, actor_id, role_id)
    );
    CREATE TRIGGER system_assignments_user AFTER DELETE ON users
      BEGIN DELETE FROM system_assignments WHERE actor_type = 'user' AND actor_id = OLD.id; END;
    CREATE TRIGGER system_assignments_group AFTER DELETE ON groups
      BEGIN DELETE FROM system_assignments WHERE actor_type = 'group' AND actor_id = OLD.id; END;
  `,
});

/**
 * System-scoped tokens (`"scope": {"system": {"all": true}}`) and OS-EP-FILTER
 * project-endpoint associations (`/v3/OS-EP-FILTER/projects/{p}/endpoints/{e}`,
 * Keystone's project_endpoint table). An association goes with its project or
 * endpoint, as Keystone's delete callbacks remove it.
 */
identityMigrations.push({
  id: '0010_system_tokens_project_endpoints',
  sql: `
    ALTER TABLE tokens ADD COLUMN system INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE project_endpoints (
      endpoint_id TEXT NOT NULL,
      project_id TEXT NOT NULL,
      PRIMARY KEY (endpoint_id, project_id)
    );
    CREATE TRIGGER project_endpoints_project AFTER DELETE ON projects
      BEGIN DELETE FROM project_endpoints WHERE project_id = OLD.id; END;
    CREATE TRIGGER project_endpoints_endpoint AFTER DELETE ON endpoints
      BEGIN DELETE FROM project_endpoints WHERE endpoint_id = OLD.id; END;
  `,
});
