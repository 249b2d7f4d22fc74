import type { Migration } from '../../store/db.js';

/**
 * Octavia's objects as rows of one table: the kind, the owning project and
 * load balancer, the parent in the tree (a listener's or pool's load
 * balancer, a member's or monitor's pool, a policy's listener, a rule's
 * policy), the attributes as JSON, and the provisioning status. `due_at`
 * (load balancer rows only) is when the pending change of the whole load
 * balancer ends on the clock. Flavors, flavor profiles, availability zones
 * and their profiles live in `lb_catalog`; quotas per project in `lb_quotas`.
 * Timestamps are epoch milliseconds.
 */
export const loadBalancerMigrations: Migration[] = [
  {
    id: '0001_octavia',
    sql: `
      CREATE TABLE lb_objects (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        project_id TEXT NOT NULL,
        loadbalancer_id TEXT NOT NULL,
        parent_id TEXT,
        attrs TEXT NOT NULL,
        provisioning_status TEXT NOT NULL,
        due_at INTEGER,
        seq INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER
      );
      CREATE INDEX lb_objects_kind ON lb_objects (kind, seq);
      CREATE INDEX lb_objects_lb ON lb_objects (loadbalancer_id);
      CREATE INDEX lb_objects_parent ON lb_objects (parent_id);
      CREATE TABLE lb_catalog (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        attrs TEXT NOT NULL,
        seq INTEGER NOT NULL
      );
      CREATE TABLE lb_quotas (
        project_id TEXT PRIMARY KEY,
        attrs TEXT NOT NULL
      );
    `,
  },
];
