import type { Db } from '../../store/db.js';
import { neutronTime, type QuotaResource, quotaLimits } from './common.js';

/** Agents (read-only, seeded) and per-project quota overrides. */

export interface AgentRow {
  id: string;
  agent_type: string;
  binary: string;
  topic: string;
  host: string;
  availability_zone: string | null;
  admin_state_up: number;
  description: string | null;
  configurations: string;
  created_at: number;
  started_at: number;
}

/** Agents report a heartbeat every few seconds; the emulated ones are always alive. */
export function renderAgent(row: AgentRow, now: number) {
  const stamp = (ms: number) => neutronTime(ms).replace('T', ' ').replace('Z', '');
  return {
    id: row.id,
    agent_type: row.agent_type,
    binary: row.binary,
    topic: row.topic,
    host: row.host,
    admin_state_up: Boolean(row.admin_state_up),
    created_at: stamp(row.created_at),
    started_at: stamp(row.started_at),
    heartbeat_timestamp: stamp(now),
    description: row.description,
    resources_synced: null,
    availability_zone: row.availability_zone,
    alive: true,
    configurations: JSON.parse(row.configurations) as Record<string, unknown>,
  };
}

export function listAgents(db: Db): AgentRow[] {
  return db.all<AgentRow>('SELECT * FROM net_agents ORDER BY created_at, rowid');
}

export function findAgent(db: Db, id: string): AgentRow | undefined {
  return db.get<AgentRow>('SELECT * FROM net_agents WHERE id = ?', id);
}

/** Projects with overrides: every one for an admin, else the caller's own. */
export function projectsWithQuotas(db: Db, viewer: { isAdmin: boolean; projectId: string }): string[] {
  const rows = viewer.isAdmin
    ? db.all<{ project_id: string }>('SELECT DISTINCT project_id FROM net_quotas ORDER BY project_id')
    : db.all<{ project_id: string }>('SELECT DISTINCT project_id FROM net_quotas WHERE project_id = ?', viewer.projectId);
  return rows.map((row) => row.project_id);
}

export function setQuotas(db: Db, projectId: string, values: [QuotaResource, number][]): Record<QuotaResource, number> {
  return db.tx(() => {
    for (const [resource, limit] of values) {
      db.run(
        'INSERT INTO net_quotas (project_id, resource, hard_limit) VALUES (?, ?, ?) ON CONFLICT (project_id, resource) DO UPDATE SET hard_limit = excluded.hard_limit',
        projectId,
        resource,
        limit,
      );
    }
    return quotaLimits(db, projectId);
  });
}

/** Back to the defaults. */
export function resetQuotas(db: Db, projectId: string): void {
  db.tx(() => db.run('DELETE FROM net_quotas WHERE project_id = ?', projectId));
}
