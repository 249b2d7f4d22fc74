import { randomInt } from 'node:crypto';
import type { FastifyRequest, RouteHandlerMethod } from 'fastify';
import { isAdmin, type RequestContext } from '../../core/context.js';
import { novaTime } from '../../core/clock.js';
import { BadRequest, Forbidden, NotFound } from '../../core/errors.js';
import { jsonBody, queryOf } from '../../core/http.js';
import type { Microversion } from '../../core/microversion.js';
import { type CloudDeps, cloudUrl } from '../../core/service.js';
import { defineFormat, validateAgainst } from '../../core/validation.js';
import type { Caller, ComputeCollaborators } from '../models/collaborators.js';
import { getFlavor } from '../models/flavors.js';
import { hostIdOf, hostZone } from '../models/hosts.js';
import { getKeypair } from '../models/keypairs.js';
import { TRANSITIONS } from '../models/lifecycle.js';
import {
  beginTransition,
  type BlockDeviceRequest,
  checkNotLocked,
  createServers,
  flavorOf,
  getServer,
  listServers,
  metadataOf,
  type NetworkRequest,
  recordAction,
  type ServerRow,
  statusOf,
  updateServer,
  vmStatesOfStatus,
} from '../models/servers.js';
import { contextOf, requestIdOf, versionOf } from './common.js';
import { collectionLinks, lastQuery, limitAndMarker } from './paging.js';
import { boolFromString, boolean, descriptionPattern, name } from './parameter-types.js';

/**
 * `/servers` as nova/api/openstack/compute/servers.py serves it, with the
 * view of views/servers.py: fields by microversion (locked 2.9, description
 * 2.19, tags 2.26, embedded flavor 2.47 …), the extended attributes for
 * admins, addresses from the Neutron ports.
 */

export interface ComputeDeps extends CloudDeps {
  collaborators: ComputeCollaborators;
  /** How long a transition lasts on the emulator clock (ms). */
  transitionMs: number;
}

export type ComputeHandler = (deps: ComputeDeps) => RouteHandlerMethod;

defineFormat('base64', {
  // nova/api/validation/validators.py _validate_base64_format: base64.decodebytes must accept it.
  test: (value) => {
    const compact = value.replace(/\s/g, '');
    return compact.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(compact);
  },
});

defineFormat('uuid', {
  // oslo uuidutils.is_uuid_like: 32 hex digits, hyphens optional.
  test: (value) => /^[0-9a-f]{32}$/i.test(value.replace(/-/g, '')) && /^[0-9a-f-]+$/i.test(value),
});

defineFormat('ipv4', {
  test: (value) => /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(value) && value.split('.').every((part) => Number(part) <= 255),
});

export const callerOf = (context: RequestContext): Caller => ({ projectId: context.projectId!, userId: context.userId, isAdmin: isAdmin(context) });
export const serverViewerOf = (context: RequestContext) => ({ isAdmin: isAdmin(context), projectId: context.projectId! });
export const serverIdOf = (request: FastifyRequest) => (request.params as { id: string }).id;

// ---- the view ----

const PROGRESS_STATUSES = ['ACTIVE', 'BUILD', 'REBUILD', 'RESIZE', 'VERIFY_RESIZE', 'MIGRATING'];

/** Nova's `utils.isotime`: seconds, Z. */
const isoTime = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));

function serverLinks(deps: CloudDeps, uuid: string) {
  return [
    { rel: 'self', href: `${cloudUrl(deps, '/compute/v2.1')}/servers/${uuid}` },
    { rel: 'bookmark', href: `${cloudUrl(deps, '/compute')}/servers/${uuid}` },
  ];
}

export function portIdsOf(deps: ComputeDeps, uuid: string): string[] {
  return deps.db.all<{ port_id: string }>('SELECT port_id FROM instance_ports WHERE instance_uuid = ? ORDER BY position', uuid).map((row) => row.port_id);
}

/** `addresses`: fixed and floating IPs per network name, in port order. */
export function addressesOf(deps: ComputeDeps, uuid: string) {
  const addresses: Record<string, { version: number; addr: string; 'OS-EXT-IPS:type': string; 'OS-EXT-IPS-MAC:mac_addr': string }[]> = {};
  for (const port of deps.collaborators.networking.describePorts(portIdsOf(deps, uuid))) {
    const list = (addresses[port.networkName] ??= []);
    for (const fixed of port.fixedIps) list.push({ version: fixed.version, addr: fixed.address, 'OS-EXT-IPS:type': 'fixed', 'OS-EXT-IPS-MAC:mac_addr': port.macAddress });
    for (const floating of port.floatingIps) list.push({ version: 4, addr: floating, 'OS-EXT-IPS:type': 'floating', 'OS-EXT-IPS-MAC:mac_addr': port.macAddress });
  }
  return addresses;
}

function progressOf(row: ServerRow, now: number): number {
  if (!row.transition || !row.transition_start || !row.transition_until) return 0;
  if (row.transition !== 'build' && row.transition !== 'resize') return 0;
  return Math.min(99, Math.floor(((now - row.transition_start) / Math.max(1, row.transition_until - row.transition_start)) * 100));
}

export function renderServer(deps: ComputeDeps, row: ServerRow, version: Microversion, context: RequestContext, show: boolean) {
  const admin = isAdmin(context);
  const flavor = flavorOf(row);
  const status = statusOf(row.vm_state, row.task_state);
  const volumes = deps.db.all<{ volume_id: string; delete_on_termination: number }>(
    'SELECT volume_id, delete_on_termination FROM block_device_mappings WHERE instance_uuid = ? AND pending = 0 ORDER BY rowid',
    row.uuid,
  );
  const view: Record<string, unknown> = {
    id: row.uuid,
    name: row.display_name,
    status,
    tenant_id: row.project_id,
    user_id: row.user_id,
    metadata: metadataOf(deps.db, row.uuid),
    hostId: row.host ? hostIdOf(row.project_id, row.host) : '',
    image: row.image_ref ? { id: row.image_ref, links: [{ rel: 'bookmark', href: `${cloudUrl(deps, '/compute')}/images/${row.image_ref}` }] } : '',
    flavor: version.atLeast('2.47')
      ? { vcpus: flavor.vcpus, ram: flavor.memory_mb, disk: flavor.root_gb, ephemeral: flavor.ephemeral_gb, swap: flavor.swap, original_name: flavor.name, extra_specs: flavor.extra_specs }
      : { id: flavor.flavorid, links: [{ rel: 'bookmark', href: `${cloudUrl(deps, '/compute')}/flavors/${flavor.flavorid}` }] },
    created: isoTime(row.created_at),
    updated: isoTime(row.updated_at ?? row.created_at),
    addresses: addressesOf(deps, row.uuid),
    accessIPv4: row.access_ip_v4,
    accessIPv6: row.access_ip_v6,
    links: serverLinks(deps, row.uuid),
    'OS-DCF:diskConfig': row.disk_config,
  };
  if (PROGRESS_STATUSES.includes(status)) view.progress = progressOf(row, deps.clock.now());
  // Nova's get_instance_availability_zone: a server on a host is in that host's zone (its aggregate's), else in the zone it asked for.
  view['OS-EXT-AZ:availability_zone'] = row.host ? hostZone(deps.db, row.host) : row.availability_zone;
  view.config_drive = row.config_drive;
  view.key_name = row.key_name;
  view['OS-SRV-USG:launched_at'] = row.launched_at === null ? null : novaTime(row.launched_at);
  view['OS-SRV-USG:terminated_at'] = null;
  if (admin) {
    view['OS-EXT-SRV-ATTR:host'] = row.host;
    view['OS-EXT-SRV-ATTR:instance_name'] = `instance-${row.id.toString(16).padStart(8, '0')}`;
    view['OS-EXT-SRV-ATTR:hypervisor_hostname'] = row.host;
    if (version.atLeast('2.3')) {
      view['OS-EXT-SRV-ATTR:reservation_id'] = row.reservation_id;
      view['OS-EXT-SRV-ATTR:launch_index'] = row.launch_index;
      view['OS-EXT-SRV-ATTR:hostname'] = row.hostname;
      view['OS-EXT-SRV-ATTR:kernel_id'] = '';
      view['OS-EXT-SRV-ATTR:ramdisk_id'] = '';
      view['OS-EXT-SRV-ATTR:root_device_name'] = '/dev/vda';
      view['OS-EXT-SRV-ATTR:user_data'] = row.user_data;
    }
  }
  // Nova leaves the key out for a server with no security group (views/servers.py _add_security_grps).
  const groups = JSON.parse(row.security_groups) as string[];
  if (groups.length) view.security_groups = groups.map((group) => ({ name: group }));
  view['OS-EXT-STS:task_state'] = row.task_state;
  view['OS-EXT-STS:vm_state'] = row.vm_state;
  view['OS-EXT-STS:power_state'] = row.power_state;
  view['os-extended-volumes:volumes_attached'] = volumes.map((volume) =>
    version.atLeast('2.3') ? { id: volume.volume_id, delete_on_termination: Boolean(volume.delete_on_termination) } : { id: volume.volume_id },
  );
  if (row.fault && (row.vm_state === 'error' || row.vm_state === 'deleted')) {
    const fault = JSON.parse(row.fault) as { code: number; message: string; created: number };
    view.fault = { code: fault.code, created: isoTime(fault.created), message: fault.message, ...(admin ? { details: '' } : {}) };
  }
  if (version.atLeast('2.9')) view.locked = Boolean(row.locked);
  if (version.atLeast('2.19')) view.description = row.display_description;
  if (version.atLeast('2.26')) view.tags = [];
  if (version.atLeast('2.63')) view.trusted_image_certificates = null;
  if (admin && version.atLeast('2.16')) view.host_status = row.host ? 'UP' : '';
  if (show && version.atLeast('2.71')) {
    view.server_groups = deps.db
      .all<{ uuid: string }>('SELECT g.uuid FROM instance_group_members m JOIN instance_groups g ON g.id = m.group_id WHERE m.instance_uuid = ?', row.uuid)
      .map((group) => group.uuid);
  }
  if (version.atLeast('2.73')) view.locked_reason = row.locked_reason;
  return view;
}


// ---- list ----

/**
 * Nova's `ip` and `ip6` filters (compute/api.py _ip_filter): a regular
 * expression matched at the start of one of the server's fixed addresses of
 * that version; floating addresses do not count.
 */
function addressFilter(deps: ComputeDeps, request: FastifyRequest): ((row: ServerRow) => boolean) | undefined {
  const patterns = { 4: lastQuery(request, 'ip'), 6: lastQuery(request, 'ip6') };
  if (patterns[4] === undefined && patterns[6] === undefined) return undefined;
  const regexes = { 4: prefixPattern(patterns[4]), 6: prefixPattern(patterns[6]) };
  return (row) =>
    deps.collaborators.networking
      .describePorts(portIdsOf(deps, row.uuid))
      .some((port) => port.fixedIps.some((fixed) => regexes[fixed.version as 4 | 6]?.test(fixed.address) === true));
}

/** An address pattern anchored at the start; one that is no regular expression is taken literally, as the name filter is. */
function prefixPattern(text: string | undefined): RegExp | undefined {
  if (text === undefined) return undefined;
  try {
    return new RegExp(`^(?:${text})`);
  } catch {
    return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  }
}

function listOptions(deps: ComputeDeps, request: FastifyRequest, context: RequestContext, view: 'index' | 'detail') {
  const query = queryOf(request);
  const { limit, marker } = limitAndMarker(request);
  const admin = isAdmin(context);
  if ('all_tenants' in query && !admin) throw new Forbidden(`Policy doesn't allow os_compute_api:servers:${view}:get_all_tenants to be performed.`);
  const allTenants = admin && 'all_tenants' in query && boolFromString(lastQuery(request, 'all_tenants') || 'true') !== false;
  let projectId: string | null = context.projectId!;
  if (allTenants) projectId = lastQuery(request, 'project_id') ?? lastQuery(request, 'tenant_id') ?? null;
  const status = lastQuery(request, 'status');
  return {
    projectId,
    name: lastQuery(request, 'name'),
    vmStates: status === undefined ? undefined : vmStatesOfStatus(status),
    host: admin ? lastQuery(request, 'host') : undefined,
    flavorId: lastQuery(request, 'flavor'),
    imageRef: lastQuery(request, 'image'),
    availabilityZone: lastQuery(request, 'availability_zone'),
    addressMatches: addressFilter(deps, request),
    limit,
    marker,
  };
}

/** `GET /servers`: id, name and links. */
export const listServersBrief: ComputeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  const rows = listServers(deps.db, listOptions(deps, request, context, 'index'));
  const body: Record<string, unknown> = { servers: rows.map((row) => ({ id: row.uuid, links: serverLinks(deps, row.uuid), name: row.display_name })) };
  const next = collectionLinks(deps, request, rows.length, rows.at(-1)?.uuid, 'servers');
  if (next.length) body.servers_links = next;
  return body;
};

/** `GET /servers/detail` */
export const listServersDetail: ComputeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  const version = versionOf(request);
  const rows = listServers(deps.db, listOptions(deps, request, context, 'detail'));
  const body: Record<string, unknown> = { servers: rows.map((row) => renderServer(deps, row, version, context, false)) };
  const next = collectionLinks(deps, request, rows.length, rows.at(-1)?.uuid, 'servers/detail');
  if (next.length) body.servers_links = next;
  return body;
};

/** `GET /servers/{id}` */
export const showServer: ComputeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  const row = getServer(deps.db, serverViewerOf(context), serverIdOf(request));
  return { server: renderServer(deps, row, versionOf(request), context, true) };
};

// ---- create ----

const countParam = { type: ['integer', 'string'], pattern: '^[0-9]*$', minimum: 1, minLength: 1, stringMinimum: 1 };

const BLOCK_DEVICE = {
  type: 'object',
  properties: {
    source_type: { type: 'string', enum: ['volume', 'image', 'snapshot', 'blank'] },
    destination_type: { type: 'string', enum: ['local', 'volume'] },
    uuid: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[a-zA-Z0-9._-]*$' },
    boot_index: { type: ['integer', 'string', 'null'], pattern: '^-?[0-9]+$' },
    volume_size: { type: ['integer', 'string'], pattern: '^[0-9]+$', minimum: 1, stringMinimum: 1 },
    volume_type: { type: ['string', 'null'], minLength: 0, maxLength: 255 },
    delete_on_termination: boolean,
    device_name: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[a-zA-Z0-9._/-]*$' },
    disk_bus: { type: 'string' },
    device_type: { type: 'string' },
    guest_format: { type: 'string' },
    no_device: {},
    tag: { type: 'string' },
  },
  additionalProperties: false,
};

const NETWORK = {
  type: 'object',
  properties: {
    fixed_ip: { type: 'string', format: 'ipv4' },
    port: { type: ['string', 'null'], format: 'uuid' },
    uuid: { type: 'string' },
    tag: { type: 'string' },
  },
  additionalProperties: false,
};

function createSchema(version: Microversion) {
  return {
    type: 'object',
    properties: {
      server: {
        type: 'object',
        properties: {
          name,
          imageRef: { type: 'string', anyOf: [{ format: 'uuid' }, { maxLength: 0 }] },
          flavorRef: { type: ['string', 'integer'], minLength: 1 },
          adminPass: { type: 'string' },
          metadata: { type: 'object', patternProperties: { '^[a-zA-Z0-9-_:. ]{1,255}$': { type: 'string', maxLength: 255 } }, additionalProperties: false },
          networks: version.atLeast('2.37') ? { oneOf: [{ type: 'array', items: NETWORK }, { type: 'string', enum: ['none', 'auto'] }] } : { type: 'array', items: NETWORK },
          security_groups: { type: 'array', items: { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, additionalProperties: false } },
          user_data: { type: 'string', format: 'base64', maxLength: 65535 },
          availability_zone: { type: 'string', minLength: 1, maxLength: 255 },
          block_device_mapping_v2: { type: 'array', items: BLOCK_DEVICE },
          block_device_mapping: { type: 'array' },
          min_count: countParam,
          max_count: countParam,
          return_reservation_id: boolean,
          config_drive: boolean,
          key_name: { type: 'string', minLength: 1, maxLength: 255 },
          'OS-DCF:diskConfig': { type: 'string', enum: ['AUTO', 'MANUAL'] },
          accessIPv4: { type: 'string', format: 'ipv4' },
          accessIPv6: { type: 'string' },
          personality: { type: 'array' },
          ...(version.atLeast('2.19') ? { description: { type: ['string', 'null'], maxLength: 255, pattern: descriptionPattern } } : {}),
          ...(version.atLeast('2.32') ? { tags: { type: 'array' } } : {}),
        },
        required: version.atLeast('2.37') ? ['name', 'flavorRef', 'networks'] : ['name', 'flavorRef'],
        additionalProperties: false,
      },
      'os:scheduler_hints': { type: 'object', properties: { group: { type: 'string', format: 'uuid' } }, additionalProperties: true },
      'OS-SCH-HNT:scheduler_hints': { type: 'object' },
    },
    required: ['server'],
    additionalProperties: false,
  };
}

const schemas = new Map<string, object>();
function createSchemaFor(version: Microversion): object {
  const key = version.atLeast('2.37') ? '2.37' : version.atLeast('2.19') ? '2.19' : '2.1';
  let schema = schemas.get(key);
  if (!schema) schemas.set(key, (schema = createSchema(version)));
  return schema;
}

interface CreateBody {
  server: {
    name: string;
    imageRef?: string;
    flavorRef: string | number;
    adminPass?: string;
    metadata?: Record<string, string>;
    networks?: NetworkRequest;
    security_groups?: { name: string }[];
    user_data?: string;
    availability_zone?: string;
    block_device_mapping_v2?: Record<string, unknown>[];
    min_count?: number | string;
    max_count?: number | string;
    return_reservation_id?: boolean | string;
    config_drive?: boolean | string;
    key_name?: string;
    'OS-DCF:diskConfig'?: string;
    accessIPv4?: string;
    accessIPv6?: string;
    description?: string | null;
  };
  'os:scheduler_hints'?: { group?: string };
}

const ADMIN_PASS_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const newAdminPass = () => Array.from({ length: 12 }, () => ADMIN_PASS_ALPHABET[randomInt(ADMIN_PASS_ALPHABET.length)]).join('');

function blockDevicesOf(raw: Record<string, unknown>[] | undefined): BlockDeviceRequest[] {
  return (raw ?? []).map((device) => ({
    source_type: device.source_type as BlockDeviceRequest['source_type'],
    destination_type: (device.destination_type as BlockDeviceRequest['destination_type']) ?? (device.source_type === 'image' ? 'local' : 'volume'),
    uuid: device.uuid as string | undefined,
    boot_index: device.boot_index === undefined || device.boot_index === null ? null : Number(device.boot_index),
    volume_size: device.volume_size === undefined ? undefined : Number(device.volume_size),
    volume_type: (device.volume_type as string | null | undefined) ?? undefined,
    delete_on_termination: boolFromString(device.delete_on_termination ?? false) ?? false,
  }));
}

/** `POST /servers`: 202 with id, links, adminPass and the security groups asked for. */
export const createServer: ComputeHandler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const version = versionOf(request);
  const body = jsonBody(request);
  validateAgainst(createSchemaFor(version), body);
  const input = (body as CreateBody).server;
  const caller = callerOf(context);
  const minCount = Number(input.min_count ?? 1);
  const maxCount = Number(input.max_count ?? minCount);
  if (minCount > maxCount) throw new BadRequest('min_count must be <= max_count');
  let flavor;
  try {
    flavor = getFlavor(deps.db, { isAdmin: caller.isAdmin, projectId: caller.projectId }, String(input.flavorRef));
  } catch (error) {
    if (error instanceof NotFound) throw new BadRequest(error.message);
    throw error;
  }
  let keypair = null;
  if (input.key_name !== undefined) {
    try {
      const found = getKeypair(deps.db, caller.userId, input.key_name);
      keypair = { name: found.name, publicKey: found.publicKey, fingerprint: found.fingerprint };
    } catch {
      throw new BadRequest('Invalid key_name provided.');
    }
  }
  const diskConfig = input['OS-DCF:diskConfig'] ?? 'MANUAL';
  const created = createServers(deps.db, deps.collaborators, deps.clock.now(), {
    caller,
    requestId: requestIdOf(request),
    name: input.name,
    description: input.description ?? null,
    imageRef: input.imageRef ?? '',
    flavor,
    keypair,
    userData: input.user_data ?? null,
    configDrive: boolFromString(input.config_drive ?? false) ?? false,
    diskConfig,
    accessIPv4: input.accessIPv4,
    accessIPv6: input.accessIPv6,
    availabilityZone: input.availability_zone ?? null,
    metadata: input.metadata ?? {},
    securityGroups: input.security_groups?.map((group) => group.name),
    networks: input.networks,
    blockDevices: blockDevicesOf(input.block_device_mapping_v2),
    minCount,
    maxCount,
    groupUuid: (body as CreateBody)['os:scheduler_hints']?.group,
    buildMs: deps.transitionMs,
  });
  reply.code(202);
  if (boolFromString(input.return_reservation_id ?? false)) return { reservation_id: created.reservationId };
  const uuid = created.uuids[0];
  return {
    server: {
      id: uuid,
      links: serverLinks(deps, uuid),
      'OS-DCF:diskConfig': diskConfig,
      security_groups: created.securityGroups.map((group) => ({ name: group })),
      adminPass: input.adminPass ?? newAdminPass(),
    },
  };
};

// ---- update, delete ----

function updateSchema(version: Microversion) {
  return {
    type: 'object',
    properties: {
      server: {
        type: 'object',
        properties: {
          name,
          'OS-DCF:diskConfig': { type: 'string', enum: ['AUTO', 'MANUAL'] },
          accessIPv4: { type: 'string' },
          accessIPv6: { type: 'string' },
          ...(version.atLeast('2.19') ? { description: { type: ['string', 'null'], maxLength: 255, pattern: descriptionPattern } } : {}),
        },
        additionalProperties: false,
      },
    },
    required: ['server'],
    additionalProperties: false,
  };
}

/** `PUT /servers/{id}`: name and description; answers the server. */
export const updateServerHandler: ComputeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  const version = versionOf(request);
  const body = jsonBody(request);
  validateAgainst(updateSchema(version), body);
  const row = getServer(deps.db, serverViewerOf(context), serverIdOf(request));
  const changes = (body as { server: { name?: string; description?: string | null; accessIPv4?: string; accessIPv6?: string } }).server;
  const updated = updateServer(deps.db, deps.clock.now(), row, changes);
  return { server: renderServer(deps, updated, version, context, true) };
};

/** `DELETE /servers/{id}`: 204; the server shows task `deleting` until the clock settles it, then is gone with its ports. */
export const deleteServer: ComputeHandler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const row = getServer(deps.db, serverViewerOf(context), serverIdOf(request));
  checkNotLocked(row, isAdmin(context));
  deps.db.tx(() => {
    // Nova deletes in any state; a second delete while deleting changes nothing.
    if (row.transition === 'delete') return;
    recordAction(deps.db, deps.clock.now(), row, 'delete', context, requestIdOf(request));
    beginTransition(deps.db, deps.clock.now(), row.uuid, 'delete', TRANSITIONS.delete.tasks[0], deps.transitionMs);
  });
  return reply.code(204).send();
};
