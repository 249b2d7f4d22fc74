import { openSqlite, type SqliteDb } from '../../shared/sqlite.js';

/** One migration step of one service; applied once, in order, and recorded. */
export interface Migration {
  id: string;
  sql: string;
}

/** The emulator's database: the shared SQLite opener with foreign keys on. */
export type Db = SqliteDb;

export function openDatabase(file: string): Db {
  return openSqlite(file, { foreignKeys: true });
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, each in its
 * own transaction, in the order given. Ids must be unique across services
 * (the caller prefixes them with the service type).
 */
export function migrate(db: Db, migrations: Migration[]): string[] {
  db.raw.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL
  )`);
  const applied = new Set(db.all<{ id: string }>('SELECT id FROM schema_migrations').map((row) => row.id));
  const done: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    db.tx(() => {
      db.raw.exec(migration.sql);
      db.run('INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)', migration.id, new Date().toISOString());
    });
    done.push(migration.id);
  }
  return done;
}
