import type { Readable } from 'node:stream';
import type { RequestContext } from '../../core/context.js';
import { BadRequest } from '../../core/errors.js';
import type { CloudDeps } from '../../core/service.js';

/**
 * What Nova asks of the other services, as small interfaces owned by
 * compute: Neutron for ports, Cinder for volumes, Glance for images. Each is
 * implemented next to the service that owns the data (`network/compute-ports.ts`,
 * `volume/compute-volumes.ts`, `image/compute-images.ts`) and injected in
 * `emulator/services.ts`. They share the SQLite database, so their writes
 * join the caller's transaction. Errors they raise are Nova's (the API
 * turns Neutron's and Cinder's refusals into its own 400/409).
 */

/** Who asks, as each service checks visibility. */
export interface Caller {
  projectId: string;
  userId: string;
  isAdmin: boolean;
}

export interface NetworkRef {
  id: string;
  name: string;
}

export interface ServerPort {
  id: string;
  networkId: string;
  networkName: string;
  macAddress: string;
  fixedIps: { address: string; version: 4 | 6 }[];
  floatingIps: string[];
  securityGroupIds: string[];
}

export interface PortBinding {
  serverId: string;
  host: string;
  availabilityZone: string;
}

export interface ComputeNetworking {
  /** Networks a server may boot on when none is named: the project's own and shared ones, never external (Nova's `_get_available_networks`). */
  availableNetworks(caller: Caller): NetworkRef[];
  /** A network the caller may use; null when unknown or not visible. */
  findNetwork(caller: Caller, id: string): NetworkRef | null;
  /** Security groups by name or id, as Nova resolves them; throws Nova's 400 for an unknown one. Returns their ids. */
  resolveSecurityGroups(caller: Caller, namesOrIds: string[]): string[];
  /** A port the caller owns that no device uses yet; throws Nova's 400/409 otherwise. */
  checkFreePort(caller: Caller, portId: string): void;
  /** Creates a port for the server on `networkId`, bound and ACTIVE (device_owner `compute:<az>`). */
  createServerPort(caller: Caller, networkId: string, binding: PortBinding, securityGroupIds: string[] | null, fixedIp?: string): string;
  /** Binds an existing port to the server. */
  bindPort(caller: Caller, portId: string, binding: PortBinding): void;
  /** The ports bound to the server, in the given order; missing ones are skipped. */
  describePorts(portIds: string[]): ServerPort[];
  /** Deletes a port Nova created, or unbinds one the caller gave. */
  releasePort(portId: string, created: boolean): void;
  /** Names of security groups by id (for the server view). */
  securityGroupNames(ids: string[]): string[];
  /** Adds (or removes) one security group on each of the ports (addSecurityGroup / removeSecurityGroup). */
  changePortSecurityGroup(portIds: string[], groupId: string, add: boolean): void;
}

export interface VolumeInfo {
  id: string;
  name: string | null;
  status: string;
  size: number;
  bootable: boolean;
  projectId: string;
  /** The Glance image the volume came from (volume_image_metadata), for min_disk/min_ram checks. */
  imageMetadata: Record<string, string> | null;
}

export interface BootVolumeRequest {
  size: number;
  availabilityZone: string;
  volumeType?: string;
  imageId?: string;
  snapshotId?: string;
}

export interface ComputeVolumes {
  find(caller: Caller, id: string): VolumeInfo | null;
  /** The volume snapshot's size and source volume, or null. */
  findSnapshot(caller: Caller, id: string): { id: string; size: number; status: string } | null;
  /** Creates a volume for the boot (from an image or a volume snapshot); it is `creating` until its bytes are in. */
  createBootVolume(caller: Caller, request: BootVolumeRequest): string;
  /** Attaches: `in-use` with an attachment naming the server; returns the attachment id. */
  attach(volumeId: string, serverId: string, device: string, host: string | null): string;
  /** Detaches: back to `available` when no attachment is left. */
  detach(volumeId: string, serverId: string): void;
  /** Starts the delete of a volume (delete_on_termination). */
  remove(volumeId: string): void;
  /** Settles Cinder's clock-driven transitions (creating → available …), so Nova sees them. */
  settle(): void;
}

export interface ImageInfo {
  id: string;
  name: string | null;
  status: string;
  size: number;
  minDisk: number;
  minRam: number;
  properties: Record<string, string>;
}

export interface SnapshotRequest {
  name: string;
  serverId: string;
  /** The image the server booted from ('' for a volume-backed server: the snapshot holds no bytes). */
  baseImageId: string;
  properties: Record<string, string>;
  minDisk: number;
  minRam: number;
  /** `snapshot` (createImage) or `backup` (createBackup). */
  imageType?: 'snapshot' | 'backup';
}

export interface ComputeImages {
  find(caller: Caller, id: string): ImageInfo | null;
  /** Creates the snapshot image (queued, then saving; active once its bytes are copied). Returns its id. */
  snapshot(caller: Caller, request: SnapshotRequest): string;
  /** createBackup's rotation: deletes the server's oldest backups of the type beyond the newest `keep`. */
  rotateBackups(serverId: string, backupType: string, keep: number): void;
  /** The image's bytes (for nothing but tests and copies). */
  open?(id: string): Readable;
}

export interface ComputeCollaborators {
  networking: ComputeNetworking;
  volumes: ComputeVolumes;
  images: ComputeImages;
}

/** Builds the collaborators of a running cloud from its dependencies. */
export type CollaboratorFactories = {
  [K in keyof ComputeCollaborators]?: (deps: CloudDeps) => ComputeCollaborators[K];
};

/** The caller as a keystonemiddleware context, for services whose models take one. */
export function callerContext(caller: Caller): RequestContext {
  return {
    token: '',
    userId: caller.userId,
    userName: '',
    userDomainId: '',
    projectId: caller.projectId,
    projectName: null,
    projectDomainId: null,
    domainId: null,
    roles: caller.isAdmin ? ['admin', 'member', 'reader'] : ['member', 'reader'],
    expiresAt: 0,
  };
}

/** Nova with no other service wired in: no networks, volumes or images are ever found. */
export const UNCONNECTED: ComputeCollaborators = {
  networking: {
    availableNetworks: () => [],
    findNetwork: () => null,
    resolveSecurityGroups: () => [],
    checkFreePort: (_caller, portId) => {
      throw new BadRequest(`Port id ${portId} could not be found.`);
    },
    createServerPort: () => {
      throw new BadRequest('Networking is not available.');
    },
    bindPort: () => undefined,
    describePorts: () => [],
    releasePort: () => undefined,
    securityGroupNames: (ids) => ids,
    changePortSecurityGroup: () => undefined,
  },
  volumes: {
    find: () => null,
    findSnapshot: () => null,
    createBootVolume: () => {
      throw new BadRequest('Block storage is not available.');
    },
    attach: () => '',
    detach: () => undefined,
    remove: () => undefined,
    settle: () => undefined,
  },
  images: {
    find: () => null,
    snapshot: () => {
      throw new BadRequest('The image service is not available.');
    },
    rotateBackups: () => undefined,
  },
};
