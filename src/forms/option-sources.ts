/**
 * Where a form's choice lists come from, by name, so a schema can say
 * `"x-transferTable": { "source": "projects" }` without code. Add an entry
 * here when a new kind of list is needed; `resource:<name>` lists any
 * registered resource through its data provider.
 */
import { imageVolumeSize } from '../../dataProviders/cinder';
import type { Backend } from '../../dataProviders/index';
import { trunkPortCandidates } from '../../dataProviders/neutron';
import { subnetPoolChoice } from '../../dataProviders/neutron-networks';
import type { TransferItem } from '../transfer/model';
import { formatBytes } from '../utils/units';

export type OptionSource = (backend: Backend) => Promise<TransferItem[]>;

/** The project's ports a trunk may use in a role, in the spec's order, labelled by name (else id). */
function trunkPorts(role: 'parent' | 'subport' | 'any'): OptionSource {
  return async (backend) => {
    const { data } = await backend.dataProvider.getList('port', { pagination: { page: 1, perPage: 10_000 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    const ports = data as { id: string; name?: string }[];
    return (role === 'any' ? ports : trunkPortCandidates(ports, role)).map((port) => ({ id: port.id, label: port.name || port.id }));
  };
}

/** Every record of a resource through its data provider. */
async function listAll<T>(backend: Backend, resource: string): Promise<T[]> {
  const { data } = await backend.dataProvider.getList(resource, { pagination: { page: 1, perPage: 10_000 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
  return data as T[];
}

interface Sized {
  id: string;
  name?: string | null;
  status?: string;
  size?: number | null;
  min_disk?: number | null;
}

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

/** A snapshot's or a volume's own size: a copy is at least as large. */
const ownSize = (record: Sized) => Number(record.size ?? 1);

export const OPTION_SOURCES: Record<string, OptionSource> = {
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
  subnetpools: async (backend) => {
    const { data } = await backend.dataProvider.getList('subnetpool', { pagination: { page: 1, perPage: 10_000 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    return (data as Parameters<typeof subnetPoolChoice>[0][]).map(subnetPoolChoice);
  },
  /** Every Keystone project, as Horizon offers them to an admin (flavor access, spec 2 §2.3). */
  projects: async (backend) => (await backend.identity.listProjects()).map((project) => ({ id: project.id, label: project.name })),
  /** Available volume snapshots as a new volume's source (spec 1 §2.6), 'name (1 GiB)'. */
  'volume-source-snapshots': volumeSources('volume-snapshot', 'available', (snapshot) => `${snapshot.size} GiB`, ownSize),
  /** Active images as a new volume's source, 'name (320.00 KB)'. */
  'volume-source-images': volumeSources('image', 'active', (image) => formatBytes(image.size ?? 0), imageVolumeSize),
  /** Available volumes as a new volume's source, 'name (1 GiB)'. */
  'volume-source-volumes': volumeSources('volume', 'available', (volume) => `${volume.size} GiB`, ownSize),
  /** Cinder's volume types, by name (Cinder takes the name or the id). */
  'volume-types': async (backend) => (await listAll<{ name: string }>(backend, 'volume-type')).map((type) => ({ id: type.name, label: type.name })),
  /** Cinder's zones that are up (Horizon leaves out unavailable ones). */
  'volume-zones': async (backend) =>
    (await listAll<{ id: string; available: boolean }>(backend, 'volume-zone')).filter((zone) => zone.available).map((zone) => ({ id: zone.id, label: zone.id })),
  /** Keystone roles (a new user's role, spec 3 §3.2). */
  roles: async (backend) => (await backend.identity.listRoles()).map((role) => ({ id: role.id, label: role.name })),
};

/** What narrows a `resource:` source: provider filters (`{field}` filled from the form's record) and the label field. */
export interface OptionQuery {
  filter?: Record<string, string>;
  /** The record field shown as the choice's label, and the choices' order. Default: labelled by `name` (else the id), in id order. */
  labelField?: string;
}

/**
 * Loads the items of a named source.
 *
 * @example
 * await loadOptions('projects', backend);       // [{ id: 'p1', label: 'demo' }, …]
 * await loadOptions('resource:flavor', backend); // every flavor, labelled by name
 * await loadOptions('resource:floating-ip-target', backend, { filter: { floating_ip_id: 'f1' } });
 */
export async function loadOptions(source: string, backend: Backend, query: OptionQuery = {}): Promise<TransferItem[]> {
  if (source.startsWith('resource:')) {
    const resource = source.slice('resource:'.length);
    const labelField = query.labelField ?? 'name';
    const { data } = await backend.dataProvider.getList(resource, { pagination: { page: 1, perPage: 1000 }, sort: { field: query.labelField ?? 'id', order: 'ASC' }, filter: query.filter ?? {} });
    return data.map((record) => ({ id: String(record.id), label: String(record[labelField] ?? record.name ?? record.id) }));
  }
  const load = OPTION_SOURCES[source];
  if (!load) throw new Error(`No option source named '${source}' (src/forms/option-sources.ts)`);
  return load(backend);
}
