/**
 * The choice lists the app's forms name beyond the engine's own
 * (src/forms/option-sources.ts): trunk ports, subnet pools, Create Volume's
 * sources, types and zones. Plugged into the engine by app/plugins.ts.
 */
import type { Backend } from '../src/backend/contract';
import type { OptionSource } from '../src/forms/option-sources';
import { formatBytes } from '../src/utils/units';
import { imageVolumeSize } from './cinder';
import { LB_OPTION_SOURCES } from './lbaas-options';
import { trunkPortCandidates } from './neutron';
import { NEW_FROM_POOL } from './nova-instance-actions';
import { subnetPoolChoice } from './neutron-networks';
import type { ImageEntity } from '../shared/generated';

/** The project's ports a trunk may use in a role, in the spec's order, labelled by name (else id). */
function trunkPorts(role: 'parent' | 'subport' | 'any'): OptionSource {
  return async (backend) => {
    const ports = await listAll<{ id: string; name?: string }>(backend, 'port', 'id');
    return (role === 'any' ? ports : trunkPortCandidates(ports, role)).map((port) => ({ id: port.id, label: port.name || port.id }));
  };
}

/** Every record of a resource through its data provider (those matching `filter`). */
async function listAll<T>(backend: Backend, resource: string, sortField = 'name', filter: Record<string, unknown> = {}): Promise<T[]> {
  const { data } = await backend.dataProvider.getList(resource, { pagination: { page: 1, perPage: 10_000 }, sort: { field: sortField, order: 'ASC' }, filter });
  return data as T[];
}

/** What a volume source's choice reads of an image, a volume or a snapshot (the same names in their schemas). */
type Sized = Pick<ImageEntity, 'id' | 'name' | 'size' | 'min_disk'> & { status?: string };

/**
 * Horizon's Create Volume source choices: usable records labelled 'name
 * (size)', each with its name and the GiB a volume made from it needs
 * (`volume_size`), which the form's size follows (x-from).
 */
function volumeSources(resource: string, usable: string, size: (record: Sized) => string, volumeSize: (record: Sized) => number): OptionSource {
  return async (backend) =>
    (await listAll<Sized>(backend, resource))
      .filter((record) => record.status === usable)
      .map((record) => ({ id: record.id, label: `${record.name || record.id} (${size(record)})`, name: record.name ?? '', volume_size: volumeSize(record) }));
}

/** Neutron's available zones of a resource (network or router), by name. */
function neutronZones(resource: 'network' | 'router'): OptionSource {
  return async (backend) => (await listAll<{ id: string }>(backend, 'network-zone', 'name', { resource })).map((zone) => ({ id: zone.id, label: zone.id }));
}

/** A snapshot's or a volume's own size: a copy is at least as large. */
const ownSize = (record: Sized) => Number(record.size ?? 1);

export const OPTION_SOURCES: Record<string, OptionSource> = {
  ...LB_OPTION_SOURCES,
  /** Trunk parent port candidates (spec 2 §5). */
  'trunk-parent-ports': trunkPorts('parent'),
  /** Trunk subport candidates (spec 2 §5). */
  'trunk-subports': trunkPorts('subport'),
  /** Every port of the project, to name an edited trunk's subports, which are no longer candidates. */
  ports: trunkPorts('any'),
  /**
   * The subnet pools the project may use, with their IP version and prefix
   * lengths (spec 1 §2.6, §5), for the subnet wizards' address pool.
   */
  subnetpools: async (backend) => (await listAll<Parameters<typeof subnetPoolChoice>[0]>(backend, 'subnetpool')).map(subnetPoolChoice),
  /** Available volume snapshots as a new volume's source (spec 1 §2.6), 'name (1 GiB)'. */
  'volume-source-snapshots': volumeSources('volume-snapshot', 'available', (snapshot) => `${snapshot.size} GiB`, ownSize),
  /** Active images as a new volume's source, 'name (320.00 KB)'. */
  'volume-source-images': volumeSources('image', 'active', (image) => formatBytes(image.size ?? 0), imageVolumeSize),
  /** Available volumes as a new volume's source, 'name (1 GiB)'. */
  'volume-source-volumes': volumeSources('volume', 'available', (volume) => `${volume.size} GiB`, ownSize),
  /** Attach Volume's choices: the volumes no instance uses, 'name (id)' as Horizon labels them. */
  'instance-attachable-volumes': async (backend) =>
    (await listAll<Sized>(backend, 'volume')).filter((volume) => volume.status === 'available').map((volume) => ({ id: volume.id, label: `${volume.name || volume.id} (${volume.id})` })),
  /**
   * Associate Floating IP's addresses from the instance row: the project's
   * unassociated ones, then one choice per pool that allocates a new one
   * (Horizon's '+' beside the field, which opens Allocate IP).
   */
  'instance-floating-ip-choices': async (backend) => {
    const [fips, pools] = await Promise.all([listAll<{ id: string; ip: string; port_id?: string | null }>(backend, 'floating-ip', 'ip'), listAll<{ id: string; name: string }>(backend, 'floating-ip-pool')]);
    return [
      ...fips.filter((fip) => !fip.port_id).map((fip) => ({ id: fip.id, label: fip.ip })),
      ...pools.map((pool) => ({ id: `${NEW_FROM_POOL}${pool.id}`, label: `Allocate a new IP from pool ${pool.name}` })),
    ];
  },
  /** Cinder's volume types, by name (Cinder takes the name or the id). */
  'volume-types': async (backend) => (await listAll<{ name: string }>(backend, 'volume-type')).map((type) => ({ id: type.name, label: type.name })),
  /** The backup plan wizard's instances (spec 3 §2.5: Vms/Disks), by name. */
  'backup-instances': async (backend) => (await listAll<{ id: string; name?: string }>(backend, 'instance')).map((server) => ({ id: server.id, label: server.name || server.id })),
  /** The backup plan wizard's disks: volumes available or in use (spec 3 §7.2), 'name (1 GiB)'. */
  'backup-volumes': async (backend) =>
    (await listAll<Sized>(backend, 'volume'))
      .filter((volume) => volume.status === 'available' || volume.status === 'in-use')
      .map((volume) => ({ id: volume.id, label: `${volume.name || volume.id} (${volume.size} GiB)` })),
  /** Neutron's available zones for networks and for routers: Create Network's and Create Router's zone hints. */
  'network-zones': neutronZones('network'),
  'router-zones': neutronZones('router'),
  /** Cinder's zones that are up (Horizon leaves out unavailable ones). */
  'volume-zones': async (backend) =>
    (await listAll<{ id: string; available: boolean }>(backend, 'volume-zone')).filter((zone) => zone.available).map((zone) => ({ id: zone.id, label: zone.id })),
};
