import type { Db } from '../../store/db.js';

/** User metadata as Swift keeps it: lower-cased key after the `X-…-Meta-` prefix → value. */
export type Metadata = Record<string, string>;

export interface AccountInfo {
  projectId: string;
  metadata: Metadata;
  containerCount: number;
  objectCount: number;
  bytesUsed: number;
  createdAt: number;
}

/** An account exists implicitly (account_autocreate): one never written reads as empty, created now. */
export function accountInfo(db: Db, projectId: string, now: number): AccountInfo {
  const row = db.get<{ metadata: string; created_at: number }>('SELECT metadata, created_at FROM swift_accounts WHERE project_id = ?', projectId);
  const totals = db.get<{ containers: number; objects: number | null; bytes: number | null }>(
    'SELECT COUNT(*) AS containers, SUM(object_count) AS objects, SUM(bytes_used) AS bytes FROM swift_containers WHERE project_id = ?',
    projectId,
  )!;
  return {
    projectId,
    metadata: row ? (JSON.parse(row.metadata) as Metadata) : {},
    containerCount: totals.containers,
    objectCount: totals.objects ?? 0,
    bytesUsed: totals.bytes ?? 0,
    createdAt: row?.created_at ?? now,
  };
}

/** Merges metadata: an empty value removes the key, as Swift's POST does. */
export function mergeMetadata(current: Metadata, changes: Metadata): Metadata {
  const next = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}

export function updateAccountMetadata(db: Db, projectId: string, changes: Metadata, now: number): void {
  db.tx(() => {
    const current = accountInfo(db, projectId, now);
    db.run(
      `INSERT INTO swift_accounts (project_id, metadata, created_at) VALUES (?, ?, ?)
       ON CONFLICT (project_id) DO UPDATE SET metadata = excluded.metadata`,
      projectId,
      JSON.stringify(mergeMetadata(current.metadata, changes)),
      now,
    );
  });
}

/** Bytes this account may still take under `X-Account-Meta-Quota-Bytes` (Infinity without a quota). */
export function quotaRemaining(db: Db, projectId: string, now: number): number {
  const account = accountInfo(db, projectId, now);
  const quota = Number(account.metadata['quota-bytes']);
  if (account.metadata['quota-bytes'] === undefined || !Number.isFinite(quota)) return Infinity;
  return Math.max(0, quota - account.bytesUsed);
}
