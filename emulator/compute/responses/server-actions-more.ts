import type { FastifyReply, FastifyRequest } from 'fastify';
import { BadRequest, Forbidden } from '../../core/errors.js';
import { isAdmin } from '../../core/context.js';
import type { Microversion } from '../../core/microversion.js';
import { cloudUrl } from '../../core/service.js';
import { validateAgainst } from '../../core/validation.js';
import { TRANSITIONS } from '../models/lifecycle.js';
import { beginTransition, canonicalIPv6, checkState, flavorOf, getServer, recordAction, type ServerRow, setMetadata } from '../models/servers.js';
import { contextOf, requestIdOf } from './common.js';
import { callerOf, type ComputeDeps, portIdsOf, renderServer } from './servers.js';
import { HOST_ACTIONS } from './server-actions-host.js';

/**
 * The server actions beyond power, resize and snapshot: rebuild, createBackup,
 * lock/unlock and add/removeSecurityGroup, as nova/api/openstack/compute
 * (servers.py, create_backup.py, lock_server.py, security_groups.py) does them.
 */

type ActionHandler = (deps: ComputeDeps, request: FastifyRequest, reply: FastifyReply, row: ServerRow, body: Record<string, unknown>, version: Microversion) => unknown;

const REBUILD = {
  type: 'object',
  properties: {
    rebuild: {
      type: 'object',
      properties: {
        imageRef: { type: 'string', minLength: 1 },
        name: { type: 'string', minLength: 1, maxLength: 255 },
        adminPass: { type: 'string' },
        metadata: { type: 'object', additionalProperties: { type: 'string', maxLength: 255 } },
        accessIPv4: { type: 'string' },
        accessIPv6: { type: 'string' },
        'OS-DCF:diskConfig': { type: 'string', enum: ['AUTO', 'MANUAL'] },
        preserve_ephemeral: { type: 'boolean' },
        description: { type: ['string', 'null'], maxLength: 255 },
        key_name: { type: ['string', 'null'] },
        user_data: { type: ['string', 'null'] },
        trusted_image_certificates: { type: ['array', 'null'] },
        hostname: { type: 'string' },
        personality: { type: 'array' },
      },
      required: ['imageRef'],
      additionalProperties: false,
    },
  },
  required: ['rebuild'],
  additionalProperties: false,
};

const CREATE_BACKUP = {
  type: 'object',
  properties: {
    createBackup: {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 0, maxLength: 255 },
        backup_type: { type: 'string' },
        rotation: { type: ['integer', 'string'], pattern: '^[0-9]+$', minimum: 0 },
        metadata: { type: 'object' },
      },
      required: ['name', 'backup_type', 'rotation'],
      additionalProperties: false,
    },
  },
  required: ['createBackup'],
  additionalProperties: false,
};

const SECURITY_GROUP_ACTION = (action: string) => ({
  type: 'object',
  properties: { [action]: { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'], additionalProperties: false } },
  required: [action],
  additionalProperties: false,
});

function startTransition(deps: ComputeDeps, request: FastifyRequest, row: ServerRow, action: string, transition: string) {
  const now = deps.clock.now();
  recordAction(deps.db, now, row, action, contextOf(request), requestIdOf(request));
  beginTransition(deps.db, now, row.uuid, transition, TRANSITIONS[transition].tasks[0], deps.transitionMs);
}

const rebuild: ActionHandler = (deps, request, reply, row, body, version) => {
  validateAgainst(REBUILD, body);
  const context = contextOf(request);
  const input = body.rebuild as { imageRef: string; name?: string; adminPass?: string; metadata?: Record<string, string>; accessIPv4?: string; accessIPv6?: string; description?: string | null };
  const imageId = input.imageRef.replace(/^.*\//, '');
  const updated = deps.db.tx(() => {
    checkState(row, 'rebuild', ['active', 'stopped', 'error']);
    if (!row.image_ref) throw new BadRequest('Rebuilding a volume-backed server to another image is not supported.');
    const image = deps.collaborators.images.find(callerOf(context), imageId);
    if (!image) throw new BadRequest(`Image ${imageId} could not be found.`);
    if (image.status !== 'active') throw new BadRequest(`Image ${imageId} is not active.`);
    const now = deps.clock.now();
    deps.db.run(
      `UPDATE instances SET image_ref = ?, display_name = COALESCE(?, display_name), display_description = CASE WHEN ? THEN ? ELSE display_description END,
         access_ip_v4 = COALESCE(?, access_ip_v4), access_ip_v6 = COALESCE(?, access_ip_v6), updated_at = ? WHERE uuid = ?`,
      image.id,
      input.name ?? null,
      input.description !== undefined ? 1 : 0,
      input.description ?? null,
      input.accessIPv4 ?? null,
      canonicalIPv6(input.accessIPv6) ?? null,
      now,
      row.uuid,
    );
    if (input.metadata) setMetadata(deps.db, now, row, input.metadata, true);
    startTransition(deps, request, row, 'rebuild', 'rebuild');
    return getServer(deps.db, { isAdmin: true, projectId: row.project_id }, row.uuid);
  });
  reply.code(202);
  return { server: { ...rebuildView(renderServer(deps, updated, version, context, true), version), adminPass: input.adminPass ?? randomPassword() } };
};

/**
 * Before 2.75 Nova's rebuild answer leaves out the extended attributes GET
 * shows, the addresses' OS-EXT-IPS keys among them (servers.py
 * _action_rebuild: `extend_address=False`).
 */
function rebuildView(view: Record<string, unknown>, version: Microversion): Record<string, unknown> {
  if (version.atLeast('2.75')) return view;
  const hidden = (key: string) =>
    /^OS-EXT-(AZ|STS|SRV-ATTR):|^OS-SRV-USG:/.test(key) || ['config_drive', 'key_name', 'os-extended-volumes:volumes_attached', 'security_groups', 'host_status', 'server_groups'].includes(key);
  const addresses = Object.fromEntries(
    Object.entries((view.addresses ?? {}) as Record<string, { version: number; addr: string }[]>).map(([network, list]) => [network, list.map(({ version: ipVersion, addr }) => ({ version: ipVersion, addr }))]),
  );
  return { ...Object.fromEntries(Object.entries(view).filter(([key]) => !hidden(key))), addresses };
}

const randomPassword = () => Math.random().toString(36).slice(2, 14);

const createBackup: ActionHandler = (deps, request, reply, row, body, version) => {
  validateAgainst(CREATE_BACKUP, body);
  const context = contextOf(request);
  const input = body.createBackup as { name: string; backup_type: string; rotation: number | string; metadata?: Record<string, string> };
  const rotation = Number(input.rotation);
  const imageId = deps.db.tx(() => {
    checkState(row, 'createBackup', ['active', 'stopped', 'paused', 'suspended']);
    const flavor = flavorOf(row);
    const base = row.image_ref ? deps.collaborators.images.find(callerOf(context), row.image_ref) : null;
    const id = deps.collaborators.images.snapshot(callerOf(context), {
      name: input.name,
      serverId: row.uuid,
      baseImageId: row.image_ref,
      properties: { ...(input.metadata ?? {}), backup_type: input.backup_type },
      minDisk: Math.max(flavor.root_gb, base?.minDisk ?? 0),
      minRam: base?.minRam ?? 0,
      imageType: 'backup',
    });
    deps.collaborators.images.rotateBackups(row.uuid, input.backup_type, rotation);
    startTransition(deps, request, row, 'createBackup', 'backup');
    return id;
  });
  reply.code(202);
  if (version.atLeast('2.45')) return { image_id: imageId };
  reply.header('Location', `${cloudUrl(deps, '/image')}/v2/images/${imageId}`);
  return reply.send();
};

const lock: ActionHandler = (deps, request, reply, row, body, version) => {
  const context = contextOf(request);
  const reason = version.atLeast('2.73') ? ((body.lock as { locked_reason?: string } | null)?.locked_reason ?? null) : null;
  deps.db.tx(() => {
    recordAction(deps.db, deps.clock.now(), row, 'lock', context, requestIdOf(request));
    deps.db.run('UPDATE instances SET locked = 1, locked_by = ?, locked_reason = ? WHERE uuid = ?', isAdmin(context) ? 'admin' : 'owner', reason, row.uuid);
  });
  return reply.code(202).send();
};

const unlock: ActionHandler = (deps, request, reply, row) => {
  const context = contextOf(request);
  // Only an admin may lift an admin's lock (nova.policies.lock_server unlock:unlock_override).
  if (row.locked && row.locked_by === 'admin' && !isAdmin(context)) throw new Forbidden('Policy doesn\'t allow os_compute_api:os-lock-server:unlock:unlock_override to be performed.');
  deps.db.tx(() => {
    recordAction(deps.db, deps.clock.now(), row, 'unlock', context, requestIdOf(request));
    deps.db.run('UPDATE instances SET locked = 0, locked_by = NULL, locked_reason = NULL WHERE uuid = ?', row.uuid);
  });
  return reply.code(202).send();
};

function securityGroupAction(add: boolean): ActionHandler {
  const action = add ? 'addSecurityGroup' : 'removeSecurityGroup';
  return (deps, request, reply, row, body) => {
    validateAgainst(SECURITY_GROUP_ACTION(action), body);
    const context = contextOf(request);
    const name = (body[action] as { name: string }).name;
    deps.db.tx(() => {
      const [groupId] = deps.collaborators.networking.resolveSecurityGroups(callerOf(context), [name]);
      const ports = portIdsOf(deps, row.uuid);
      if (!ports.length) throw new BadRequest(`Server ${row.uuid} has no ports to ${add ? 'add' : 'remove'} security group ${name} ${add ? 'to' : 'from'}.`);
      const names = JSON.parse(row.security_groups) as string[];
      const groupName = deps.collaborators.networking.securityGroupNames([groupId])[0];
      if (!add && !names.includes(groupName)) throw new BadRequest(`Security group ${name} not associated with the instance ${row.uuid}`);
      deps.collaborators.networking.changePortSecurityGroup(ports, groupId, add);
      const next = add ? [...new Set([...names, groupName])] : names.filter((candidate) => candidate !== groupName);
      deps.db.run('UPDATE instances SET security_groups = ? WHERE uuid = ?', JSON.stringify(next), row.uuid);
    });
    return reply.code(202).send();
  };
}

export const MORE_ACTIONS: Record<string, ActionHandler> = {
  rebuild,
  createBackup,
  lock,
  unlock,
  addSecurityGroup: securityGroupAction(true),
  removeSecurityGroup: securityGroupAction(false),
  ...HOST_ACTIONS,
};

/** Actions a lock does not stop (reading, snapshotting and the lock itself). */
export const UNLOCKED_ACTIONS = new Set(['lock', 'unlock', 'createImage', 'createBackup', 'os-getConsoleOutput', 'os-getVNCConsole', 'os-getSPICEConsole', 'os-getRDPConsole', 'os-getSerialConsole', 'addSecurityGroup', 'removeSecurityGroup']);
