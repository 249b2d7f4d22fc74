import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../shared/sqlite.js';

/**
 * The backup service's own SQLite (`DATA_DIR/backup.sqlite`): plans, tasks,
 * backups, notification templates and their log. Not the emulator's database:
 * the service works the same in front of a real cloud.
 */
export type BackupDb = SqliteDb;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS plans (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  enabled INTEGER NOT NULL DEFAULT 1,
  job_type TEXT NOT NULL,
  schedule TEXT NOT NULL,
  rotation_points INTEGER NOT NULL DEFAULT 10,
  vms TEXT NOT NULL DEFAULT '[]',
  volumes TEXT NOT NULL DEFAULT '[]',
  pool_alias TEXT,
  next_run INTEGER,
  credential_id TEXT,
  credential_secret TEXT,
  source_plan_id TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS plans_project ON plans (project_id);
CREATE TABLE IF NOT EXISTS tasks (
  id TEXT PRIMARY KEY,
  job_id TEXT NOT NULL,
  job_name TEXT NOT NULL,
  project_id TEXT NOT NULL,
  status TEXT NOT NULL,
  job_type TEXT NOT NULL,
  disk_id TEXT,
  disk_name TEXT,
  start_date INTEGER NOT NULL,
  finish_date INTEGER,
  backup_name TEXT,
  backup_id TEXT,
  message TEXT
);
CREATE INDEX IF NOT EXISTS tasks_project ON tasks (project_id, status);
CREATE TABLE IF NOT EXISTS backups (
  id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  plan_id TEXT NOT NULL,
  plan_name TEXT NOT NULL,
  disk_id TEXT NOT NULL,
  disk_name TEXT NOT NULL,
  disk_description TEXT NOT NULL DEFAULT '',
  bootable INTEGER NOT NULL DEFAULT 0,
  volume_type TEXT,
  pool_alias TEXT,
  size_gb INTEGER NOT NULL,
  original_disk_size INTEGER NOT NULL,
  incremental INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS backups_disk ON backups (project_id, disk_id, created_at);
CREATE TABLE IF NOT EXISTS detached (
  project_id TEXT NOT NULL,
  plan_id TEXT NOT NULL,
  disk_id TEXT NOT NULL,
  PRIMARY KEY (plan_id, disk_id)
);
CREATE TABLE IF NOT EXISTS doomed (
  name TEXT PRIMARY KEY,
  plan_id TEXT NOT NULL,
  backup_id TEXT,
  attempts INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS notification_templates (
  project_id TEXT PRIMARY KEY,
  templates TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS notification_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project_id TEXT NOT NULL,
  event TEXT NOT NULL,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  send_at INTEGER,
  sent_at INTEGER,
  error TEXT
);
CREATE INDEX IF NOT EXISTS notification_log_due ON notification_log (status, send_at);
CREATE TABLE IF NOT EXISTS lease (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
`;

/** Opens (creating when missing) the service's database; `null` keeps it in memory (tests, no DATA_DIR). */
export function openBackupDb(dataDir: string | null): BackupDb {
  let file = ':memory:';
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    file = join(dataDir, 'backup.sqlite');
  }
  const db = openSqlite(file);
  db.raw.exec(SCHEMA);
  return db;
}
