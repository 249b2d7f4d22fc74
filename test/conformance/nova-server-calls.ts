import type { ConformanceContext, NativeCall } from './calls.js';
import { getJson, settle } from './settle.js';

/**
 * The Nova servers calls the server makes (server/api/nova/servers*.ts,
 * compute-info.ts) and the Glance/Neutron look-ups behind them. One server is
 * booted, taken through the power actions, snapshotted and deleted; each
 * action waits until the previous transition has settled on both clouds.
 * Left out by design: the noVNC console (the reference cloud runs no console
 * proxy; the emulator offers one so the console tab works) and confirm/revert
 * of a resize (the reference cloud has one host and cannot resize).
 */

// Short emulator transitions, so the calls below do not wait seconds for each (read when the emulator starts).
process.env.EMULATOR_SERVER_TRANSITION_MS ??= '500';

const computeUrl = (ctx: ConformanceContext) => ctx.endpoint('compute').replace(/\/+$/, '');
const as =
  (which: 'demoToken' | 'adminToken', microversion?: string) =>
  (ctx: ConformanceContext): Record<string, string> => ({
    'X-Auth-Token': ctx[which],
    ...(microversion ? { 'OpenStack-API-Version': `compute ${microversion}`, 'X-OpenStack-Nova-API-Version': microversion } : {}),
  });
const server = (ctx: ConformanceContext, tail = '') => `${computeUrl(ctx)}/servers/${ctx.saved.server}${tail}`;

/** Waits (bounded) until the server has no task running and is in `status` (or gone, for null). */
function settledIn(status: string | null) {
  return async (ctx: ConformanceContext) => {
    await settle(server(ctx), ctx.demoToken, ({ status: code, body }) =>
      status === null ? code === 404 : code === 200 && body.server.status === status && !body.server['OS-EXT-STS:task_state'],
    );
  };
}

/** Finds what a boot needs on each cloud: an active bootable image, the private network, the two smallest flavors. */
async function arrangeBoot(ctx: ConformanceContext): Promise<void> {
  const images = (await getJson(`${ctx.endpoint('image').replace(/\/+$/, '')}/v2/images?status=active`, ctx.demoToken)).body.images as { id: string; container_format: string; min_ram: number }[];
  ctx.saved.bootImage = images.find((image) => !['aki', 'ari'].includes(image.container_format) && !image.min_ram)!.id;
  const networks = (await getJson(`${ctx.endpoint('network').replace(/\/+$/, '')}/v2.0/networks?name=private`, ctx.demoToken)).body.networks as { id: string }[];
  ctx.saved.bootNetwork = networks[0].id;
  const flavors = (await getJson(`${computeUrl(ctx)}/flavors/detail`, ctx.demoToken)).body.flavors as { id: string; ram: number }[];
  flavors.sort((a, b) => a.ram - b.ram);
  ctx.saved.smallFlavor = flavors[0].id;
  ctx.saved.nextFlavor = flavors[1].id;
}

const bootBody = (ctx: ConformanceContext, change: Record<string, unknown> = {}) => ({
  server: {
    name: ctx.unique('conf-vm'),
    imageRef: ctx.saved.bootImage,
    flavorRef: ctx.saved.smallFlavor,
    networks: [{ uuid: ctx.saved.bootNetwork }],
    security_groups: [{ name: 'default' }],
    metadata: { purpose: 'conformance' },
    ...change,
  },
});

const SERVER_FIELDS = [
  'id',
  'name',
  'status',
  'tenant_id',
  'user_id',
  'metadata',
  'hostId',
  'image.id',
  'created',
  'updated',
  'addresses.private[].addr',
  'addresses.private[].version',
  'addresses.private[].OS-EXT-IPS:type',
  'addresses.private[].OS-EXT-IPS-MAC:mac_addr',
  'links[].href',
  'OS-DCF:diskConfig',
  'OS-EXT-AZ:availability_zone',
  'config_drive',
  'key_name',
  'OS-SRV-USG:launched_at',
  'security_groups[].name',
  'OS-EXT-STS:task_state',
  'OS-EXT-STS:vm_state',
  'OS-EXT-STS:power_state',
  'os-extended-volumes:volumes_attached',
  'locked',
];
const FAULT_409 = ['conflictingRequest.code', 'conflictingRequest.message'];
const FAULT_400 = ['badRequest.code', 'badRequest.message'];

function action(name: string, body: (ctx: ConformanceContext) => unknown, waitFor: string | null, reads: string[] = [], microversion?: string): NativeCall {
  return {
    service: 'compute',
    name,
    method: 'POST',
    url: (ctx) => server(ctx, '/action'),
    headers: as('demoToken', microversion),
    body,
    reads,
    ...(waitFor ? { before: settledIn(waitFor) } : {}),
  };
}

export const NOVA_SERVER_CALLS: NativeCall[] = [
  {
    service: 'compute',
    name: 'POST /servers (2.67; over the instances quota)',
    method: 'POST',
    url: (ctx) => `${computeUrl(ctx)}/servers`,
    headers: as('demoToken', '2.67'),
    before: arrangeBoot,
    body: (ctx) => bootBody(ctx, { min_count: 1000, max_count: 1000 }),
    reads: ['forbidden.code', 'forbidden.message'],
  },
  {
    service: 'compute',
    name: 'POST /servers (2.67; unknown key_name)',
    method: 'POST',
    url: (ctx) => `${computeUrl(ctx)}/servers`,
    headers: as('demoToken', '2.67'),
    body: (ctx) => bootBody(ctx, { key_name: ctx.unique('no-such-key') }),
    reads: FAULT_400,
  },
  {
    service: 'compute',
    name: 'POST /servers (2.67)',
    method: 'POST',
    url: (ctx) => `${computeUrl(ctx)}/servers`,
    headers: as('demoToken', '2.67'),
    body: (ctx) => bootBody(ctx),
    reads: ['server.id', 'server.links[].href', 'server.OS-DCF:diskConfig', 'server.security_groups[].name', 'server.adminPass'],
    after: (ctx, body) => {
      ctx.saved.server = body.server.id;
    },
  },
  {
    service: 'compute',
    name: 'GET /servers/{id} (2.67)',
    method: 'GET',
    url: (ctx) => server(ctx),
    headers: as('demoToken', '2.67'),
    before: settledIn('ACTIVE'),
    reads: [
      ...SERVER_FIELDS.map((field) => `server.${field}`),
      'server.description',
      'server.flavor.original_name',
      'server.flavor.vcpus',
      'server.flavor.ram',
      'server.flavor.disk',
      'server.flavor.ephemeral',
      'server.flavor.swap',
      'server.flavor.extra_specs',
    ],
    nullable: ['server.description'],
  },
  {
    service: 'compute',
    name: 'GET /servers/detail?project_id= (2.42)',
    method: 'GET',
    // Named for this run's server: the real project also holds others' servers (in error, booted from volumes).
    url: (ctx) => `${computeUrl(ctx)}/servers/detail?project_id=${ctx.demoProjectId}&name=${encodeURIComponent(ctx.unique('conf-vm'))}`,
    headers: as('demoToken', '2.42'),
    reads: [...SERVER_FIELDS.map((field) => `servers[].${field}`), 'servers[].flavor.id', 'servers[].flavor.links[].href'],
  },
  {
    service: 'image',
    name: 'GET /v2/images?id=in:… (image names of the server list)',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('image').replace(/\/+$/, '')}/v2/images?id=in:${ctx.saved.bootImage}`,
    headers: as('demoToken'),
    reads: ['images[].id', 'images[].name'],
  },
  {
    service: 'compute',
    name: 'GET /servers/{id}/metadata',
    method: 'GET',
    url: (ctx) => server(ctx, '/metadata'),
    headers: as('demoToken'),
    reads: ['metadata.purpose'],
  },
  {
    service: 'compute',
    name: 'POST /servers/{id}/metadata',
    method: 'POST',
    url: (ctx) => server(ctx, '/metadata'),
    headers: as('demoToken'),
    body: () => ({ metadata: { owner: 'conformance' } }),
    reads: ['metadata.owner'],
  },
  {
    service: 'compute',
    name: 'DELETE /servers/{id}/metadata/{key}',
    method: 'DELETE',
    url: (ctx) => server(ctx, '/metadata/owner'),
    headers: as('demoToken'),
    reads: [],
  },
  action('POST /servers/{id}/action os-getConsoleOutput', () => ({ 'os-getConsoleOutput': { length: 5 } }), null, ['output']),
  action('POST /servers/{id}/action os-getSPICEConsole (no proxy)', () => ({ 'os-getSPICEConsole': { type: 'spice-html5' } }), null, FAULT_400),
  action('POST /servers/{id}/action os-start (already active)', () => ({ 'os-start': null }), 'ACTIVE', FAULT_409),
  action('POST /servers/{id}/action resize (same flavor)', (ctx) => ({ resize: { flavorRef: ctx.saved.smallFlavor } }), 'ACTIVE', FAULT_400),
  action('POST /servers/{id}/action os-stop', () => ({ 'os-stop': null }), 'ACTIVE'),
  action('POST /servers/{id}/action os-stop (already stopped)', () => ({ 'os-stop': null }), 'SHUTOFF', FAULT_409),
  action('POST /servers/{id}/action os-start', () => ({ 'os-start': null }), 'SHUTOFF'),
  action('POST /servers/{id}/action pause', () => ({ pause: null }), 'ACTIVE'),
  action('POST /servers/{id}/action unpause', () => ({ unpause: null }), 'PAUSED'),
  action('POST /servers/{id}/action suspend', () => ({ suspend: null }), 'ACTIVE'),
  action('POST /servers/{id}/action resume', () => ({ resume: null }), 'SUSPENDED'),
  action('POST /servers/{id}/action reboot SOFT', () => ({ reboot: { type: 'SOFT' } }), 'ACTIVE'),
  action('POST /servers/{id}/action reboot HARD', () => ({ reboot: { type: 'HARD' } }), 'ACTIVE'),
  {
    ...action('POST /servers/{id}/action createImage (2.45)', (ctx) => ({ createImage: { name: ctx.unique('conf-snap') } }), 'ACTIVE', ['image_id'], '2.45'),
    after: (ctx, body) => {
      ctx.saved.serverSnapshot = body.image_id;
    },
  },
  {
    service: 'image',
    name: 'DELETE /v2/images/{id} (the instance snapshot)',
    method: 'DELETE',
    url: (ctx) => `${ctx.endpoint('image').replace(/\/+$/, '')}/v2/images/${ctx.saved.serverSnapshot}`,
    headers: as('demoToken'),
    before: settledIn('ACTIVE'),
    reads: [],
  },
  {
    service: 'compute',
    name: 'GET /servers/{id}/os-instance-actions',
    method: 'GET',
    url: (ctx) => server(ctx, '/os-instance-actions'),
    headers: as('demoToken'),
    reads: ['instanceActions[].action', 'instanceActions[].instance_uuid', 'instanceActions[].request_id', 'instanceActions[].user_id', 'instanceActions[].project_id', 'instanceActions[].start_time'],
    nullable: ['instanceActions[].message'],
  },
  {
    service: 'compute',
    name: 'GET /servers/{id}/os-volume_attachments',
    method: 'GET',
    url: (ctx) => server(ctx, '/os-volume_attachments'),
    headers: as('demoToken'),
    reads: ['volumeAttachments[].id', 'volumeAttachments[].device', 'volumeAttachments[].serverId', 'volumeAttachments[].volumeId'],
  },
  {
    service: 'compute',
    name: 'GET /servers/{id}/os-server-password',
    method: 'GET',
    url: (ctx) => server(ctx, '/os-server-password'),
    headers: as('demoToken'),
    reads: ['password'],
  },
  {
    service: 'network',
    name: 'GET /v2.0/ports?device_id= (a server’s security groups)',
    method: 'GET',
    url: (ctx) => `${ctx.endpoint('network').replace(/\/+$/, '')}/v2.0/ports?device_id=${ctx.saved.server}`,
    headers: as('demoToken'),
    reads: ['ports[].id', 'ports[].device_id', 'ports[].device_owner', 'ports[].security_groups[]', 'ports[].status'],
  },
  {
    service: 'compute',
    name: 'DELETE /servers/{id}',
    method: 'DELETE',
    url: (ctx) => server(ctx),
    headers: as('demoToken'),
    before: settledIn('ACTIVE'),
    reads: [],
  },
  {
    service: 'compute',
    name: 'GET /servers/{id} (deleted)',
    method: 'GET',
    url: (ctx) => server(ctx),
    headers: as('demoToken'),
    before: settledIn(null),
    reads: ['itemNotFound.code', 'itemNotFound.message'],
  },
  {
    service: 'compute',
    name: 'GET /os-availability-zone',
    method: 'GET',
    url: (ctx) => `${computeUrl(ctx)}/os-availability-zone`,
    headers: as('demoToken'),
    reads: ['availabilityZoneInfo[].zoneName', 'availabilityZoneInfo[].zoneState.available', 'availabilityZoneInfo[].hosts'],
  },
  {
    service: 'compute',
    name: 'GET /os-availability-zone/detail (admin)',
    method: 'GET',
    url: (ctx) => `${computeUrl(ctx)}/os-availability-zone/detail`,
    headers: as('adminToken'),
    reads: ['availabilityZoneInfo[].zoneName', 'availabilityZoneInfo[].zoneState.available', 'availabilityZoneInfo[].hosts'],
  },
  {
    service: 'compute',
    name: 'GET /os-services (admin)',
    method: 'GET',
    url: (ctx) => `${computeUrl(ctx)}/os-services`,
    headers: as('adminToken'),
    reads: ['services[].id', 'services[].binary', 'services[].host', 'services[].zone', 'services[].status', 'services[].state', 'services[].updated_at'],
    nullable: ['services[].disabled_reason'],
  },
  {
    service: 'compute',
    name: 'GET /os-services (member)',
    method: 'GET',
    url: (ctx) => `${computeUrl(ctx)}/os-services`,
    headers: as('demoToken'),
    reads: ['forbidden.code', 'forbidden.message'],
  },
  {
    service: 'compute',
    name: 'GET /os-quota-sets/{project}/defaults',
    method: 'GET',
    url: (ctx) => `${computeUrl(ctx)}/os-quota-sets/${ctx.demoProjectId}/defaults`,
    headers: as('demoToken'),
    reads: ['quota_set.id', 'quota_set.instances', 'quota_set.cores', 'quota_set.ram', 'quota_set.metadata_items', 'quota_set.key_pairs', 'quota_set.server_groups', 'quota_set.server_group_members', 'quota_set.injected_file_path_bytes'],
  },
  {
    service: 'compute',
    name: 'PUT /os-quota-sets/{project} (admin)',
    method: 'PUT',
    url: (ctx) => `${computeUrl(ctx)}/os-quota-sets/${ctx.demoProjectId}`,
    headers: as('adminToken'),
    body: () => ({ quota_set: { instances: 10 } }),
    reads: ['quota_set.instances', 'quota_set.cores', 'quota_set.ram'],
  },
  {
    service: 'compute',
    name: 'PUT /os-quota-class-sets/default (admin)',
    method: 'PUT',
    url: (ctx) => `${computeUrl(ctx)}/os-quota-class-sets/default`,
    headers: as('adminToken'),
    body: () => ({ quota_class_set: { key_pairs: 100 } }),
    reads: ['quota_class_set.key_pairs', 'quota_class_set.instances'],
  },
];
