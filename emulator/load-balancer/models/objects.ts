import { randomUUID } from 'node:crypto';
import { Conflict, Forbidden, NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import type { LoadBalancerCollaborators } from './collaborators.js';
import type { Kind } from './fields.js';

/**
 * Octavia's objects and its provisioning state machine
 * (octavia/api/v2/controllers/base.py, octavia/db/repositories.py): every
 * change locks the whole load balancer — it goes PENDING_UPDATE (or
 * PENDING_CREATE / PENDING_DELETE) with the changed object — and another
 * change meanwhile is refused with 409 ("… is immutable and cannot be
 * updated."). The driver's work ends `transitionMs` later on the clock:
 * pending objects become ACTIVE (ERROR when the flavor's profile says so),
 * pending deletions disappear with what hangs below them.
 */

export interface LbRow {
  id: string;
  kind: Kind;
  project_id: string;
  loadbalancer_id: string;
  parent_id: string | null;
  attrs: string;
  provisioning_status: string;
  due_at: number | null;
  seq: number;
  created_at: number;
  updated_at: number | null;
}

export interface Viewer {
  projectId: string;
  isAdmin: boolean;
}

export const LABELS: Record<Kind, string> = {
  loadbalancer: 'Load Balancer',
  listener: 'Listener',
  pool: 'Pool',
  member: 'Member',
  healthmonitor: 'Health Monitor',
  l7policy: 'L7 Policy',
  l7rule: 'L7 Rule',
};

export const attrsOf = (row: LbRow) => JSON.parse(row.attrs) as Record<string, unknown>;

export function findObject(db: Db, kind: Kind, id: string): LbRow | undefined {
  return db.get<LbRow>('SELECT * FROM lb_objects WHERE id = ? AND kind = ?', id, kind);
}

/** The object when the viewer may see it: 404 when unknown (or being gone), 403 when another project's (Octavia's RBAC check). */
export function getObject(db: Db, viewer: Viewer, kind: Kind, id: string): LbRow {
  const row = findObject(db, kind, id);
  if (!row) throw new NotFound(`${LABELS[kind]} ${id} not found.`);
  if (!viewer.isAdmin && row.project_id !== viewer.projectId) throw new Forbidden('Policy does not allow this request to be performed.');
  return row;
}

export function listObjects(db: Db, viewer: Viewer, kind: Kind): LbRow[] {
  return viewer.isAdmin
    ? db.all<LbRow>('SELECT * FROM lb_objects WHERE kind = ? ORDER BY seq', kind)
    : db.all<LbRow>('SELECT * FROM lb_objects WHERE kind = ? AND project_id = ? ORDER BY seq', kind, viewer.projectId);
}

export function childrenOf(db: Db, parentId: string, kind: Kind): LbRow[] {
  return db.all<LbRow>('SELECT * FROM lb_objects WHERE parent_id = ? AND kind = ? ORDER BY seq', parentId, kind);
}

export function insertObject(
  db: Db,
  now: number,
  input: { kind: Kind; projectId: string; loadBalancerId?: string; parentId: string | null; attrs: Record<string, unknown>; id?: string },
): LbRow {
  const id = input.id ?? randomUUID();
  const seq = (db.get<{ seq: number | null }>('SELECT MAX(seq) AS seq FROM lb_objects')?.seq ?? 0) + 1;
  db.run(
    `INSERT INTO lb_objects (id, kind, project_id, loadbalancer_id, parent_id, attrs, provisioning_status, seq, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 'PENDING_CREATE', ?, ?, NULL)`,
    id,
    input.kind,
    input.projectId,
    input.loadBalancerId ?? id,
    input.parentId,
    JSON.stringify(input.attrs),
    seq,
    now,
  );
  return findObject(db, input.kind, id)!;
}

export function writeAttributes(db: Db, row: LbRow, changes: Record<string, unknown>, now: number): LbRow {
  const attrs = { ...attrsOf(row), ...changes };
  db.run("UPDATE lb_objects SET attrs = ?, updated_at = ?, provisioning_status = CASE WHEN provisioning_status = 'ACTIVE' OR provisioning_status = 'ERROR' THEN 'PENDING_UPDATE' ELSE provisioning_status END WHERE id = ?", JSON.stringify(attrs), now, row.id);
  return findObject(db, row.kind, row.id)!;
}

/** Changes attributes without a transition (relations kept up to date by the API itself). */
export function patchAttributes(db: Db, row: LbRow, changes: Record<string, unknown>): void {
  db.run('UPDATE lb_objects SET attrs = ? WHERE id = ?', JSON.stringify({ ...attrsOf(findObject(db, row.kind, row.id)!), ...changes }), row.id);
}

export function markPending(db: Db, row: LbRow, status: 'PENDING_UPDATE' | 'PENDING_DELETE', now: number): void {
  db.run('UPDATE lb_objects SET provisioning_status = ?, updated_at = ? WHERE id = ?', status, now, row.id);
}

const isPending = (status: string) => status.startsWith('PENDING_');

/**
 * Locks the load balancer for a change of one of its objects (Octavia's
 * `_test_lb_and_listener_statuses`): 409 unless it is ACTIVE, then
 * PENDING_UPDATE until `due`. The listener on the way is checked too.
 */
export function lockLoadBalancer(db: Db, loadBalancerId: string, now: number, transitionMs: number, listenerId?: string | null): LbRow {
  const lb = findObject(db, 'loadbalancer', loadBalancerId)!;
  if (lb.provisioning_status !== 'ACTIVE') throw new Conflict(`Load Balancer ${lb.id} is immutable and cannot be updated.`);
  const listener = listenerId ? findObject(db, 'listener', listenerId) : undefined;
  if (listener && isPending(listener.provisioning_status)) throw new Conflict(`Listener ${listener.id} is immutable and cannot be updated.`);
  db.run("UPDATE lb_objects SET provisioning_status = 'PENDING_UPDATE', due_at = ?, updated_at = ? WHERE id = ?", now + transitionMs, now, lb.id);
  return lb;
}

/** Locks the load balancer itself for its own update or delete ("Invalid state PENDING_CREATE of loadbalancer resource …"). */
export function lockOwnState(db: Db, lb: LbRow, status: 'PENDING_UPDATE' | 'PENDING_DELETE', now: number, transitionMs: number): void {
  if (lb.provisioning_status !== 'ACTIVE' && !(status === 'PENDING_DELETE' && lb.provisioning_status === 'ERROR')) {
    throw new Conflict(`Invalid state ${lb.provisioning_status} of loadbalancer resource ${lb.id}`);
  }
  db.run('UPDATE lb_objects SET provisioning_status = ?, due_at = ?, updated_at = ? WHERE id = ?', status, now + transitionMs, now, lb.id);
}

export function scheduleSettle(db: Db, loadBalancerId: string, due: number): void {
  db.run('UPDATE lb_objects SET due_at = ? WHERE id = ?', due, loadBalancerId);
}

/** Everything that hangs below an object: a listener's policies and their rules, a pool's members and monitor, a policy's rules. */
export function descendants(db: Db, row: LbRow): LbRow[] {
  const below = db.all<LbRow>("SELECT * FROM lb_objects WHERE parent_id = ? AND kind <> 'listener' AND kind <> 'pool'", row.id);
  return below.flatMap((child) => [child, ...descendants(db, child)]);
}

/** Removes an object and what hangs below it; references to a deleted pool are dropped (a policy redirecting to it becomes REJECT, as Octavia's repository does). */
export function removeObject(db: Db, row: LbRow, collaborators: LoadBalancerCollaborators, lbUrl: (id: string) => string): void {
  for (const child of descendants(db, row)) db.run('DELETE FROM lb_objects WHERE id = ?', child.id);
  if (row.kind === 'pool') {
    for (const listener of db.all<LbRow>("SELECT * FROM lb_objects WHERE kind = 'listener' AND loadbalancer_id = ?", row.loadbalancer_id)) {
      if (attrsOf(listener).default_pool_id === row.id) patchAttributes(db, listener, { default_pool_id: null });
    }
    for (const policy of db.all<LbRow>("SELECT * FROM lb_objects WHERE kind = 'l7policy' AND loadbalancer_id = ?", row.loadbalancer_id)) {
      if (attrsOf(policy).redirect_pool_id === row.id) patchAttributes(db, policy, { redirect_pool_id: null, action: 'REJECT' });
    }
  }
  if (row.kind === 'listener') releaseCertificates(collaborators, attrsOf(row), lbUrl(row.loadbalancer_id));
  db.run('DELETE FROM lb_objects WHERE id = ?', row.id);
}

export function certificateRefs(attrs: Record<string, unknown>): string[] {
  const refs = [attrs.default_tls_container_ref, ...((attrs.sni_container_refs as string[] | null) ?? [])].filter((ref): ref is string => typeof ref === 'string' && ref !== '');
  return [...new Set(refs)];
}

function releaseCertificates(collaborators: LoadBalancerCollaborators, attrs: Record<string, unknown>, url: string): void {
  for (const ref of certificateRefs(attrs)) collaborators.certificates.consume(ref, url, false);
}

/** What the provider driver reports at the end: ERROR when the load balancer's flavor profile asks for it (a test hook an admin sets up), else ACTIVE. */
function outcomeOf(db: Db, lb: LbRow): 'ACTIVE' | 'ERROR' {
  const flavorId = attrsOf(lb).flavor_id as string | null;
  if (!flavorId) return 'ACTIVE';
  const flavor = db.get<{ attrs: string }>("SELECT attrs FROM lb_catalog WHERE id = ? AND kind = 'flavor'", flavorId);
  const profileId = flavor ? (JSON.parse(flavor.attrs) as { flavor_profile_id: string }).flavor_profile_id : null;
  const profile = profileId ? db.get<{ attrs: string }>("SELECT attrs FROM lb_catalog WHERE id = ? AND kind = 'flavorprofile'", profileId) : undefined;
  if (!profile) return 'ACTIVE';
  try {
    const data = JSON.parse((JSON.parse(profile.attrs) as { flavor_data: string }).flavor_data) as Record<string, unknown>;
    return data['emulator:provisioning_status'] === 'ERROR' ? 'ERROR' : 'ACTIVE';
  } catch {
    return 'ACTIVE';
  }
}

/** Ends every load balancer change that is due by `now`, in one transaction. */
export function settleLoadBalancers(db: Db, now: number, collaborators: LoadBalancerCollaborators, lbUrl: (id: string) => string): void {
  const due = db.all<LbRow>("SELECT * FROM lb_objects WHERE kind = 'loadbalancer' AND due_at IS NOT NULL AND due_at <= ?", now);
  if (!due.length) return;
  db.tx(() => {
    for (const lb of due) {
      if (lb.provisioning_status === 'PENDING_DELETE') {
        for (const listener of db.all<LbRow>("SELECT * FROM lb_objects WHERE kind = 'listener' AND loadbalancer_id = ?", lb.id)) releaseCertificates(collaborators, attrsOf(listener), lbUrl(lb.id));
        db.run('DELETE FROM lb_objects WHERE loadbalancer_id = ?', lb.id);
        const port = attrsOf(lb).vip_port_id as string | null;
        if (port) collaborators.networking.deleteVipPort(port);
        continue;
      }
      for (const gone of db.all<LbRow>("SELECT * FROM lb_objects WHERE loadbalancer_id = ? AND provisioning_status = 'PENDING_DELETE' ORDER BY seq", lb.id)) {
        if (findObject(db, gone.kind, gone.id)) removeObject(db, gone, collaborators, lbUrl);
      }
      const outcome = outcomeOf(db, lb);
      db.run(
        "UPDATE lb_objects SET provisioning_status = ?, updated_at = ? WHERE loadbalancer_id = ? AND provisioning_status IN ('PENDING_CREATE', 'PENDING_UPDATE')",
        outcome,
        lb.due_at,
        lb.id,
      );
      db.run('UPDATE lb_objects SET due_at = NULL WHERE id = ?', lb.id);
    }
  });
}
