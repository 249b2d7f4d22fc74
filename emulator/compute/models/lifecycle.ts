import type { Db } from '../../store/db.js';
import type { ComputeCollaborators } from './collaborators.js';
import { encryptedPassword } from './guest.js';
import { flavorOf, POWER, type ServerRow } from './servers.js';
import { recordTermination } from './usage.js';

/**
 * The transitions of a server, settled lazily against the emulator clock
 * (before every compute request): each runs from `transition_start` to
 * `transition_until`, showing its task states in turn, then lands in its end
 * state. All of it is in SQLite, so a server that was building when the
 * process stopped finishes its build after the restart.
 */

interface TransitionSpec {
  /** Task states shown in turn over the transition's duration. */
  tasks: (string | null)[];
}

export const TRANSITIONS: Record<string, TransitionSpec> = {
  build: { tasks: ['scheduling', 'networking', 'spawning'] },
  stop: { tasks: ['powering-off'] },
  start: { tasks: ['powering-on'] },
  pause: { tasks: ['pausing'] },
  unpause: { tasks: ['unpausing'] },
  suspend: { tasks: ['suspending'] },
  resume: { tasks: ['resuming'] },
  reboot: { tasks: ['rebooting'] },
  reboot_hard: { tasks: ['rebooting_hard'] },
  resize: { tasks: ['resize_prep', 'resize_migrating', 'resize_migrated', 'resize_finish'] },
  revert_resize: { tasks: ['resize_reverting'] },
  snapshot: { tasks: ['image_snapshot', 'image_pending_upload', 'image_uploading'] },
  backup: { tasks: ['image_backup', 'image_pending_upload', 'image_uploading'] },
  rebuild: { tasks: ['rebuilding', 'rebuild_block_device_mapping', 'rebuild_spawning'] },
  delete: { tasks: ['deleting'] },
  shelve: { tasks: ['shelving', 'shelving_image_pending_upload', 'shelving_image_uploading', 'shelving_offloading'] },
  unshelve: { tasks: ['spawning', 'unshelving'] },
  rescue: { tasks: ['rescuing'] },
  unrescue: { tasks: ['unrescuing'] },
  live_migrate: { tasks: ['migrating'] },
  migrate: { tasks: ['resize_prep', 'resize_migrating', 'resize_migrated', 'resize_finish'] },
};

/** The task state a transition shows at `now`. */
function taskAt(row: ServerRow, now: number): string | null {
  const spec = TRANSITIONS[row.transition!];
  const span = Math.max(1, row.transition_until! - row.transition_start!);
  const index = Math.min(spec.tasks.length - 1, Math.floor(((now - row.transition_start!) / span) * spec.tasks.length));
  return spec.tasks[Math.max(0, index)];
}

function land(db: Db, row: ServerRow, fields: Record<string, unknown>): void {
  const entries = Object.entries({ transition: null, transition_start: null, transition_until: null, task_state: null, updated_at: row.transition_until, ...fields });
  db.run(`UPDATE instances SET ${entries.map(([key]) => `${key} = ?`).join(', ')} WHERE uuid = ?`, ...entries.map(([, value]) => value), row.uuid);
}

function fault(message: string, code: number, at: number): string {
  return JSON.stringify({ code, message, created: at });
}

/** Removes a server for good: ports released, volumes detached (and deleted when asked), group membership dropped. */
export function purgeServer(db: Db, collaborators: ComputeCollaborators, row: ServerRow): void {
  for (const port of db.all<{ port_id: string; preexisting: number }>('SELECT port_id, preexisting FROM instance_ports WHERE instance_uuid = ?', row.uuid)) {
    collaborators.networking.releasePort(port.port_id, !port.preexisting);
  }
  for (const mapping of db.all<{ volume_id: string; delete_on_termination: number }>('SELECT volume_id, delete_on_termination FROM block_device_mappings WHERE instance_uuid = ?', row.uuid)) {
    collaborators.volumes.detach(mapping.volume_id, row.uuid);
    if (mapping.delete_on_termination) collaborators.volumes.remove(mapping.volume_id);
  }
  db.run('DELETE FROM instance_group_members WHERE instance_uuid = ?', row.uuid);
  recordTermination(db, row, row.transition_until ?? row.updated_at ?? row.created_at);
  db.run('DELETE FROM instances WHERE uuid = ?', row.uuid);
}

/** Ends a build: volumes made by Cinder are attached (the build waits while one is still creating), then ACTIVE. */
function finishBuild(db: Db, collaborators: ComputeCollaborators, row: ServerRow, now: number): void {
  if (!row.host) {
    land(db, row, { vm_state: 'error', power_state: POWER.NOSTATE, fault: fault('No valid host was found. There are not enough hosts available.', 500, row.transition_until!) });
    return;
  }
  const pending = db.all<{ volume_id: string; device_name: string }>('SELECT volume_id, device_name FROM block_device_mappings WHERE instance_uuid = ? AND pending = 1', row.uuid);
  for (const mapping of pending) {
    const volume = collaborators.volumes.find({ projectId: row.project_id, userId: row.user_id, isAdmin: true }, mapping.volume_id);
    if (volume?.status === 'creating') return; // still copying: the build goes on
    if (!volume || volume.status !== 'available') {
      land(db, row, {
        vm_state: 'error',
        power_state: POWER.NOSTATE,
        fault: fault(`Build of instance ${row.uuid} aborted: Volume ${mapping.volume_id} did not finish being created even after we waited 3 seconds or 2 attempts. And its status is ${volume?.status ?? 'deleted'}.`, 500, now),
      });
      return;
    }
  }
  for (const mapping of pending) {
    const attachment = collaborators.volumes.attach(mapping.volume_id, row.uuid, mapping.device_name, row.host);
    db.run('UPDATE block_device_mappings SET pending = 0, attachment_id = ? WHERE instance_uuid = ? AND volume_id = ?', attachment, row.uuid, mapping.volume_id);
  }
  // A build that waited for its volumes launches when they were ready, i.e. now.
  const launchedAt = pending.length ? now : row.transition_until;
  land(db, row, { vm_state: 'active', power_state: POWER.RUNNING, launched_at: launchedAt, updated_at: launchedAt, password: encryptedPassword(row.key_data) });
}

function finish(db: Db, collaborators: ComputeCollaborators, row: ServerRow, now: number): void {
  const runningOrOff = (): 'active' | 'stopped' => (row.power_state === POWER.SHUTDOWN ? 'stopped' : 'active');
  switch (row.transition) {
    case 'build':
      return finishBuild(db, collaborators, row, now);
    case 'stop':
      return land(db, row, { vm_state: 'stopped', power_state: POWER.SHUTDOWN });
    case 'start':
    case 'unpause':
    case 'resume':
    case 'reboot':
    case 'reboot_hard':
      return land(db, row, { vm_state: 'active', power_state: POWER.RUNNING });
    case 'pause':
      return land(db, row, { vm_state: 'paused', power_state: POWER.PAUSED });
    case 'suspend':
      return land(db, row, { vm_state: 'suspended', power_state: POWER.SHUTDOWN });
    case 'resize': {
      const next = JSON.parse(row.new_flavor!) as ReturnType<typeof flavorOf>;
      const volumeBacked = !row.image_ref;
      if (!volumeBacked && next.root_gb < flavorOf(row).root_gb) {
        // The hypervisor cannot shrink a disk: the resize fails, the server keeps its flavor (the action log says Error).
        db.run(
          "UPDATE instance_actions SET message = 'Error', finish_time = ? WHERE id = (SELECT MAX(id) FROM instance_actions WHERE instance_uuid = ? AND action = 'resize')",
          row.transition_until,
          row.uuid,
        );
        return land(db, row, { vm_state: runningOrOff(), old_flavor: null, new_flavor: null, fault: fault('Resize error: Unable to resize disk down.', 500, row.transition_until!) });
      }
      return land(db, row, { vm_state: 'resized', flavor: row.new_flavor, vcpus: next.vcpus, memory_mb: next.memory_mb });
    }
    case 'revert_resize': {
      const previous = JSON.parse(row.old_flavor!) as ReturnType<typeof flavorOf>;
      // A reverted cold migration goes back to the host it came from (kept in target_host meanwhile).
      return land(db, row, { vm_state: runningOrOff(), flavor: row.old_flavor, vcpus: previous.vcpus, memory_mb: previous.memory_mb, old_flavor: null, new_flavor: null, host: row.target_host ?? row.host, target_host: null });
    }
    case 'snapshot':
    case 'backup':
      return land(db, row, {});
    case 'rebuild':
      // A stopped server stays stopped; an active or errored one comes back running.
      return land(db, row, row.vm_state === 'stopped' ? {} : { vm_state: 'active', power_state: POWER.RUNNING, fault: null });
    case 'delete':
      return purgeServer(db, collaborators, row);
    // Offloaded at once: the server leaves its host (and frees it) until unshelved.
    case 'shelve':
      return land(db, row, { vm_state: 'shelved_offloaded', power_state: POWER.SHUTDOWN, host: null });
    case 'unshelve':
      return land(db, row, { vm_state: 'active', power_state: POWER.RUNNING, host: row.target_host, target_host: null });
    case 'rescue':
      return land(db, row, { vm_state: 'rescued', power_state: POWER.RUNNING });
    case 'unrescue':
      return land(db, row, { vm_state: 'active', power_state: POWER.RUNNING });
    case 'live_migrate':
      return land(db, row, { host: row.target_host, target_host: null });
    // A cold migration waits, as a resize does, for Confirm or Revert on its new host; the source host is kept for a revert.
    case 'migrate':
      return land(db, row, { vm_state: 'resized', host: row.target_host, target_host: row.host });
    default:
      return land(db, row, {});
  }
}

/**
 * Lands one transition in its own savepoint: should another service refuse
 * its part (a port or volume already gone), the server ends in ERROR with
 * the reason instead of every later request failing on it.
 */
function finishSafely(db: Db, collaborators: ComputeCollaborators, row: ServerRow, now: number): void {
  try {
    db.tx(() => finish(db, collaborators, row, now));
  } catch (error) {
    if (row.transition === 'delete') {
      db.run('DELETE FROM instance_group_members WHERE instance_uuid = ?', row.uuid);
      recordTermination(db, row, row.transition_until!);
      db.run('DELETE FROM instances WHERE uuid = ?', row.uuid);
      return;
    }
    land(db, row, { vm_state: 'error', fault: fault((error as Error).message, 500, now) });
  }
}

/** Brings every server up to `now`: finished transitions land, running ones show their current task state. */
export function settleServers(db: Db, collaborators: ComputeCollaborators, now: number): void {
  collaborators.volumes.settle();
  db.tx(() => {
    db.run('DELETE FROM console_auth_tokens WHERE expires <= ?', now);
    for (const row of db.all<ServerRow>('SELECT * FROM instances WHERE transition IS NOT NULL ORDER BY id')) {
      if (row.transition_until! <= now) finishSafely(db, collaborators, row, now);
      else {
        const task = taskAt(row, now);
        if (task !== row.task_state) db.run('UPDATE instances SET task_state = ? WHERE uuid = ?', task, row.uuid);
      }
    }
  });
}
