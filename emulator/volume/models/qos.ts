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

/** Adds or replaces keys (`PUT /qos-specs/{id}`); `consumer` among them changes the consumer. */
export function updateQosSpec(db: Db, id: string, changes: Record<string, string>): Record<string, string> {
  return db.tx(() => {
    const spec = getQosSpec(db, id);
    const { consumer, ...keys } = changes;
    if (consumer !== undefined && !(CONSUMERS as readonly string[]).includes(consumer)) {
      throw new BadRequest(`Invalid input received: Valid consumer of QoS specs are: ['front-end', 'back-end', 'both']`);
    }
    db.run('UPDATE cinder_qos_specs SET consumer = ?, specs = ? WHERE id = ?', consumer ?? spec.consumer, JSON.stringify({ ...spec.specs, ...keys }), id);
    return changes;
  });
}

/** Removes keys (`PUT /qos-specs/{id}/delete_keys`): every key must exist, or nothing is removed. */
export function deleteQosKeys(db: Db, id: string, keys: string[]): void {
  db.tx(() => {
    const spec = getQosSpec(db, id);
    const missing = keys.find((key) => !(key in spec.specs));
    if (missing !== undefined) throw new NotFound(`QoS spec ${id} has no key ${missing}.`);
    const specs = Object.fromEntries(Object.entries(spec.specs).filter(([key]) => !keys.includes(key)));
    db.run('UPDATE cinder_qos_specs SET specs = ? WHERE id = ?', JSON.stringify(specs), id);
  });
}

/** The volume types a QoS spec is associated with (`GET /qos-specs/{id}/associations`). */
export function qosAssociations(db: Db, id: string): { id: string; name: string }[] {
  getQosSpec(db, id);
  return db.all<{ id: string; name: string }>('SELECT id, name FROM cinder_volume_types WHERE qos_specs_id = ? ORDER BY name', id);
}

/** A type has one QoS spec at most: associating it with another is refused, as Cinder's qos_specs.associate_qos_with_type does. */
export function associateQos(db: Db, id: string, typeId: string): void {
  db.tx(() => {
    getQosSpec(db, id);
    const type = db.get<{ qos_specs_id: string | null }>('SELECT qos_specs_id FROM cinder_volume_types WHERE id = ?', typeId);
    if (!type) throw new NotFound(`Volume type ${typeId} could not be found.`);
    if (type.qos_specs_id && type.qos_specs_id !== id) {
      throw new BadRequest(`Invalid volume type: Type ${typeId} is already associated with another qos specs: ${type.qos_specs_id}`);
    }
    db.run('UPDATE cinder_volume_types SET qos_specs_id = ? WHERE id = ?', id, typeId);
  });
}

/** Ends the association with one type, or with all of them when `typeId` is undefined. */
export function disassociateQos(db: Db, id: string, typeId?: string): void {
  db.tx(() => {
    getQosSpec(db, id);
    if (typeId === undefined) {
      db.run('UPDATE cinder_volume_types SET qos_specs_id = NULL WHERE qos_specs_id = ?', id);
      return;
    }
    if (!db.get('SELECT 1 FROM cinder_volume_types WHERE id = ?', typeId)) throw new NotFound(`Volume type ${typeId} could not be found.`);
    db.run('UPDATE cinder_volume_types SET qos_specs_id = NULL WHERE id = ? AND qos_specs_id = ?', typeId, id);
  });
}
