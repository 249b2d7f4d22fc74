import { novaTime } from '../../core/clock.js';
import { isAdmin } from '../../core/context.js';
import { BadRequest, Forbidden } from '../../core/errors.js';
import { jsonBody } from '../../core/http.js';
import type { FastifyRequest } from 'fastify';
import type { CloudDeps, Handler } from '../../core/service.js';
import { validateAgainst } from '../../core/validation.js';
import { computeZones, HYPERVISORS, hostUsage, NOVA_SERVICES, serviceZone } from '../models/hosts.js';
import { getQuotaLimits, getQuotaUsage, QUOTA_RESOURCES, type QuotaResource } from '../models/quotas.js';
import { adminOnly, contextOf, versionOf } from './common.js';

/**
 * What Nova says about its deployment and quotas: os-availability-zone,
 * os-services, os-hypervisors (admin), os-quota-sets and
 * os-quota-class-sets. Services report `up`, updated as of the last request.
 */


/** `GET /os-availability-zone`: the zones with hosts, each available; hosts only in the detail. */
export const listAvailabilityZones: Handler = (deps) => async () => ({
  availabilityZoneInfo: computeZones(deps.db).map((zone) => ({ zoneName: zone, zoneState: { available: true }, hosts: null })),
});

/** `GET /os-availability-zone/detail` (admin): the internal zone too, with each host's services. */
export const listAvailabilityZonesDetail: Handler = (deps) => async (request) => {
  adminOnly(contextOf(request), 'os_compute_api:os-availability-zone:detail');
  const updated = novaTime(deps.clock.now());
  // A compute host's zone is its aggregate's when one names a zone (os-aggregates), as Nova's availability_zones.get_host_availability_zone.
  const zoneOf = (service: (typeof NOVA_SERVICES)[number]) => serviceZone(deps.db, service);
  const zones = [...new Set(NOVA_SERVICES.map(zoneOf))].sort();
  return {
    availabilityZoneInfo: zones.map((zone) => {
      const hosts: Record<string, Record<string, { available: boolean; active: boolean; updated_at: string }>> = {};
      for (const service of NOVA_SERVICES.filter((candidate) => zoneOf(candidate) === zone)) {
        (hosts[service.host] ??= {})[service.binary] = { available: true, active: true, updated_at: updated };
      }
      return { zoneName: zone, zoneState: { available: true }, hosts };
    }),
  };
};

/** `GET /os-services` (admin). */
export const listServices: Handler = (deps) => async (request) => {
  adminOnly(contextOf(request), 'os_compute_api:os-services:list');
  const forcedDown = versionOf(request).atLeast('2.11');
  const { binary, host } = request.query as { binary?: string; host?: string };
  return {
    services: NOVA_SERVICES.filter((service) => (!binary || service.binary === binary) && (!host || service.host === host)).map((service) => ({
      binary: service.binary,
      host: service.host,
      id: service.id,
      zone: serviceZone(deps.db, service),
      status: 'enabled',
      state: 'up',
      updated_at: novaTime(deps.clock.now()),
      disabled_reason: null,
      ...(forcedDown ? { forced_down: false } : {}),
    })),
  };
};

function hypervisorView(hypervisor: (typeof HYPERVISORS)[number]) {
  return { id: hypervisor.id, hypervisor_hostname: hypervisor.host, state: 'up', status: 'enabled' };
}

/** `GET /os-hypervisors` (admin) */
export const listHypervisors: Handler = () => async (request) => {
  adminOnly(contextOf(request), 'os_compute_api:os-hypervisors:list');
  return { hypervisors: HYPERVISORS.map(hypervisorView) };
};

/** From 2.53, `with_servers=true`: the instances on each host, `{name, uuid}` (Horizon's hypervisor detail). */
function serversOn(deps: CloudDeps, request: FastifyRequest, host: string) {
  const query = request.query as { with_servers?: string };
  if (!versionOf(request).atLeast('2.53') || !['true', '1', 'yes'].includes(String(query.with_servers).toLowerCase())) return {};
  const servers = deps.db.all<{ uuid: string; display_name: string }>('SELECT uuid, display_name FROM instances WHERE host = ? ORDER BY id', host);
  return servers.length ? { servers: servers.map((server) => ({ name: server.display_name, uuid: server.uuid })) } : {};
}

/** `GET /os-hypervisors/detail` (admin): capacity and what the instances on each host use. */
export const listHypervisorsDetail: Handler = (deps) => async (request) => {
  adminOnly(contextOf(request), 'os_compute_api:os-hypervisors:list-detail');
  return {
    hypervisors: HYPERVISORS.map((hypervisor, index) => {
      const usage = hostUsage(deps.db, hypervisor.host);
      return {
        ...hypervisorView(hypervisor),
        hypervisor_type: 'QEMU',
        hypervisor_version: 6002000,
        host_ip: `192.0.2.${11 + index}`,
        service: { id: 3 + index, host: hypervisor.host, disabled_reason: null },
        vcpus: hypervisor.vcpus,
        memory_mb: hypervisor.memoryMb,
        local_gb: hypervisor.localGb,
        vcpus_used: usage.vcpusUsed,
        memory_mb_used: usage.memoryMbUsed + 512,
        local_gb_used: usage.localGbUsed,
        free_ram_mb: hypervisor.memoryMb - usage.memoryMbUsed - 512,
        free_disk_gb: hypervisor.localGb - usage.localGbUsed,
        current_workload: 0,
        running_vms: usage.runningVms,
        disk_available_least: hypervisor.localGb - usage.localGbUsed,
        cpu_info: JSON.stringify({ arch: 'x86_64', model: 'Nehalem', vendor: 'Intel', features: ['pge', 'clflush'], topology: { cores: 1, threads: 1, sockets: hypervisor.vcpus } }),
        ...serversOn(deps, request, hypervisor.host),
      };
    }),
  };
};

// ---- quota sets ----

/** API names of the quota resources (the database says injected_file_path_length). */
const API_NAME: Record<QuotaResource, string> = {
  instances: 'instances',
  cores: 'cores',
  ram: 'ram',
  metadata_items: 'metadata_items',
  injected_files: 'injected_files',
  injected_file_content_bytes: 'injected_file_content_bytes',
  injected_file_path_length: 'injected_file_path_bytes',
  key_pairs: 'key_pairs',
  server_groups: 'server_groups',
  server_group_members: 'server_group_members',
};
const RESOURCE_OF = Object.fromEntries(Object.entries(API_NAME).map(([resource, api]) => [api, resource as QuotaResource]));

/** The quota_set body as the microversion has it: network proxies until 2.36, injected files until 2.57. */
function quotaView(values: Record<QuotaResource, number | object>, version: ReturnType<typeof versionOf>, unlimitedProxy: number | object = -1) {
  const view: Record<string, unknown> = {};
  const network = !version.atLeast('2.36');
  const files = !version.atLeast('2.57');
  const entries: [string, unknown][] = [
    ['cores', values.cores],
    ...(network ? ([['fixed_ips', unlimitedProxy], ['floating_ips', unlimitedProxy]] as [string, unknown][]) : []),
    ...(files
      ? ([
          ['injected_file_content_bytes', values.injected_file_content_bytes],
          ['injected_file_path_bytes', values.injected_file_path_length],
          ['injected_files', values.injected_files],
        ] as [string, unknown][])
      : []),
    ['instances', values.instances],
    ['key_pairs', values.key_pairs],
    ['metadata_items', values.metadata_items],
    ['ram', values.ram],
    ...(network ? ([['security_group_rules', unlimitedProxy], ['security_groups', unlimitedProxy]] as [string, unknown][]) : []),
    ['server_group_members', values.server_group_members],
    ['server_groups', values.server_groups],
  ];
  for (const [key, value] of entries) view[key] = value;
  return view;
}

const projectParam = (request: Parameters<ReturnType<Handler>>[0]) => (request.params as { project: string }).project;

function checkShow(context: ReturnType<typeof contextOf>, projectId: string) {
  if (!isAdmin(context) && context.projectId !== projectId) throw new Forbidden("Policy doesn't allow os_compute_api:os-quota-sets:show to be performed.");
}

/** `GET /os-quota-sets/{project}` */
export const showQuotaSet: Handler = (deps) => async (request) => {
  const context = contextOf(request);
  const projectId = projectParam(request);
  checkShow(context, projectId);
  return { quota_set: { id: projectId, ...quotaView(getQuotaLimits(deps.db, projectId), versionOf(request)) } };
};

/** `GET /os-quota-sets/{project}/detail`: limit, in_use and reserved per resource. */
export const showQuotaSetDetail: Handler = (deps) => async (request) => {
  const context = contextOf(request);
  const projectId = projectParam(request);
  checkShow(context, projectId);
  const limits = getQuotaLimits(deps.db, projectId);
  const used = getQuotaUsage(deps.db, projectId);
  const detailed = Object.fromEntries(
    QUOTA_RESOURCES.map((resource) => [resource, { limit: limits[resource], in_use: (used as Record<string, number>)[resource] ?? 0, reserved: 0 }]),
  ) as Record<QuotaResource, object>;
  return { quota_set: { id: projectId, ...quotaView(detailed, versionOf(request), { limit: -1, in_use: 0, reserved: 0 }) } };
};

/** `GET /os-quota-sets/{project}/defaults` */
export const showQuotaDefaults: Handler = (deps) => async (request) => {
  const projectId = projectParam(request);
  return { quota_set: { id: projectId, ...quotaView(getQuotaLimits(deps.db, null), versionOf(request)) } };
};

const quotaValue = { type: ['integer', 'string'], pattern: '^-?[0-9]+$', minimum: -1, maximum: 0x7fffffff };
const QUOTA_NAMES = [...Object.values(API_NAME), 'fixed_ips', 'floating_ips', 'security_group_rules', 'security_groups', 'networks'];
const UPDATE = {
  type: 'object',
  properties: {
    quota_set: {
      type: 'object',
      properties: { ...Object.fromEntries(QUOTA_NAMES.map((key) => [key, quotaValue])), force: { type: ['boolean', 'string'] } },
      additionalProperties: false,
    },
  },
  required: ['quota_set'],
  additionalProperties: false,
};

/** Writes the values of a quota_set/quota_class_set body, as (resource, limit) pairs of the known resources. */
function parseValues(body: Record<string, unknown>): [QuotaResource, number][] {
  const values: [QuotaResource, number][] = [];
  for (const [key, value] of Object.entries(body)) {
    const resource = RESOURCE_OF[key];
    if (!resource) continue;
    const number = Number(value);
    if (number < -1) throw new BadRequest(`Quota limit ${number} for ${key} must be -1 or greater.`);
    values.push([resource, number]);
  }
  return values;
}

/** `PUT /os-quota-sets/{project}` (admin): 200 with the new limits; a limit under what is used is refused unless forced. */
export const updateQuotaSet: Handler = (deps) => async (request) => {
  const context = contextOf(request);
  adminOnly(context, 'os_compute_api:os-quota-sets:update');
  const body = jsonBody(request);
  validateAgainst(UPDATE, body);
  const projectId = projectParam(request);
  const quotaSet = (body as { quota_set: Record<string, unknown> }).quota_set;
  const force = String(quotaSet.force ?? 'false').toLowerCase() === 'true';
  const used = getQuotaUsage(deps.db, projectId) as Record<string, number>;
  deps.db.tx(() => {
    for (const [resource, limit] of parseValues(quotaSet)) {
      const inUse = used[resource] ?? 0;
      if (!force && limit !== -1 && limit < inUse) {
        throw new BadRequest(`Quota limit ${limit} for ${API_NAME[resource]} must be greater than or equal to already used and reserved ${inUse}.`);
      }
      deps.db.run(
        'INSERT INTO quotas (project_id, resource, hard_limit) VALUES (?, ?, ?) ON CONFLICT (project_id, resource) DO UPDATE SET hard_limit = excluded.hard_limit',
        projectId,
        resource,
        limit,
      );
    }
  });
  return { quota_set: quotaView(getQuotaLimits(deps.db, projectId), versionOf(request)) };
};

/** `DELETE /os-quota-sets/{project}` (admin): 202, back to the defaults. */
export const deleteQuotaSet: Handler = (deps) => async (request, reply) => {
  adminOnly(contextOf(request), 'os_compute_api:os-quota-sets:delete');
  deps.db.tx(() => deps.db.run('DELETE FROM quotas WHERE project_id = ?', projectParam(request)));
  return reply.code(202).send();
};

const classParam = (request: Parameters<ReturnType<Handler>>[0]) => (request.params as { class: string }).class;

/** `GET /os-quota-class-sets/{class}`: only `default` has values; any other class reads as the defaults. */
export const showQuotaClass: Handler = (deps) => async (request) => {
  adminOnly(contextOf(request), 'os_compute_api:os-quota-class-sets:show');
  return { quota_class_set: { id: classParam(request), ...quotaView(getQuotaLimits(deps.db, null), versionOf(request)) } };
};

const UPDATE_CLASS = {
  type: 'object',
  properties: {
    quota_class_set: { type: 'object', properties: Object.fromEntries(QUOTA_NAMES.map((key) => [key, quotaValue])), additionalProperties: false },
  },
  required: ['quota_class_set'],
  additionalProperties: false,
};

/** `PUT /os-quota-class-sets/{class}` (admin): the `default` class is what every project without its own limit gets. */
export const updateQuotaClass: Handler = (deps) => async (request) => {
  adminOnly(contextOf(request), 'os_compute_api:os-quota-class-sets:update');
  const body = jsonBody(request);
  validateAgainst(UPDATE_CLASS, body);
  const className = classParam(request);
  deps.db.tx(() => {
    for (const [resource, limit] of parseValues((body as { quota_class_set: Record<string, unknown> }).quota_class_set)) {
      deps.db.run(
        'INSERT INTO quota_classes (class_name, resource, hard_limit) VALUES (?, ?, ?) ON CONFLICT (class_name, resource) DO UPDATE SET hard_limit = excluded.hard_limit',
        className,
        resource,
        limit,
      );
    }
  });
  return { quota_class_set: quotaView(getQuotaLimits(deps.db, null), versionOf(request)) };
};
