import type { FastifyReply, FastifyRequest } from 'fastify';
import { BadRequest } from '../../core/errors.js';
import { validateAgainst } from '../../core/validation.js';
import { chooseHost, HYPERVISORS, hostZone } from '../models/hosts.js';
import { TRANSITIONS } from '../models/lifecycle.js';
import { beginTransition, checkState, flavorOf, recordAction, type ServerRow } from '../models/servers.js';
import { adminOnly, contextOf, requestIdOf } from './common.js';
import { callerOf, type ComputeDeps } from './servers.js';

/**
 * The server actions that take it off its host or onto another one: shelve
 * and unshelve, rescue and unrescue, live and cold migration (nova/api/
 * openstack/compute shelve.py, rescue.py, migrate_server.py). Shelving
 * offloads at once (shelved_offload_time 0, Nova's default), so the server
 * leaves its host and frees it; unshelve schedules it again.
 */

type ActionHandler = (deps: ComputeDeps, request: FastifyRequest, reply: FastifyReply, row: ServerRow, body: Record<string, unknown>) => unknown;

const RESCUE = {
  type: 'object',
  properties: {
    rescue: {
      type: ['object', 'null'],
      properties: { adminPass: { type: 'string' }, rescue_image_ref: { type: 'string', format: 'uuid' } },
      additionalProperties: false,
    },
  },
  required: ['rescue'],
  additionalProperties: false,
};

const LIVE_MIGRATE = {
  type: 'object',
  properties: {
    'os-migrateLive': {
      type: 'object',
      properties: {
        host: { type: ['string', 'null'], minLength: 1, maxLength: 255 },
        block_migration: { type: ['boolean', 'string'], enum: [true, false, 'True', 'False', 'true', 'false', 'auto'] },
        disk_over_commit: { type: ['boolean', 'string'] },
        force: { type: ['boolean', 'string'] },
      },
      required: ['block_migration', 'host'],
      additionalProperties: false,
    },
  },
  required: ['os-migrateLive'],
  additionalProperties: false,
};

const MIGRATE = {
  type: 'object',
  properties: { migrate: { type: ['object', 'null'], properties: { host: { type: ['string', 'null'], minLength: 1 } }, additionalProperties: false } },
  required: ['migrate'],
  additionalProperties: false,
};

function begin(deps: ComputeDeps, request: FastifyRequest, row: ServerRow, action: string, transition: string) {
  const now = deps.clock.now();
  recordAction(deps.db, now, row, action, contextOf(request), requestIdOf(request));
  beginTransition(deps.db, now, row.uuid, transition, TRANSITIONS[transition].tasks[0], deps.transitionMs);
}


/**
 * The host a migration goes to: the one asked for (which must exist and
 * differ), else the scheduler's choice among the others. The server takes
 * that host's zone once it is chosen, as Nova's conductor sets
 * instance.availability_zone for the destination (live_migrate.py, migrate.py).
 */
function targetHost(deps: ComputeDeps, row: ServerRow, asked: string | null | undefined): string {
  const flavor = flavorOf(row);
  if (asked) {
    if (!HYPERVISORS.some((hypervisor) => hypervisor.host === asked)) throw new BadRequest(`Compute host ${asked} could not be found.`);
    if (asked === row.host) throw new BadRequest(`Unable to migrate instance (${row.uuid}) to current host (${row.host}).`);
    return asked;
  }
  const others = HYPERVISORS.filter((hypervisor) => hypervisor.host !== row.host).map((hypervisor) => hypervisor.host);
  const chosen = chooseHost(deps.db, { zone: row.availability_zone, vcpus: flavor.vcpus, memoryMb: flavor.memory_mb }, []);
  const host = chosen && chosen !== row.host ? chosen : others[0];
  if (!host) throw new BadRequest('No valid host was found. ');
  return host;
}

const shelve: ActionHandler = (deps, request, reply, row) => {
  deps.db.tx(() => {
    checkState(row, 'shelve', ['active', 'stopped', 'paused', 'suspended']);
    begin(deps, request, row, 'shelve', 'shelve');
  });
  return reply.code(202).send();
};

const unshelve: ActionHandler = (deps, request, reply, row) => {
  deps.db.tx(() => {
    checkState(row, 'unshelve', ['shelved', 'shelved_offloaded']);
    const flavor = flavorOf(row);
    const host = chooseHost(deps.db, { zone: row.availability_zone, vcpus: flavor.vcpus, memoryMb: flavor.memory_mb });
    if (!host) throw new BadRequest('No valid host was found. There are not enough hosts available.');
    deps.db.run('UPDATE instances SET target_host = ?, availability_zone = ? WHERE uuid = ?', host, hostZone(deps.db, host), row.uuid);
    begin(deps, request, row, 'unshelve', 'unshelve');
  });
  return reply.code(202).send();
};

const rescue: ActionHandler = (deps, request, reply, row, body) => {
  validateAgainst(RESCUE, body);
  const input = (body.rescue ?? {}) as { adminPass?: string; rescue_image_ref?: string };
  deps.db.tx(() => {
    checkState(row, 'rescue', ['active', 'stopped', 'error']);
    if (input.rescue_image_ref && !deps.collaborators.images.find(callerOf(contextOf(request)), input.rescue_image_ref)) {
      throw new BadRequest(`Image ${input.rescue_image_ref} could not be found.`);
    }
    begin(deps, request, row, 'rescue', 'rescue');
  });
  reply.code(200);
  return { adminPass: input.adminPass ?? Math.random().toString(36).slice(2, 14) };
};

const unrescue: ActionHandler = (deps, request, reply, row) => {
  deps.db.tx(() => {
    checkState(row, 'unrescue', ['rescued']);
    begin(deps, request, row, 'unrescue', 'unrescue');
  });
  return reply.code(202).send();
};

const liveMigrate: ActionHandler = (deps, request, reply, row, body) => {
  adminOnly(contextOf(request), 'os_compute_api:os-migrate-server:migrate_live');
  validateAgainst(LIVE_MIGRATE, body);
  const input = body['os-migrateLive'] as { host: string | null };
  deps.db.tx(() => {
    checkState(row, 'live_migration', ['active', 'paused']);
    const host = targetHost(deps, row, input.host);
    deps.db.run('UPDATE instances SET target_host = ?, availability_zone = ? WHERE uuid = ?', host, hostZone(deps.db, host), row.uuid);
    begin(deps, request, row, 'live-migration', 'live_migrate');
  });
  return reply.code(202).send();
};

/** Cold migration: the server moves through resize's states to VERIFY_RESIZE on the new host, with its own flavor. */
const migrate: ActionHandler = (deps, request, reply, row, body) => {
  adminOnly(contextOf(request), 'os_compute_api:os-migrate-server:migrate');
  validateAgainst(MIGRATE, body);
  const input = (body.migrate ?? {}) as { host?: string | null };
  deps.db.tx(() => {
    checkState(row, 'migrate', ['active', 'stopped']);
    const host = targetHost(deps, row, input.host);
    deps.db.run('UPDATE instances SET target_host = ?, availability_zone = ?, old_flavor = flavor, new_flavor = flavor WHERE uuid = ?', host, hostZone(deps.db, host), row.uuid);
    begin(deps, request, row, 'migrate', 'migrate');
  });
  return reply.code(202).send();
};

export const HOST_ACTIONS: Record<string, ActionHandler> = {
  shelve,
  unshelve,
  rescue,
  unrescue,
  'os-migrateLive': liveMigrate,
  migrate,
};
