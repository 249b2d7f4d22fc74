import type { Migration } from '../../store/db.js';

/**
 * Heat's engine database, small: a stack keeps its template and environment
 * as sent (JSON), the parameter values in force, and its action/status; a
 * resource row is one logical resource of the current template with the
 * physical id it made and what its handler keeps (`data`: attributes such as
 * a random string's value); events are append-only. Deleted stacks stay
 * (deleted_at set), as Heat shows them by id until purged. Times are epoch ms.
 * `pending` marks a resource the running update must delete ('remove'),
 * delete and create again from the new template ('replace'), or change in
 * place ('update').
 */
export const orchestrationMigrations: Migration[] = [
  {
    id: '0001_heat',
    sql: `
      CREATE TABLE heat_stacks (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        user_id TEXT NOT NULL,
        owner TEXT NOT NULL,
        name TEXT NOT NULL,
        template TEXT NOT NULL,
        environment TEXT NOT NULL,
        parameters TEXT NOT NULL,
        action TEXT NOT NULL,
        status TEXT NOT NULL,
        status_reason TEXT NOT NULL,
        disable_rollback INTEGER NOT NULL,
        timeout_mins INTEGER,
        tags TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER,
        deleted_at INTEGER
      );
      CREATE INDEX heat_stacks_project ON heat_stacks (project_id, name);
      CREATE TABLE heat_resources (
        stack_id TEXT NOT NULL REFERENCES heat_stacks (id),
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        snippet TEXT NOT NULL,
        requires TEXT NOT NULL,
        action TEXT NOT NULL,
        status TEXT NOT NULL,
        status_reason TEXT NOT NULL,
        physical_id TEXT,
        data TEXT NOT NULL DEFAULT '{}',
        pending TEXT,
        position INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER,
        PRIMARY KEY (stack_id, name)
      );
      CREATE TABLE heat_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        stack_id TEXT NOT NULL REFERENCES heat_stacks (id),
        resource_name TEXT NOT NULL,
        physical_id TEXT NOT NULL,
        action TEXT NOT NULL,
        status TEXT NOT NULL,
        reason TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX heat_events_stack ON heat_events (stack_id, seq);
    `,
  },
];
