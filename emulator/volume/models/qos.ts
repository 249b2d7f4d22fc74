import { randomUUID } from 'node:crypto';
import { BadRequest, Conflict, NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';

/** QoS specs (cinder/volume/qos_specs.py): named key/value sets for a consumer (front-end, back-end or both); admin-only. */

export const CONSUMERS = ['front-end', 'back-end', 'both'] as const;

export interface QosSpec {
  id: string;
  name: string;
  consumer: string;
  specs: Record<string, string>;
  createdAt: number;
}

interface QosRow {
  id: string;
  name: string;
  consumer: string;
  specs: string;
  created_at: number;
}

const toSpec = (row: QosRow): QosSpec => ({
  id: row.id,
  name: row.name,
  consumer: row.consumer,
  specs: JSON.parse(row.specs) as Record<string, string>,
  createdAt: row.created_at,
});

export function listQosSpecs(db: Db): QosSpec[] {
  return db.all<QosRow>('SELECT * FROM cinder_qos_specs ORDER BY created_at, name').map(toSpec);
}

export function getQosSpec(db: Db, id: string): QosSpec {
  const row = db.get<QosRow>('SELECT * FROM cinder_qos_specs WHERE id = ?', id);
  if (!row) throw new NotFound(`No such QoS spec ${id}.`);
  return toSpec(row);
}

export function createQosSpec(db: Db, now: number, input: { name: string; consumer?: string; specs: Record<string, string> }): QosSpec {
  return db.tx(() => {
    const consumer = input.consumer ?? 'back-end';
    if (!(CONSUMERS as readonly string[]).includes(consumer)) {
      throw new BadRequest(`Invalid input received: Valid consumer of QoS specs are: ['front-end', 'back-end', 'both']`);
    }
    if (db.get('SELECT 1 FROM cinder_qos_specs WHERE name = ?', input.name)) throw new Conflict(`QoS Specs ${input.name} already exists.`);
    const id = randomUUID();
    db.run(
      'INSERT INTO cinder_qos_specs (id, name, consumer, specs, created_at) VALUES (?, ?, ?, ?, ?)',
      id,
      input.name,
      consumer,
      JSON.stringify(input.specs),
      now,
    );
    return getQosSpec(db, id);
  });
}

export function deleteQosSpec(db: Db, id: string, force: boolean): void {
  db.tx(() => {
    getQosSpec(db, id);
    const inUse = db.get('SELECT 1 FROM cinder_volume_types WHERE qos_specs_id = ?', id);
    if (inUse && !force) throw new BadRequest(`QoS Specs ${id} is still associated with entities.`);
    db.run('UPDATE cinder_volume_types SET qos_specs_id = NULL WHERE qos_specs_id = ?', id);
    db.run('DELETE FROM cinder_qos_specs WHERE id = ?', id);
  });
}
