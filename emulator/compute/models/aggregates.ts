import { randomUUID } from 'node:crypto';
import { BadRequest, Conflict, NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import { HYPERVISORS } from './hosts.js';

/**
 * Host aggregates (nova/compute/api.py AggregateAPI): named groups of the
 * emulated compute hosts with metadata. An aggregate's `availability_zone`
 * metadata puts its hosts in that zone; a host is in one zone at most, so
 * adding it to an aggregate of another zone is refused, as Nova does.
 */

export interface Aggregate {
  id: number;
  uuid: string;
  name: string;
  availabilityZone: string | null;
  hosts: string[];
  metadata: Record<string, string>;
  createdAt: number;
  updatedAt: number | null;
}

interface AggregateRow {
  id: number;
  uuid: string;
  name: string;
  metadata: string;
  created_at: number;
  updated_at: number | null;
}

function toAggregate(db: Db, row: AggregateRow): Aggregate {
  const metadata = JSON.parse(row.metadata) as Record<string, string>;
  const hosts = db.all<{ host: string }>('SELECT host FROM aggregate_hosts WHERE aggregate_id = ? ORDER BY host', row.id).map((entry) => entry.host);
  return { id: row.id, uuid: row.uuid, name: row.name, availabilityZone: metadata.availability_zone ?? null, hosts, metadata, createdAt: row.created_at, updatedAt: row.updated_at };
}

export function listAggregates(db: Db): Aggregate[] {
  return db.all<AggregateRow>('SELECT * FROM aggregates ORDER BY id').map((row) => toAggregate(db, row));
}

export function getAggregate(db: Db, id: string): Aggregate {
  const row = /^\d+$/.test(id) ? db.get<AggregateRow>('SELECT * FROM aggregates WHERE id = ?', Number(id)) : db.get<AggregateRow>('SELECT * FROM aggregates WHERE uuid = ?', id);
  if (!row) throw new NotFound(`Aggregate ${id} could not be found.`);
  return toAggregate(db, row);
}

function checkName(db: Db, name: string, except?: number): void {
  const clash = db.get<{ id: number }>('SELECT id FROM aggregates WHERE name = ?', name);
  if (clash && clash.id !== except) throw new Conflict(`Aggregate ${name} already exists.`);
}

/** Nova refuses a zone that names a zone its hosts are not in, or the internal one. */
function checkZone(db: Db, aggregate: Pick<Aggregate, 'id' | 'hosts'> | null, zone: string | null): void {
  if (zone === null) return;
  if (zone === 'internal') throw new BadRequest('Aggregate availability zone cannot be the internal zone.');
  for (const host of aggregate?.hosts ?? []) {
    const other = listAggregates(db).find((candidate) => candidate.id !== aggregate!.id && candidate.hosts.includes(host) && candidate.availabilityZone && candidate.availabilityZone !== zone);
    if (other) throw new BadRequest(`Cannot update aggregate ${aggregate!.id}. Reason: One or more hosts already in availability zone(s) ['${other.availabilityZone}'].`);
  }
}

export function createAggregate(db: Db, now: number, input: { name: string; availabilityZone: string | null }): Aggregate {
  return db.tx(() => {
    checkName(db, input.name);
    checkZone(db, null, input.availabilityZone);
    const metadata = input.availabilityZone ? { availability_zone: input.availabilityZone } : {};
    const result = db.run('INSERT INTO aggregates (uuid, name, metadata, created_at) VALUES (?, ?, ?, ?)', randomUUID(), input.name, JSON.stringify(metadata), now);
    return getAggregate(db, String(result.lastInsertRowid));
  });
}

export function updateAggregate(db: Db, now: number, id: string, input: { name?: string; availabilityZone?: string | null }): Aggregate {
  return db.tx(() => {
    const aggregate = getAggregate(db, id);
    if (input.name !== undefined) checkName(db, input.name, aggregate.id);
    const metadata = { ...aggregate.metadata };
    if (input.availabilityZone !== undefined) {
      checkZone(db, aggregate, input.availabilityZone);
      if (input.availabilityZone === null) delete metadata.availability_zone;
      else metadata.availability_zone = input.availabilityZone;
    }
    db.run('UPDATE aggregates SET name = ?, metadata = ?, updated_at = ? WHERE id = ?', input.name ?? aggregate.name, JSON.stringify(metadata), now, aggregate.id);
    return getAggregate(db, String(aggregate.id));
  });
}

/** `set_metadata`: a null value removes the key; `availability_zone` follows the zone rules. */
export function setAggregateMetadata(db: Db, now: number, id: string, changes: Record<string, string | null>): Aggregate {
  return db.tx(() => {
    const aggregate = getAggregate(db, id);
    if ('availability_zone' in changes) checkZone(db, aggregate, changes.availability_zone);
    const metadata = { ...aggregate.metadata };
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) delete metadata[key];
      else metadata[key] = value;
    }
    db.run('UPDATE aggregates SET metadata = ?, updated_at = ? WHERE id = ?', JSON.stringify(metadata), now, aggregate.id);
    return getAggregate(db, String(aggregate.id));
  });
}

export function addAggregateHost(db: Db, now: number, id: string, host: string): Aggregate {
  return db.tx(() => {
    const aggregate = getAggregate(db, id);
    if (!HYPERVISORS.some((hypervisor) => hypervisor.host === host)) throw new NotFound(`Compute host ${host} could not be found.`);
    if (aggregate.hosts.includes(host)) throw new Conflict(`Aggregate ${aggregate.id} already has host ${host}.`);
    if (aggregate.availabilityZone) {
      const other = listAggregates(db).find((candidate) => candidate.hosts.includes(host) && candidate.availabilityZone && candidate.availabilityZone !== aggregate.availabilityZone);
      if (other) throw new BadRequest(`Cannot add host to aggregate ${aggregate.id}. Reason: One or more hosts already in availability zone(s) ['${other.availabilityZone}'].`);
    }
    db.run('INSERT INTO aggregate_hosts (aggregate_id, host) VALUES (?, ?)', aggregate.id, host);
    db.run('UPDATE aggregates SET updated_at = ? WHERE id = ?', now, aggregate.id);
    return getAggregate(db, String(aggregate.id));
  });
}

export function removeAggregateHost(db: Db, now: number, id: string, host: string): Aggregate {
  return db.tx(() => {
    const aggregate = getAggregate(db, id);
    if (!aggregate.hosts.includes(host)) throw new NotFound(`Cannot remove host ${host} in aggregate ${aggregate.id}. Reason: Host not found.`);
    db.run('DELETE FROM aggregate_hosts WHERE aggregate_id = ? AND host = ?', aggregate.id, host);
    db.run('UPDATE aggregates SET updated_at = ? WHERE id = ?', now, aggregate.id);
    return getAggregate(db, String(aggregate.id));
  });
}

/** Only an empty aggregate goes (Nova: 'Host aggregate is not empty'). */
export function deleteAggregate(db: Db, id: string): void {
  db.tx(() => {
    const aggregate = getAggregate(db, id);
    if (aggregate.hosts.length) throw new BadRequest(`Cannot remove aggregate ${aggregate.id}. Reason: Host aggregate is not empty.`);
    db.run('DELETE FROM aggregates WHERE id = ?', aggregate.id);
  });
}
