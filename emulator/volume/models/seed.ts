import { randomUUID } from 'node:crypto';
import type { Db } from '../../store/db.js';
import { createType } from './types.js';
import { AVAILABILITY_ZONE } from './volumes.js';

/**
 * The demo cloud's block storage: two volume types beside `__DEFAULT__`, and
 * one available volume in the demo project. Each is made once (recorded in
 * `cinder_seeded`), so what a user deletes stays deleted after a restart.
 */
export function seedVolumes(db: Db, now: number, demo: { projectId: string; userId: string }): void {
  db.tx(() => {
    const once = (name: string, make: () => void) => {
      if (db.get('SELECT 1 FROM cinder_seeded WHERE name = ?', name)) return;
      make();
      db.run('INSERT INTO cinder_seeded (name) VALUES (?)', name);
    };
    once('type:standard', () => {
      if (!db.get("SELECT 1 FROM cinder_volume_types WHERE name = 'standard'")) {
        createType(db, now, { name: 'standard', description: 'Thin-provisioned LVM volumes', extraSpecs: { volume_backend_name: 'lvm' } });
      }
    });
    once('type:fast', () => {
      if (!db.get("SELECT 1 FROM cinder_volume_types WHERE name = 'fast'")) {
        createType(db, now, { name: 'fast', description: 'SSD-backed volumes', extraSpecs: { volume_backend_name: 'lvm', multiattach: '<is> False' } });
      }
    });
    once('volume:demo-volume', () => {
      const type = db.get<{ id: string }>("SELECT id FROM cinder_volume_types WHERE name = 'standard'");
      if (!type) return;
      db.run(
        `INSERT INTO cinder_volumes (id, project_id, user_id, name, description, size, status, availability_zone, type_id, created_at, updated_at)
         VALUES (?, ?, ?, 'demo-volume', 'A blank volume of the demo project', 1, 'available', ?, ?, ?, ?)`,
        randomUUID(),
        demo.projectId,
        demo.userId,
        AVAILABILITY_ZONE,
        type.id,
        now,
        now,
      );
    });
  });
}
