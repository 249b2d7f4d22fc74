import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { novaTime } from '../../core/clock.js';
import { isAdmin } from '../../core/context.js';
import { BadRequest, CloudError, Conflict, NotFound } from '../../core/errors.js';
import { jsonBody } from '../../core/http.js';
import type { Microversion } from '../../core/microversion.js';
import { cloudUrl } from '../../core/service.js';
import { validateAgainst } from '../../core/validation.js';
import { getFlavor } from '../models/flavors.js';
import { bootLog, consoleTail } from '../models/guest.js';
import { hostZone } from '../models/hosts.js';
import { TRANSITIONS } from '../models/lifecycle.js';
import {
  beginTransition,
  checkResizeQuota,
  checkNotLocked,
  checkState,
  confirmResize,
  flavorOf,
  getServer,
  recordAction,
  type ServerRow,
  snapshotFlavor,
} from '../models/servers.js';
import { contextOf, requestIdOf, versionOf } from './common.js';
import { addressesOf, callerOf, type ComputeDeps, type ComputeHandler, serverIdOf, serverViewerOf } from './servers.js';
import { name as nameType } from './parameter-types.js';
import { MORE_ACTIONS, UNLOCKED_ACTIONS } from './server-actions-more.js';

/**
 * `POST /servers/{id}/action` and the server's sub-resources
 * (os-instance-actions, os-volume_attachments, os-server-password,
 * remote-consoles), with Nova's state rules: each action is allowed only
 * from the vm and task states `nova/compute/api.py` lists, else the 409
 * "Cannot '<action>' instance <id> while it is in vm_state <state>".
 */

const HARD_REBOOT_VM_STATES = ['active', 'stopped', 'paused', 'suspended', 'error'];
const REBOOT_TASK_STATES = [null, 'rebooting', 'reboot_pending', 'reboot_started', 'rebooting_hard', 'resuming', 'unpausing', 'pausing', 'suspending'];
const HARD_REBOOT_TASK_STATES = [null, 'rebooting', 'reboot_pending', 'reboot_started', 'rebooting_hard', 'reboot_pending_hard', 'reboot_started_hard', 'resuming', 'unpausing', 'pausing', 'suspending'];

/** Simple power actions: the API action name, the vm states allowed, the transition started. */
const POWER_ACTIONS: Record<string, { action: string; vmStates: string[]; transition: string }> = {
  'os-start': { action: 'start', vmStates: ['stopped'], transition: 'start' },
  'os-stop': { action: 'stop', vmStates: ['active', 'error'], transition: 'stop' },
  pause: { action: 'pause', vmStates: ['active'], transition: 'pause' },
  unpause: { action: 'unpause', vmStates: ['paused'], transition: 'unpause' },
  suspend: { action: 'suspend', vmStates: ['active'], transition: 'suspend' },
  resume: { action: 'resume', vmStates: ['suspended'], transition: 'resume' },
};

const REBOOT = {
  type: 'object',
  properties: { reboot: { type: 'object', properties: { type: { type: 'string', enum: ['HARD', 'Hard', 'hard', 'SOFT', 'Soft', 'soft'] } }, required: ['type'], additionalProperties: false } },
  required: ['reboot'],
  additionalProperties: false,
};
const RESIZE = {
  type: 'object',
  properties: {
    resize: {
      type: 'object',
      properties: { flavorRef: { type: ['string', 'integer'], minLength: 1 }, 'OS-DCF:diskConfig': { type: 'string', enum: ['AUTO', 'MANUAL'] } },
      required: ['flavorRef'],
      additionalProperties: false,
    },
  },
  required: ['resize'],
  additionalProperties: false,
};
const CREATE_IMAGE = {
  type: 'object',
  properties: {
    createImage: {
      type: 'object',
      properties: { name: nameType, metadata: { type: 'object', patternProperties: { '^[a-zA-Z0-9-_:. ]{1,255}$': { type: 'string', maxLength: 255 } }, additionalProperties: false } },
      required: ['name'],
      additionalProperties: false,
    },
  },
  required: ['createImage'],
  additionalProperties: false,
};
const CONSOLE_OUTPUT = {
  type: 'object',
  properties: {
    'os-getConsoleOutput': {
      type: ['object'],
      properties: { length: { type: ['integer', 'string', 'null'], pattern: '^-?[0-9]+$', minimum: -1 } },
      additionalProperties: false,
    },
  },
  required: ['os-getConsoleOutput'],
  additionalProperties: false,
};

/** The remote console types the emulated hosts offer: noVNC only, as a deployment without spice, rdp, serial or mks proxies. */
const CONSOLE_ACTIONS: Record<string, { protocol: string; types: string[] }> = {
  'os-getVNCConsole': { protocol: 'vnc', types: ['novnc', 'xvpvnc'] },
  'os-getSPICEConsole': { protocol: 'spice', types: ['spice-html5'] },
  'os-getRDPConsole': { protocol: 'rdp', types: ['rdp-html5'] },
  'os-getSerialConsole': { protocol: 'serial', types: ['serial'] },
};
const OFFERED_CONSOLES = ['novnc'];

/** nova.conf [consoleauth] token_ttl */
const CONSOLE_TOKEN_TTL_MS = 600_000;

function start(deps: ComputeDeps, request: FastifyRequest, row: ServerRow, action: string, transition: string) {
  const now = deps.clock.now();
  recordAction(deps.db, now, row, action, contextOf(request), requestIdOf(request));
  beginTransition(deps.db, now, row.uuid, transition, TRANSITIONS[transition].tasks[0], deps.transitionMs);
}

function consoleUrl(deps: ComputeDeps, row: ServerRow, type: string): string {
  if (!row.host) throw new Conflict(`Instance ${row.uuid} is not ready`);
  if (!OFFERED_CONSOLES.includes(type)) throw new BadRequest(`Unavailable console type ${type}.`);
  const token = randomBytes(24).toString('base64url');
  deps.db.tx(() =>
    deps.db.run(
      'INSERT INTO console_auth_tokens (token_hash, instance_uuid, console_type, expires) VALUES (?, ?, ?, ?)',
      createHash('sha256').update(token).digest('hex'),
      row.uuid,
      type,
      deps.clock.now() + CONSOLE_TOKEN_TTL_MS,
    ),
  );
  return `${cloudUrl(deps, '/compute')}/console/vnc_lite.html?token=${token}`;
}

/** The guest's console log, from the server's facts. Empty until it has launched. */
export function guestLog(deps: ComputeDeps, row: ServerRow): string[] {
  if (row.launched_at === null) return [];
  const flavor = flavorOf(row);
  const macOf: Record<string, string> = {};
  const addresses = Object.values(addressesOf(deps, row.uuid))
    .flat()
    .filter((address) => address['OS-EXT-IPS:type'] === 'fixed')
    .map((address) => {
      macOf[address.addr] = address['OS-EXT-IPS-MAC:mac_addr'];
      return { address: address.addr, version: address.version as 4 | 6, mac: address['OS-EXT-IPS-MAC:mac_addr'] };
    });
  return bootLog({
    uuid: row.uuid,
    hostname: row.hostname,
    launchedAt: row.launched_at,
    addresses,
    keyName: row.key_name,
    keyFingerprint: row.key_fingerprint,
    memoryMb: flavor.memory_mb,
    vcpus: flavor.vcpus,
  });
}

async function dispatch(deps: ComputeDeps, request: FastifyRequest, reply: FastifyReply, version: Microversion) {
  const context = contextOf(request);
  const body = jsonBody(request);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BadRequest('Malformed request body');
  const action = Object.keys(body as object)[0];
  const row = getServer(deps.db, serverViewerOf(context), serverIdOf(request));
  const { db } = deps;
  if (!UNLOCKED_ACTIONS.has(action)) checkNotLocked(row, isAdmin(context));
  const more = Object.hasOwn(MORE_ACTIONS, action) ? MORE_ACTIONS[action] : undefined;
  if (more) return more(deps, request, reply, row, body as Record<string, unknown>, version);

  const power = POWER_ACTIONS[action];
  if (power) {
    db.tx(() => {
      checkState(row, power.action, power.vmStates);
      start(deps, request, row, power.action, power.transition);
    });
    return reply.code(202).send();
  }
  switch (action) {
    case 'reboot': {
      validateAgainst(REBOOT, body);
      const hard = (body as { reboot: { type: string } }).reboot.type.toUpperCase() === 'HARD';
      db.tx(() => {
        checkState(row, 'reboot', HARD_REBOOT_VM_STATES, REBOOT_TASK_STATES);
        if (hard) checkState(row, 'reboot', HARD_REBOOT_VM_STATES, HARD_REBOOT_TASK_STATES);
        else checkState(row, 'reboot', ['active'], [null]);
        start(deps, request, row, 'reboot', hard ? 'reboot_hard' : 'reboot');
      });
      return reply.code(202).send();
    }
    case 'resize': {
      validateAgainst(RESIZE, body);
      const flavorRef = String((body as { resize: { flavorRef: string } }).resize.flavorRef);
      db.tx(() => {
        checkState(row, 'resize', ['active', 'stopped']);
        let flavor;
        try {
          flavor = getFlavor(db, { isAdmin: context.roles.includes('admin'), projectId: context.projectId }, flavorRef);
        } catch {
          throw new BadRequest('Unable to locate requested flavor.');
        }
        if (flavor.flavorid === flavorOf(row).flavorid) throw new BadRequest('When resizing, instances must change flavor!');
        if (flavor.disabled) throw new BadRequest('Unable to locate requested flavor.');
        checkResizeQuota(db, row, flavor);
        db.run('UPDATE instances SET old_flavor = flavor, new_flavor = ? WHERE uuid = ?', JSON.stringify(snapshotFlavor(flavor)), row.uuid);
        start(deps, request, row, 'resize', 'resize');
      });
      return reply.code(202).send();
    }
    case 'confirmResize':
      db.tx(() => {
        checkState(row, 'confirmResize', ['resized'], null);
        recordAction(db, deps.clock.now(), row, 'confirmResize', context, requestIdOf(request));
        confirmResize(db, deps.clock.now(), row);
      });
      return reply.code(204).send();
    case 'revertResize':
      db.tx(() => {
        checkState(row, 'revertResize', ['resized']);
        // Nova's revert_resize puts the server back in its source host's zone before the compute service moves it.
        if (row.target_host) db.run('UPDATE instances SET availability_zone = ? WHERE uuid = ?', hostZone(db, row.target_host), row.uuid);
        start(deps, request, row, 'revertResize', 'revert_resize');
      });
      return reply.code(202).send();
    case 'createImage': {
      validateAgainst(CREATE_IMAGE, body);
      const values = (body as { createImage: { name: string; metadata?: Record<string, string> } }).createImage;
      const imageId = db.tx(() => {
        checkState(row, 'createImage', ['active', 'stopped', 'paused', 'suspended']);
        const flavor = flavorOf(row);
        const base = row.image_ref ? deps.collaborators.images.find(callerOf(context), row.image_ref) : null;
        const id = deps.collaborators.images.snapshot(callerOf(context), {
          name: values.name,
          serverId: row.uuid,
          baseImageId: row.image_ref,
          properties: { ...(values.metadata ?? {}) },
          minDisk: Math.max(flavor.root_gb, base?.minDisk ?? 0),
          minRam: base?.minRam ?? 0,
        });
        start(deps, request, row, 'createImage', 'snapshot');
        return id;
      });
      reply.code(202);
      if (version.atLeast('2.45')) return { image_id: imageId };
      reply.header('Location', `${cloudUrl(deps, '/image')}/v2/images/${imageId}`);
      return reply.send();
    }
    case 'os-getConsoleOutput': {
      validateAgainst(CONSOLE_OUTPUT, body);
      const raw = (body as { 'os-getConsoleOutput': { length?: number | string | null } })['os-getConsoleOutput'].length;
      if (!row.host) throw new Conflict(`Instance ${row.uuid} is not ready`);
      const length = raw === undefined || raw === null ? null : Number(raw);
      return { output: consoleTail(guestLog(deps, row), length) };
    }
    default: {
      const consoleAction = CONSOLE_ACTIONS[action];
      if (consoleAction) {
        const type = ((body as Record<string, { type?: string } | null>)[action] ?? {}).type;
        if (!type || !consoleAction.types.includes(type)) {
          throw new BadRequest(`Invalid input for field/attribute type. Value: ${type}. '${type}' is not one of ${JSON.stringify(consoleAction.types).replace(/"/g, "'").replace(/,/g, ', ')}`);
        }
        return { console: { type, url: consoleUrl(deps, row, type) } };
      }
      throw new BadRequest('There is no such action: ' + action);
    }
  }
}

/** `POST /servers/{id}/action` */
export const serverAction: ComputeHandler = (deps) => async (request, reply) => dispatch(deps, request, reply, versionOf(request));

const REMOTE_CONSOLE = {
  type: 'object',
  properties: {
    remote_console: {
      type: 'object',
      properties: {
        protocol: { type: 'string', enum: ['vnc', 'spice', 'rdp', 'serial', 'mks'] },
        type: { type: 'string', enum: ['novnc', 'xvpvnc', 'rdp-html5', 'spice-html5', 'serial', 'webmks'] },
      },
      required: ['protocol', 'type'],
      additionalProperties: false,
    },
  },
  required: ['remote_console'],
  additionalProperties: false,
};

/** `POST /servers/{id}/remote-consoles` (2.6+): 200 with protocol, type and url. */
export const createRemoteConsole: ComputeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  if (!versionOf(request).atLeast('2.6')) throw new CloudError(404, 'The resource could not be found.');
  const body = jsonBody(request);
  validateAgainst(REMOTE_CONSOLE, body);
  const { protocol, type } = (body as { remote_console: { protocol: string; type: string } }).remote_console;
  const row = getServer(deps.db, serverViewerOf(context), serverIdOf(request));
  return { remote_console: { protocol, type, url: consoleUrl(deps, row, type) } };
};

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `GET /cloud/compute/console/vnc_lite.html?token=`: the console page the URL leads to, a terminal showing the guest's log. */
export const consolePage: ComputeHandler = (deps) => async (request, reply) => {
  const token = (request.query as { token?: string }).token ?? '';
  const found = deps.db.get<{ instance_uuid: string; expires: number }>(
    'SELECT instance_uuid, expires FROM console_auth_tokens WHERE token_hash = ?',
    createHash('sha256').update(token).digest('hex'),
  );
  reply.header('Content-Type', 'text/html; charset=utf-8');
  if (!found || found.expires <= deps.clock.now()) {
    return reply.code(401).send('<!DOCTYPE html><html><head><title>Console</title></head><body><p>The token has expired or is invalid.</p></body></html>');
  }
  const row = deps.db.get<ServerRow>('SELECT * FROM instances WHERE uuid = ?', found.instance_uuid)!;
  const title = (request.query as { title?: string }).title ?? row.display_name;
  const screen = row.vm_state === 'active' ? guestLog(deps, row).join('\n') : `The guest is ${row.vm_state}.`;
  return reply.send(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{margin:0;background:#000;color:#ccc;font:12px/1.3 monospace}#status{position:sticky;top:0;background:#333;color:#fff;padding:4px 8px}pre{margin:0;padding:8px;white-space:pre;overflow-x:auto}</style>
</head><body><div id="status">Connected (unencrypted) to: QEMU (${escapeHtml(`instance-${row.id.toString(16).padStart(8, '0')}`)})</div>
<pre id="screen">${escapeHtml(screen)}</pre>
<script>window.scrollTo(0, document.body.scrollHeight);</script></body></html>`);
};

/** `GET /servers/{id}/os-instance-actions`: newest first. */
export const listInstanceActions: ComputeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  const uuid = serverIdOf(request);
  // The log outlives the server for an admin; a member needs the server itself.
  if (!context.roles.includes('admin')) getServer(deps.db, serverViewerOf(context), uuid);
  const rows = deps.db.all<{ action: string; instance_uuid: string; request_id: string; user_id: string; project_id: string; start_time: number; message: string | null }>(
    'SELECT * FROM instance_actions WHERE instance_uuid = ? ORDER BY start_time DESC, id DESC',
    uuid,
  );
  if (!rows.length) getServer(deps.db, serverViewerOf(context), uuid);
  return {
    instanceActions: rows.map((row) => ({
      action: row.action,
      instance_uuid: row.instance_uuid,
      request_id: row.request_id,
      user_id: row.user_id,
      project_id: row.project_id,
      start_time: novaTime(row.start_time),
      message: row.message,
      ...(versionOf(request).atLeast('2.58') ? { updated_at: novaTime(row.start_time) } : {}),
    })),
  };
};

/** `GET /servers/{id}/os-volume_attachments` */
export const listVolumeAttachments: ComputeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  const row = getServer(deps.db, serverViewerOf(context), serverIdOf(request));
  const version = versionOf(request);
  const mappings = deps.db.all<{ volume_id: string; device_name: string; delete_on_termination: number; attachment_id: string | null }>(
    'SELECT * FROM block_device_mappings WHERE instance_uuid = ? AND pending = 0 ORDER BY rowid',
    row.uuid,
  );
  return {
    volumeAttachments: mappings.map((mapping) => ({
      id: mapping.volume_id,
      device: mapping.device_name,
      serverId: row.uuid,
      volumeId: mapping.volume_id,
      ...(version.atLeast('2.70') ? { tag: null } : {}),
      ...(version.atLeast('2.79') ? { delete_on_termination: Boolean(mapping.delete_on_termination) } : {}),
      ...(version.atLeast('2.89') ? { attachment_id: mapping.attachment_id, bdm_uuid: null } : {}),
    })),
  };
};

const ATTACH = {
  type: 'object',
  properties: {
    volumeAttachment: {
      type: 'object',
      properties: { volumeId: { type: 'string', format: 'uuid' }, device: { type: ['string', 'null'], pattern: '(^/dev/x{0,1}[a-z]{0,1}d{0,1})([a-z]+)[0-9]*$' } },
      required: ['volumeId'],
      additionalProperties: true,
    },
  },
  required: ['volumeAttachment'],
  additionalProperties: false,
};

/** `POST /servers/{id}/os-volume_attachments`: attaches an available volume at the next free device. */
export const attachVolume: ComputeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  const body = jsonBody(request);
  validateAgainst(ATTACH, body);
  const { volumeId } = (body as { volumeAttachment: { volumeId: string } }).volumeAttachment;
  const row = getServer(deps.db, serverViewerOf(context), serverIdOf(request));
  const device = deps.db.tx(() => {
    checkState(row, 'attach_volume', ['active', 'paused', 'stopped', 'suspended', 'resized', 'shelved', 'shelved_offloaded']);
    const volume = deps.collaborators.volumes.find(callerOf(context), volumeId);
    if (!volume) throw new NotFound(`Volume ${volumeId} could not be found.`);
    if (volume.status !== 'available') throw new BadRequest(`Invalid volume: volume '${volumeId}' status must be 'available'. Currently in '${volume.status}'`);
    const used = deps.db.all<{ device_name: string }>('SELECT device_name FROM block_device_mappings WHERE instance_uuid = ?', row.uuid).map((mapping) => mapping.device_name);
    let letter = 98; // vda is the root disk
    while (used.includes(`/dev/vd${String.fromCharCode(letter)}`)) letter++;
    const name = `/dev/vd${String.fromCharCode(letter)}`;
    const attachment = deps.collaborators.volumes.attach(volumeId, row.uuid, name, row.host);
    deps.db.run(
      `INSERT INTO block_device_mappings (instance_uuid, volume_id, device_name, boot_index, source_type, delete_on_termination, attachment_id, pending) VALUES (?, ?, ?, NULL, 'volume', 0, ?, 0)`,
      row.uuid,
      volumeId,
      name,
      attachment,
    );
    recordAction(deps.db, deps.clock.now(), row, 'attach_volume', context, requestIdOf(request));
    return name;
  });
  return { volumeAttachment: { id: volumeId, device, serverId: row.uuid, volumeId } };
};

/** `DELETE /servers/{id}/os-volume_attachments/{volume}`: 202; the root volume stays. */
export const detachVolume: ComputeHandler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const row = getServer(deps.db, serverViewerOf(context), serverIdOf(request));
  const volumeId = (request.params as { volume: string }).volume;
  deps.db.tx(() => {
    const mapping = deps.db.get<{ boot_index: number | null }>('SELECT boot_index FROM block_device_mappings WHERE instance_uuid = ? AND volume_id = ? AND pending = 0', row.uuid, volumeId);
    if (!mapping) throw new NotFound(`Volume ${volumeId} is not attached to the instance ${row.uuid}`);
    if (mapping.boot_index === 0) throw new BadRequest("Can't detach root device volume");
    checkState(row, 'detach_volume', ['active', 'paused', 'stopped', 'suspended', 'resized', 'shelved', 'shelved_offloaded']);
    deps.collaborators.volumes.detach(volumeId, row.uuid);
    deps.db.run('DELETE FROM block_device_mappings WHERE instance_uuid = ? AND volume_id = ?', row.uuid, volumeId);
    recordAction(deps.db, deps.clock.now(), row, 'detach_volume', context, requestIdOf(request));
  });
  return reply.code(202).send();
};

/** `GET /servers/{id}/os-server-password`: the password the guest posted, encrypted with its key ('' when none). */
export const showServerPassword: ComputeHandler = (deps) => async (request) => {
  const row = getServer(deps.db, serverViewerOf(contextOf(request)), serverIdOf(request));
  return { password: row.password };
};

/** `DELETE /servers/{id}/os-server-password`: 204, the stored password cleared. */
export const clearServerPassword: ComputeHandler = (deps) => async (request, reply) => {
  const row = getServer(deps.db, serverViewerOf(contextOf(request)), serverIdOf(request));
  deps.db.tx(() => deps.db.run("UPDATE instances SET password = '' WHERE uuid = ?", row.uuid));
  return reply.code(204).send();
};

