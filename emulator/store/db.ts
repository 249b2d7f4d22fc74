import Database from 'better-sqlite3';

/** One migration step of one service; applied once, in order, and recorded. */
export interface Migration {
  id: string;
  sql: string;
}

type Row = Record<string, unknown>;

/**
 * The emulator's SQLite database. Every write goes through `tx` so a request
 * either changes everything it meant to or nothing (ARCHITECTURE: "one
 * transaction per write"); prepared statements are cached per SQL text.
 */
export class Db {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(readonly raw: Database.Database) {}

  private statement(sql: string): Database.Statement {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      prepared = this.raw.prepare(sql);
      this.statements.set(sql, prepared);
    }
    return prepared;
  }

  get<T = Row>(sql: string, ...params: unknown[]): T | undefined {
    return this.statement(sql).get(...params) as T | undefined;
  }

  all<T = Row>(sql: string, ...params: unknown[]): T[] {
    return this.statement(sql).all(...params) as T[];
  }

  run(sql: string, ...params: unknown[]): Database.RunResult {
    return this.statement(sql).run(...params);
  }

  /** Runs `fn` in one IMMEDIATE transaction (nested calls become savepoints). */
  tx<T>(fn: () => T): T {
    if (this.raw.inTransaction) return this.raw.transaction(fn)();
    return this.raw.transaction(fn).immediate();
  }

  close(): void {
    this.statements.clear();
    if (this.raw.open) this.raw.close();
  }
}

export function openDatabase(file: string): Db {
  const raw = new Database(file);
  raw.pragma('journal_mode = WAL');
  // FULL: an acknowledged write survives a power cut, not just a crash.
  raw.pragma('synchronous = FULL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  return new Db(raw);
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
