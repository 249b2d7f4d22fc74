import { randomUUID } from 'node:crypto';
import { BadRequest, Conflict, NotFound, OverQuota } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import type { Caller, ComputeCollaborators, ImageInfo } from './collaborators.js';
import type { Flavor } from './flavors.js';
import { chooseHost, computeZones, DEFAULT_ZONE } from './hosts.js';
import { getQuotaLimits, getQuotaUsage } from './quotas.js';
import { getServerGroup } from './server-groups.js';

/**
 * Servers (nova/compute/api.py): rows of `instances` with their metadata,
 * ports, volumes and action log. Every change is one transaction. A
 * transition (build, stop, reboot, resize …) is recorded with its start and
 * end on the emulator clock and settled lazily by lifecycle.ts, so a restart
 * loses nothing and tests move the clock instead of sleeping.
 */

export interface FlavorSnapshot {
  flavorid: string;
  name: string;
  memory_mb: number;
  vcpus: number;
  root_gb: number;
  ephemeral_gb: number;
  swap: number;
  extra_specs: Record<string, string>;
}

export interface ServerRow {
  id: number;
  uuid: string;
  project_id: string;
  user_id: string;
  display_name: string;
  display_description: string | null;
  hostname: string;
  image_ref: string;
  flavor: string;
  old_flavor: string | null;
  new_flavor: string | null;
  vcpus: number;
  memory_mb: number;
  key_name: string | null;
  key_data: string | null;
  key_fingerprint: string | null;
  user_data: string | null;
  config_drive: string;
  disk_config: string;
  access_ip_v4: string;
  access_ip_v6: string;
  availability_zone: string;
  host: string | null;
  vm_state: string;
  task_state: string | null;
  power_state: number;
  transition: string | null;
  transition_start: number | null;
  transition_until: number | null;
  fault: string | null;
  locked: number;
  locked_by: string | null;
  locked_reason: string | null;
  target_host: string | null;
  launch_index: number;
  reservation_id: string;
  security_groups: string;
  password: string;
  launched_at: number | null;
  created_at: number;
  updated_at: number | null;
}

export const POWER = { NOSTATE: 0, RUNNING: 1, PAUSED: 3, SHUTDOWN: 4 } as const;

/** Nova's `_STATE_MAP` (nova/api/openstack/common.py): vm_state and task_state → the API status. */
export function statusOf(vmState: string, taskState: string | null): string {
  const resizing = ['resize_prep', 'resize_migrating', 'resize_migrated', 'resize_finish'];
  switch (vmState) {
    case 'active':
      if (taskState === 'rebooting' || taskState === 'reboot_pending' || taskState === 'reboot_started') return 'REBOOT';
      if (taskState === 'rebooting_hard' || taskState === 'reboot_pending_hard' || taskState === 'reboot_started_hard') return 'HARD_REBOOT';
      if (taskState && resizing.includes(taskState)) return 'RESIZE';
      if (taskState === 'rebuilding') return 'REBUILD';
      if (taskState === 'migrating') return 'MIGRATING';
      if (taskState === 'updating_password') return 'PASSWORD';
      return 'ACTIVE';
    case 'building':
      return 'BUILD';
    case 'stopped':
      if (taskState && resizing.includes(taskState)) return 'RESIZE';
      return 'SHUTOFF';
    case 'resized':
      return taskState === 'resize_reverting' ? 'REVERT_RESIZE' : 'VERIFY_RESIZE';
    case 'paused':
      return 'PAUSED';
    case 'suspended':
      return 'SUSPENDED';
    case 'error':
      return 'ERROR';
    case 'rescued':
      return 'RESCUE';
    case 'shelved':
      return 'SHELVED';
    case 'shelved_offloaded':
      return 'SHELVED_OFFLOADED';
    default:
      return 'UNKNOWN';
  }
}

/** The vm_states a status filter means (the inverse of the map, for `?status=`). */
export function vmStatesOfStatus(status: string): string[] {
  const map: Record<string, string[]> = {
    ACTIVE: ['active'],
    BUILD: ['building'],
    SHUTOFF: ['stopped'],
    PAUSED: ['paused'],
    SUSPENDED: ['suspended'],
    ERROR: ['error'],
    VERIFY_RESIZE: ['resized'],
    RESIZE: ['active', 'stopped'],
    REBOOT: ['active'],
    HARD_REBOOT: ['active'],
    RESCUE: ['rescued'],
    SHELVED: ['shelved'],
    SHELVED_OFFLOADED: ['shelved_offloaded'],
  };
  return map[status.toUpperCase()] ?? [];
}

export const flavorOf = (row: ServerRow) => JSON.parse(row.flavor) as FlavorSnapshot;

export function snapshotFlavor(flavor: Flavor): FlavorSnapshot {
  return {
    flavorid: flavor.flavorid,
    name: flavor.name,
    memory_mb: flavor.memoryMb,
    vcpus: flavor.vcpus,
    root_gb: flavor.rootGb,
    ephemeral_gb: flavor.ephemeralGb,
    swap: flavor.swap,
    extra_specs: flavor.extraSpecs,
  };
}

export interface ServerViewer {
  isAdmin: boolean;
  projectId: string;
}

const notFound = (uuid: string) => new NotFound(`Instance ${uuid} could not be found.`);

/** A server the viewer may see: a non-admin never finds another project's (404, as Nova). */
export function getServer(db: Db, viewer: ServerViewer, uuid: string): ServerRow {
  const row = db.get<ServerRow>('SELECT * FROM instances WHERE uuid = ?', uuid);
  if (!row || (!viewer.isAdmin && row.project_id !== viewer.projectId)) throw notFound(uuid);
  return row;
}

export function metadataOf(db: Db, uuid: string): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const row of db.all<{ key: string; value: string }>('SELECT key, value FROM instance_metadata WHERE instance_uuid = ? ORDER BY rowid', uuid)) {
    metadata[row.key] = row.value;
  }
  return metadata;
}

export interface ServerListOptions {
  /** null: every project (admin all_tenants). */
  projectId: string | null;
  name?: string;
  vmStates?: string[];
  host?: string;
  flavorId?: string;
  imageRef?: string;
  availabilityZone?: string;
  /** Nova's `ip`/`ip6` filters: whether one of the server's fixed addresses matches (known to the caller, who has the ports). */
  addressMatches?: (row: ServerRow) => boolean;
  limit: number;
  marker?: string;
}

/** Newest first (Nova's default sort created_at desc, id desc); the name filter is a regular expression, matched anywhere, ignoring case. */
export function listServers(db: Db, options: ServerListOptions): ServerRow[] {
  let rows =
    options.projectId === null
      ? db.all<ServerRow>('SELECT * FROM instances ORDER BY created_at DESC, id DESC')
      : db.all<ServerRow>('SELECT * FROM instances WHERE project_id = ? ORDER BY created_at DESC, id DESC', options.projectId);
  if (options.name !== undefined) {
    // MySQL's REGEXP under Nova's default collation ignores case.
    let pattern: RegExp;
    try {
      pattern = new RegExp(options.name, 'i');
    } catch {
      pattern = new RegExp(options.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
    }
    rows = rows.filter((row) => pattern.test(row.display_name));
  }
  if (options.vmStates) rows = rows.filter((row) => options.vmStates!.includes(row.vm_state));
  if (options.host !== undefined) rows = rows.filter((row) => row.host === options.host);
  if (options.flavorId !== undefined) rows = rows.filter((row) => flavorOf(row).flavorid === options.flavorId);
  if (options.imageRef !== undefined) rows = rows.filter((row) => row.image_ref === options.imageRef);
  if (options.availabilityZone !== undefined) rows = rows.filter((row) => row.availability_zone === options.availabilityZone);
  if (options.addressMatches) rows = rows.filter(options.addressMatches);
  if (options.marker !== undefined) {
    const index = rows.findIndex((row) => row.uuid === options.marker);
    if (index < 0) throw new BadRequest(`marker [${options.marker}] not found`);
    rows = rows.slice(index + 1);
  }
  return rows.slice(0, options.limit);
}

export function recordAction(db: Db, now: number, row: Pick<ServerRow, 'uuid' | 'project_id'>, action: string, caller: { userId: string }, requestId: string): void {
  db.run(
    'INSERT INTO instance_actions (instance_uuid, action, request_id, user_id, project_id, start_time) VALUES (?, ?, ?, ?, ?, ?)',
    row.uuid,
    action,
    requestId,
    caller.userId,
    row.project_id,
    now,
  );
}

/** `check_instance_state`: Nova's 409 naming the action and the state that forbids it. */
export function checkState(row: ServerRow, action: string, vmStates: string[] | null, taskStates: (string | null)[] | null = [null]): void {
  if (vmStates && !vmStates.includes(row.vm_state)) {
    throw new Conflict(`Cannot '${action}' instance ${row.uuid} while it is in vm_state ${row.vm_state}`);
  }
  if (taskStates && !taskStates.includes(row.task_state)) {
    throw new Conflict(`Cannot '${action}' instance ${row.uuid} while it is in task_state ${row.task_state}`);
  }
}

/** Nova keeps accessIPv6 in RFC 5952 canonical form (netaddr's str); Node's URL parser compresses the same way. */
export function canonicalIPv6(address: string | undefined): string | undefined {
  if (!address) return address;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address;
  }
}

/** nova.compute.api.check_instance_lock: a locked server refuses a non-admin's changes. */
export function checkNotLocked(row: ServerRow, admin: boolean): void {
  if (row.locked && !admin) throw new Conflict(`Instance ${row.uuid} is locked`);
}

/** Starts a transition: the task state it shows first, and when the clock settles it. */
export function beginTransition(db: Db, now: number, uuid: string, transition: string, firstTask: string | null, durationMs: number, vmState?: string): void {
  db.run(
    `UPDATE instances SET transition = ?, transition_start = ?, transition_until = ?, task_state = ?, vm_state = COALESCE(?, vm_state), updated_at = ? WHERE uuid = ?`,
    transition,
    now,
    now + durationMs,
    firstTask,
    vmState ?? null,
    now,
    uuid,
  );
}

// ---------------------------------------------------------------- create

export type NetworkRequest = 'auto' | 'none' | { uuid?: string; port?: string; fixed_ip?: string }[] | undefined;

export interface BlockDeviceRequest {
  source_type: 'image' | 'volume' | 'snapshot' | 'blank';
  destination_type?: 'volume' | 'local';
  uuid?: string;
  boot_index?: number | null;
  volume_size?: number;
  volume_type?: string;
  delete_on_termination?: boolean;
  device_name?: string;
}

export interface CreateServersInput {
  caller: Caller;
  requestId: string;
  name: string;
  description: string | null;
  imageRef: string;
  flavor: Flavor;
  keypair: { name: string; publicKey: string; fingerprint: string } | null;
  userData: string | null;
  configDrive: boolean;
  diskConfig: string;
  accessIPv4?: string;
  accessIPv6?: string;
  availabilityZone: string | null;
  metadata: Record<string, string>;
  securityGroups: string[] | undefined;
  networks: NetworkRequest;
  blockDevices: BlockDeviceRequest[];
  minCount: number;
  maxCount: number;
  groupUuid: string | undefined;
  buildMs: number;
}

const GIB = 1024 ** 3;

function checkImageFitsFlavor(image: ImageInfo, flavor: Flavor, volumeBacked: boolean): void {
  if (image.status !== 'active') throw new BadRequest(`Image ${image.id} is not active.`);
  if (image.minRam > flavor.memoryMb) throw new BadRequest("Flavor's memory is too small for requested image.");
  if (volumeBacked || flavor.rootGb === 0) return;
  const flavorBytes = flavor.rootGb * GIB;
  if (image.size > flavorBytes) {
    throw new BadRequest(`Flavor's disk is too small for requested image. Flavor disk is ${flavorBytes} bytes, image is ${image.size} bytes.`);
  }
  if (image.minDisk * GIB > flavorBytes) {
    throw new BadRequest(
      `Flavor's disk is smaller than the minimum size specified in image metadata. Flavor disk is ${flavorBytes} bytes, minimum size is ${image.minDisk * GIB} bytes.`,
    );
  }
}

/** `check_num_instances_quota`: how many of [min, max] fit; Nova's 403 naming every resource over when not even min does. */
function instancesAllowed(db: Db, projectId: string, flavor: Pick<Flavor, 'vcpus' | 'memoryMb'>, minCount: number, maxCount: number): number {
  const limits = getQuotaLimits(db, projectId);
  const used = getQuotaUsage(db, projectId);
  const per = { instances: 1, cores: flavor.vcpus, ram: flavor.memoryMb };
  let allowed = maxCount;
  for (const resource of ['instances', 'cores', 'ram'] as const) {
    if (limits[resource] < 0 || per[resource] === 0) continue;
    allowed = Math.min(allowed, Math.floor((limits[resource] - used[resource]) / per[resource]));
  }
  if (allowed >= minCount) return allowed;
  const overs = (['cores', 'instances', 'ram'] as const).filter((resource) => limits[resource] >= 0 && used[resource] + maxCount * per[resource] > limits[resource]);
  const requested = { instances: minCount === maxCount ? `${minCount}` : `${minCount}-${maxCount}`, cores: `${maxCount * per.cores}`, ram: `${maxCount * per.ram}` };
  const list = overs.join(', ');
  throw new OverQuota(
    `Quota exceeded for ${list}: Requested ${overs.map((o) => requested[o]).join(', ')}, but already used ${overs.map((o) => used[o]).join(', ')} of ${overs.map((o) => limits[o]).join(', ')} ${list}`,
  );
}

/** Nova's hostname from the display name: lower case, letters, digits and hyphens, at most 63 characters. */
export function hostnameOf(name: string): string {
  const cleaned = name
    .toLowerCase()
    .replace(/[ _]/g, '-')
    .replace(/[^a-z0-9.-]/g, '')
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, 63);
  return cleaned || 'server';
}

interface PlannedNic {
  networkId?: string;
  portId?: string;
  fixedIp?: string;
}

function planNetworks(collaborators: ComputeCollaborators, input: CreateServersInput, count: number): PlannedNic[] {
  const { networking } = collaborators;
  const requested = input.networks;
  if (requested === 'none') return [];
  if (requested === undefined || requested === 'auto') {
    const available = networking.availableNetworks(input.caller);
    if (available.length > 1) throw new Conflict('Multiple possible networks found, use a Network ID to be more specific.');
    if (!available.length) {
      if (requested === 'auto') throw new BadRequest(`Unable to automatically allocate a network for project ${input.caller.projectId}`);
      return [];
    }
    return [{ networkId: available[0].id }];
  }
  return requested.map((item) => {
    if (item.port) {
      if (count > 1) {
        throw new BadRequest('Unable to launch multiple instances with a single configured port ID. Please launch your instance one by one with different ports.');
      }
      networking.checkFreePort(input.caller, item.port);
      return { portId: item.port };
    }
    const network = networking.findNetwork(input.caller, item.uuid!);
    if (!network) throw new BadRequest(`Network ${item.uuid} could not be found.`);
    return { networkId: network.id, fixedIp: item.fixed_ip };
  });
}

interface PlannedVolume {
  volumeId?: string;
  create?: { imageId?: string; snapshotId?: string; size: number; volumeType?: string };
  bootIndex: number | null;
  sourceType: string;
  deleteOnTermination: boolean;
}

function planVolumes(collaborators: ComputeCollaborators, input: CreateServersInput, count: number): PlannedVolume[] {
  const planned: PlannedVolume[] = [];
  for (const device of input.blockDevices) {
    if (device.destination_type === 'local') continue;
    const bootIndex = device.boot_index ?? null;
    const deleteOnTermination = Boolean(device.delete_on_termination);
    if (device.source_type === 'volume') {
      if (count > 1) throw new BadRequest('Cannot attach one or more volumes to multiple instances');
      const volume = collaborators.volumes.find(input.caller, device.uuid!);
      if (!volume) throw new BadRequest(`Block Device Mapping is Invalid: failed to get volume ${device.uuid}.`);
      if (volume.status !== 'available') throw new BadRequest(`Invalid volume: volume '${volume.id}' status must be 'available'. Currently in '${volume.status}'`);
      // Nova's InvalidBDMVolumeNotBootable: a blank volume cannot be the root disk.
      if (bootIndex === 0 && !volume.bootable) throw new BadRequest(`Block Device ${volume.id} is not bootable.`);
      if (bootIndex === 0 && volume.imageMetadata?.min_ram && Number(volume.imageMetadata.min_ram) > input.flavor.memoryMb) {
        throw new BadRequest("Flavor's memory is too small for requested image.");
      }
      planned.push({ volumeId: volume.id, bootIndex, sourceType: 'volume', deleteOnTermination });
    } else if (device.source_type === 'image') {
      const image = collaborators.images.find(input.caller, device.uuid!);
      if (!image) throw new BadRequest(`Image ${device.uuid} could not be found.`);
      if (!device.volume_size) throw new BadRequest("Block Device Mapping is Invalid: Images with destination_type 'volume' need to have a non-zero size specified");
      checkImageFitsFlavor(image, input.flavor, true);
      if (image.minDisk > device.volume_size) {
        throw new BadRequest(
          `Volume is smaller than the minimum size specified in image metadata. Volume size is ${device.volume_size * GIB} bytes, minimum size is ${image.minDisk * GIB} bytes.`,
        );
      }
      planned.push({ create: { imageId: image.id, size: device.volume_size, volumeType: device.volume_type }, bootIndex, sourceType: 'image', deleteOnTermination });
    } else if (device.source_type === 'snapshot') {
      const snapshot = collaborators.volumes.findSnapshot(input.caller, device.uuid!);
      if (!snapshot) throw new BadRequest(`Block Device Mapping is Invalid: failed to get snapshot ${device.uuid}.`);
      if (snapshot.status !== 'available') throw new BadRequest(`Invalid snapshot: snapshot ${snapshot.id} status must be 'available'`);
      planned.push({
        create: { snapshotId: snapshot.id, size: device.volume_size ?? snapshot.size, volumeType: device.volume_type },
        bootIndex,
        sourceType: 'snapshot',
        deleteOnTermination,
      });
    } else {
      throw new BadRequest('Block Device Mapping is Invalid: blank volumes are not supported by this cloud.');
    }
  }
  return planned;
}

export interface CreatedServers {
  reservationId: string;
  uuids: string[];
  securityGroups: string[];
}

/**
 * Creates min..max servers in one transaction: checks image, flavor, zone,
 * quotas and group, plans networks and volumes, then for each server picks a
 * host, creates and binds its ports, creates or attaches its volumes and
 * starts the build. Without a host the server is still created, and its build
 * ends in ERROR ("No valid host was found.").
 */
export function createServers(db: Db, collaborators: ComputeCollaborators, now: number, input: CreateServersInput): CreatedServers {
  return db.tx(() => {
    const zone = input.availabilityZone ?? DEFAULT_ZONE;
    if (input.availabilityZone && !computeZones(db).includes(input.availabilityZone)) throw new BadRequest('The requested availability zone is not available');
    const bootFromVolume = input.blockDevices.some((device) => device.boot_index === 0 && device.destination_type !== 'local');
    if (input.imageRef && !bootFromVolume) {
      const image = collaborators.images.find(input.caller, input.imageRef);
      if (!image) throw new BadRequest('Can not find requested image');
      checkImageFitsFlavor(image, input.flavor, false);
    } else if (!bootFromVolume) {
      throw new BadRequest('Block Device Mapping is Invalid: Boot sequence for the instance and image/block device mapping combination is not valid.');
    }
    // Networks are checked before the metadata and instance quotas, as Nova's _validate_and_build_base_options does.
    const nics = planNetworks(collaborators, input, input.maxCount);
    const limits = getQuotaLimits(db, input.caller.projectId);
    if (limits.metadata_items >= 0 && Object.keys(input.metadata).length > limits.metadata_items) {
      throw new OverQuota(`Maximum number of metadata items exceeds ${limits.metadata_items}`);
    }
    const count = instancesAllowed(db, input.caller.projectId, input.flavor, input.minCount, input.maxCount);
    let group: { id: number; policy: string; hosts: string[] } | undefined;
    if (input.groupUuid) {
      let found;
      try {
        found = getServerGroup(db, { isAdmin: input.caller.isAdmin, projectId: input.caller.projectId }, input.groupUuid);
      } catch {
        throw new BadRequest(`Invalid input for field/attribute group. Value: ${input.groupUuid}. Instance group ${input.groupUuid} could not be found.`);
      }
      const limit = limits.server_group_members;
      if (limit >= 0 && found.members.length + count > limit) throw new OverQuota('Quota exceeded, too many servers in group');
      const hosts = found.members
        .map((member) => db.get<{ host: string | null }>('SELECT host FROM instances WHERE uuid = ?', member)?.host)
        .filter((host): host is string => Boolean(host));
      group = { id: found.id, policy: found.policy, hosts };
    }
    const volumes = planVolumes(collaborators, input, count);
    const securityGroupNames = input.securityGroups ?? ['default'];
    const securityGroupIds = nics.some((nic) => nic.networkId) ? collaborators.networking.resolveSecurityGroups(input.caller, securityGroupNames) : [];
    const reservationId = `r-${randomUUID().replace(/-/g, '').slice(0, 8)}`;
    const flavor = snapshotFlavor(input.flavor);
    const placed: string[] = [];
    const uuids: string[] = [];
    for (let index = 0; index < count; index++) {
      const uuid = randomUUID();
      uuids.push(uuid);
      const name = count > 1 ? `${input.name}-${index + 1}` : input.name;
      const host = chooseHost(db, { zone, vcpus: flavor.vcpus, memoryMb: flavor.memory_mb, group }, placed);
      if (host) placed.push(host);
      db.run(
        `INSERT INTO instances (uuid, project_id, user_id, display_name, display_description, hostname, image_ref, flavor, vcpus, memory_mb,
           key_name, key_data, key_fingerprint, user_data, config_drive, disk_config, access_ip_v4, access_ip_v6, availability_zone, host, vm_state, task_state, power_state,
           launch_index, reservation_id, security_groups, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'building', 'scheduling', 0, ?, ?, ?, ?, ?)`,
        uuid,
        input.caller.projectId,
        input.caller.userId,
        name,
        input.description,
        hostnameOf(name),
        bootFromVolume ? '' : input.imageRef,
        JSON.stringify(flavor),
        flavor.vcpus,
        flavor.memory_mb,
        input.keypair?.name ?? null,
        input.keypair?.publicKey ?? null,
        input.keypair?.fingerprint ?? null,
        input.userData,
        input.configDrive ? 'True' : '',
        input.diskConfig,
        input.accessIPv4 ?? '',
        canonicalIPv6(input.accessIPv6) ?? '',
        zone,
        host,
        index,
        reservationId,
        JSON.stringify(securityGroupNames),
        now,
        now,
      );
      for (const [key, value] of Object.entries(input.metadata)) db.run('INSERT INTO instance_metadata (instance_uuid, key, value) VALUES (?, ?, ?)', uuid, key, value);
      if (group) db.run('INSERT INTO instance_group_members (group_id, instance_uuid) VALUES (?, ?)', group.id, uuid);
      recordAction(db, now, { uuid, project_id: input.caller.projectId }, 'create', input.caller, input.requestId);
      beginTransition(db, now, uuid, 'build', 'scheduling', input.buildMs);
      if (!host) continue; // scheduling fails: no ports, no volumes (Nova cleans up what it had reserved)
      const binding = { serverId: uuid, host, availabilityZone: zone };
      nics.forEach((nic, position) => {
        const portId = nic.portId
          ? (collaborators.networking.bindPort(input.caller, nic.portId, binding), nic.portId)
          : collaborators.networking.createServerPort(input.caller, nic.networkId!, binding, securityGroupIds, nic.fixedIp);
        db.run('INSERT INTO instance_ports (instance_uuid, port_id, preexisting, position) VALUES (?, ?, ?, ?)', uuid, portId, nic.portId ? 1 : 0, position);
      });
      volumes.forEach((volume, position) => {
        const device = `/dev/vd${String.fromCharCode(97 + position)}`;
        const volumeId =
          volume.volumeId ??
          collaborators.volumes.createBootVolume(input.caller, {
            size: volume.create!.size,
            availabilityZone: zone,
            imageId: volume.create!.imageId,
            snapshotId: volume.create!.snapshotId,
            volumeType: volume.create!.volumeType,
          });
        // An existing volume is attached now; a new one once Cinder has made it (lifecycle.ts).
        const attachment = volume.volumeId ? collaborators.volumes.attach(volumeId, uuid, device, host) : null;
        db.run(
          `INSERT INTO block_device_mappings (instance_uuid, volume_id, device_name, boot_index, source_type, delete_on_termination, attachment_id, pending)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          uuid,
          volumeId,
          device,
          volume.bootIndex,
          volume.sourceType,
          volume.deleteOnTermination ? 1 : 0,
          attachment,
          attachment ? 0 : 1,
        );
      });
    }
    return { reservationId, uuids, securityGroups: securityGroupNames };
  });
}

// ---------------------------------------------------------------- update, metadata

export function updateServer(
  db: Db,
  now: number,
  row: ServerRow,
  changes: { name?: string; description?: string | null; accessIPv4?: string; accessIPv6?: string },
): ServerRow {
  return db.tx(() => {
    if (changes.accessIPv4 !== undefined) db.run('UPDATE instances SET access_ip_v4 = ?, updated_at = ? WHERE uuid = ?', changes.accessIPv4, now, row.uuid);
    if (changes.accessIPv6 !== undefined) db.run('UPDATE instances SET access_ip_v6 = ?, updated_at = ? WHERE uuid = ?', canonicalIPv6(changes.accessIPv6), now, row.uuid);
    if (changes.name !== undefined) db.run('UPDATE instances SET display_name = ?, updated_at = ? WHERE uuid = ?', changes.name, now, row.uuid);
    if (changes.description !== undefined) db.run('UPDATE instances SET display_description = ?, updated_at = ? WHERE uuid = ?', changes.description, now, row.uuid);
    return db.get<ServerRow>('SELECT * FROM instances WHERE uuid = ?', row.uuid)!;
  });
}

/** Merges (or replaces) metadata, within the metadata_items quota (Nova's 403). */
/** `update_instance_metadata` and `delete_instance_metadata` are allowed in these vm states, with no task running. */
const METADATA_VM_STATES = ['active', 'paused', 'suspended', 'stopped'];

export function setMetadata(db: Db, now: number, row: ServerRow, metadata: Record<string, string>, replace: boolean): Record<string, string> {
  return db.tx(() => {
    checkState(row, 'update metadata', METADATA_VM_STATES);
    if (replace) db.run('DELETE FROM instance_metadata WHERE instance_uuid = ?', row.uuid);
    for (const [key, value] of Object.entries(metadata)) {
      db.run('INSERT INTO instance_metadata (instance_uuid, key, value) VALUES (?, ?, ?) ON CONFLICT (instance_uuid, key) DO UPDATE SET value = excluded.value', row.uuid, key, value);
    }
    const limit = getQuotaLimits(db, row.project_id).metadata_items;
    const total = Object.keys(metadataOf(db, row.uuid)).length;
    if (limit >= 0 && total > limit) throw new OverQuota(`Maximum number of metadata items exceeds ${limit}`);
    db.run('UPDATE instances SET updated_at = ? WHERE uuid = ?', now, row.uuid);
    return metadataOf(db, row.uuid);
  });
}

export function deleteMetadataKey(db: Db, row: ServerRow, key: string): void {
  db.tx(() => {
    checkState(row, 'delete metadata', METADATA_VM_STATES);
    const result = db.run('DELETE FROM instance_metadata WHERE instance_uuid = ? AND key = ?', row.uuid, key);
    if (!result.changes) throw new NotFound('Metadata item was not found');
  });
}

/** `confirm_resize`: the old flavor is dropped, the server keeps running on the new one. */
export function confirmResize(db: Db, now: number, row: ServerRow): void {
  db.run(
    `UPDATE instances SET vm_state = CASE power_state WHEN ${POWER.SHUTDOWN} THEN 'stopped' ELSE 'active' END, old_flavor = NULL, new_flavor = NULL, target_host = NULL, updated_at = ? WHERE uuid = ?`,
    now,
    row.uuid,
  );
}

/** The resize quota check: only the growth of cores and ram counts (Nova's `_check_quota_for_upsize`). */
export function checkResizeQuota(db: Db, row: ServerRow, flavor: Flavor): void {
  const limits = getQuotaLimits(db, row.project_id);
  const used = getQuotaUsage(db, row.project_id);
  const deltas = { cores: flavor.vcpus - row.vcpus, ram: flavor.memoryMb - row.memory_mb };
  const overs = (['cores', 'ram'] as const).filter((resource) => deltas[resource] > 0 && limits[resource] >= 0 && used[resource] + deltas[resource] > limits[resource]);
  if (!overs.length) return;
  const list = overs.join(', ');
  throw new OverQuota(
    `Quota exceeded for ${list}: Requested ${overs.map((o) => deltas[o]).join(', ')}, but already used ${overs.map((o) => used[o]).join(', ')} of ${overs.map((o) => limits[o]).join(', ')} ${list}`,
  );
}
