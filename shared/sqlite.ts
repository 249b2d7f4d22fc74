import Database from 'better-sqlite3';

type Row = Record<string, unknown>;

/**
 * One SQLite database as the emulator and the backup service use it (Node only;
 * the browser never imports this file). Every write goes through `tx` so a
 * request changes everything it meant to or nothing (ARCHITECTURE: "one
 * transaction per write"); prepared statements are cached per SQL text.
 */
export class SqliteDb {
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

  /** The rows read one at a time as they are taken: a caller that stops early (a listing that jumps past a folder) reads no more of them. */
  iterate<T = Row>(sql: string, ...params: unknown[]): IterableIterator<T> {
    return this.statement(sql).iterate(...params) as IterableIterator<T>;
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

/**
 * Opens (creating when missing) a database file, or `:memory:`, in WAL mode.
 * FULL: an acknowledged write survives a power cut, not just a crash.
 */
export function openSqlite(file: string, options: { foreignKeys?: boolean } = {}): SqliteDb {
  const raw = new Database(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = FULL');
  if (options.foreignKeys) raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  return new SqliteDb(raw);
}
