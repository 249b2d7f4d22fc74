import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import type {
  InstanceInterfaceAttach,
  InstanceLiveMigrate,
  InstanceRebuild,
  InstanceRescue,
  InstanceSecurityGroupsUpdate,
  InstanceSnapshotCreate,
  InstanceUpdate,
  InstanceVolumeAttach,
} from '../shared/generated/instance';
import type { HypervisorEntity } from '../shared/generated/hypervisor';
import type { FloatingIpEntity } from '../shared/generated/floating-ip';
import type { ResourceHandlers } from './resource-provider';

/**
 * The Instances panel's actions beyond power and resize (issue 22; not in
 * the contract, see server/api/nova/server-actions.ts): the instance's
 * named calls, and the lists behind their forms' choices (its volumes and
 * ports) and Admin > Hypervisors.
 */

const serverPath = (id: string) => `/api/nova/servers/${encodeURIComponent(id)}`;
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The server filter a choice list of one instance's sub-resources needs. */
function serverOf(filter: Record<string, unknown> | undefined, resource: string): string {
  const id = filter?.server_id;
  if (typeof id !== 'string' || !id) throw new Error(`${resource} lists need a server_id filter`);
  return id;
}

/** A volume as Horizon's attach choices name it, 'name (id)'; the id alone when it cannot be read. */
async function volumeLabel(http: HttpClient, id: string): Promise<string> {
  const volume = await http.get<{ name?: string | null }>(`/api/cinder/volumes/${encodeURIComponent(id)}/`).catch(() => null);
  return `${volume?.name || id} (${id})`;
}

/** A floating IP as `/api/network/floatingips/` lists it. */
type FloatingIp = Pick<FloatingIpEntity, 'id' | 'ip' | 'port_id'>;

/** The Associate form's choice that allocates a new address from a pool first: `pool:<network id>`. */
export const NEW_FROM_POOL = 'pool:';

async function floatingIpById(http: HttpClient, id: string): Promise<FloatingIp> {
  const { items } = await http.get<{ items: FloatingIp[] }>('/api/network/floatingips/');
  const found = items.find((fip) => fip.id === id);
  if (!found) throw Object.assign(new Error('The specified floating IP no longer exists.'), { status: 404, body: 'The specified floating IP no longer exists.' });
  return found;
}

/** The IPv4 addresses of the instance's ports, as `{port id, fixed ip}` (floating IPs map to IPv4 only). */
async function instanceTargets(http: HttpClient, serverId: string): Promise<{ port: string; ip: string }[]> {
  const { items } = await http.get<{ items: { id: string; fixed_ips: string[] }[] }>(`${serverPath(serverId)}/interfaces/`);
  return items.flatMap((port) => port.fixed_ips.filter((ip) => !ip.includes(':')).map((ip) => ({ port: port.id, ip })));
}

/** Named calls of `instance` (its row and detail actions). */
export function instanceActionCalls(http: HttpClient): NonNullable<ResourceHandlers['calls']> {
  return {
    /** Edit Security Groups: the groups every port of the instance gets. */
    async security_groups(id, data = {}) {
      await http.put(`${serverPath(id)}/security-groups/`, { security_groups: (data.security_groups as string[] | undefined) ?? [] } satisfies InstanceSecurityGroupsUpdate);
    },
    async rebuild(id, data = {}) {
      await http.post(`${serverPath(id)}/rebuild/`, { image_id: String(data.image_id ?? ''), disk_config: (text(data.disk_config) as InstanceRebuild['disk_config']) ?? null, description: text(data.description) ?? null } satisfies InstanceRebuild);
    },
    async rescue(id, data = {}) {
      await http.post(`${serverPath(id)}/rescue/`, { image_id: text(data.image_id) ?? null } satisfies InstanceRescue);
    },
    /** Attach Volume: answers the volume as the choice named it and the device Nova chose, which the success text names. */
    async attach_volume(id, data = {}) {
      const volumeId = String(data.volume_id ?? '');
      const attachment = await http.post<{ device?: string }>(`${serverPath(id)}/volumes/`, { volume_id: volumeId } satisfies InstanceVolumeAttach);
      return { device: attachment?.device ?? '', volume: await volumeLabel(http, volumeId) };
    },
    async detach_volume(id, data = {}) {
      const volumeId = String(data.volume_id ?? '');
      const volume = await volumeLabel(http, volumeId);
      await http.delete(`${serverPath(id)}/volumes/${encodeURIComponent(volumeId)}`);
      return { volume };
    },
    async attach_interface(id, data = {}) {
      await http.post(`${serverPath(id)}/interfaces/`, { network_id: String(data.network_id ?? ''), fixed_ip: text(data.fixed_ip) ?? null } satisfies InstanceInterfaceAttach);
    },
    async detach_interface(id, data = {}) {
      await http.delete(`${serverPath(id)}/interfaces/${encodeURIComponent(String(data.port_id ?? ''))}`);
    },
    /**
     * Associate Floating IP from the row: the chosen address, or one
     * allocated first from the chosen pool (`pool:<network id>`), mapped to
     * the instance's port and fixed IP (`<port id>_<fixed ip>`, api-contract §7).
     */
    async associate_floating_ip(_id, data = {}) {
      const choice = String(data.ip_id ?? '');
      const fip = choice.startsWith(NEW_FROM_POOL)
        ? await http.post<FloatingIp>('/api/network/floatingip/', { pool_id: choice.slice(NEW_FROM_POOL.length) })
        : await floatingIpById(http, choice);
      await http.patch('/api/network/floatingip/', { address_id: fip.id, port_id: String(data.port_id ?? '') });
      return { ip: fip.ip };
    },
    /** Disassociate Floating IP from the row; 'Release Floating IP' releases it instead, which disassociates it too (Horizon's Disassociate form). */
    async disassociate_floating_ip(_id, data = {}) {
      const fip = await floatingIpById(http, String(data.fip_id ?? ''));
      if (data.is_release) {
        await http.delete(`/api/network/floatingips/${encodeURIComponent(fip.id)}/`);
        return { ip: fip.ip, outcome: `Successfully disassociated and released floating IP ${fip.ip}` };
      }
      await http.patch('/api/network/floatingip/', { address_id: fip.id });
      return { ip: fip.ip, outcome: `Successfully disassociated floating IP ${fip.ip}` };
    },
    /** Create Snapshot from the row: the contract's `nova/snapshots/`; the success text names the instance (`instance_name` of the payload). */
    async snapshot(id, data = {}) {
      await http.post('/api/nova/snapshots/', { instance_id: id, name: String(data.name ?? '') } satisfies InstanceSnapshotCreate);
      return { instance_name: data.instance_name };
    },
    /** Live Migrate: answers where to, as Horizon's success text says it ('host "x"' or 'a new host'). */
    async live_migrate(id, data = {}) {
      const host = text(data.host) ?? null;
      await http.post(`${serverPath(id)}/live-migrate/`, {
        host,
        block_migration: Boolean(data.block_migration),
        disk_over_commit: Boolean(data.disk_over_commit),
      } satisfies InstanceLiveMigrate);
      return { target: host ? `host "${host}"` : 'a new host' };
    },
    async migrate(id) {
      await http.post(`${serverPath(id)}/migrate/`, {});
    },
  };
}

/** Edit Instance's name and description. */
export async function updateInstance(http: HttpClient, id: string, data: Record<string, unknown>): Promise<void> {
  await http.patch(serverPath(id), { name: String(data.name ?? ''), description: typeof data.description === 'string' ? data.description : null } satisfies InstanceUpdate);
}

/** The security group ids of an instance's ports, which Edit Security Groups starts from. */
export async function instanceSecurityGroupIds(http: HttpClient, id: string): Promise<string[]> {
  const { items } = await http.get<{ items: { id: string }[] }>(`${serverPath(id)}/security-groups/`);
  return items.map((group) => group.id);
}

/** A hypervisor as Nova answers it: the schema's entity without the instance names `hypervisorRecord` adds (its id is a number before 2.53). */
type Hypervisor = Omit<HypervisorEntity, 'id' | 'instances'> & Record<string, unknown> & { id: number | string };

/**
 * A hypervisor as Admin > Hypervisors lists it: Horizon's columns, with its
 * instances' names. Known by its host name, which Live Migrate sends and
 * which stays the same across microversions (the id becomes a UUID at 2.53).
 */
export function hypervisorRecord(hypervisor: Hypervisor): ResourceRecord {
  return {
    ...hypervisor,
    id: hypervisor.hypervisor_hostname,
    hypervisor_id: String(hypervisor.id),
    instances: (hypervisor.servers ?? []).map((server) => server.name).join(', '),
    instance_ids: (hypervisor.servers ?? []).map((server) => server.uuid),
  };
}

/** The lists behind the instance forms' choices, and the hypervisors. */
export function instanceSupportHandlers(http: HttpClient): Record<string, ResourceHandlers> {
  return {
    // Detach Volume's choices: 'name (id)', as Horizon labels them.
    'instance-volume': {
      serverFilters: ['server_id'],
      async list(params) {
        const server = serverOf(params.filter, 'instance-volume');
        const { items } = await http.get<{ items: { volumeId: string; name: string | null }[] }>(`${serverPath(server)}/volumes/`);
        return items.map((volume) => ({ id: volume.volumeId, label: `${volume.name || volume.volumeId} (${volume.volumeId})` }));
      },
    },
    // Detach Interface's choices: the port's fixed IPs, else its id.
    'instance-port': {
      serverFilters: ['server_id'],
      async list(params) {
        const server = serverOf(params.filter, 'instance-port');
        const { items } = await http.get<{ items: { id: string; fixed_ips: string[] }[] }>(`${serverPath(server)}/interfaces/`);
        return items.map((port) => ({ id: port.id, label: port.fixed_ips.join(',') || port.id }));
      },
    },
    // Associate Floating IP's ports: Horizon's targets by instance, 'instance-name: fixed-ip'.
    'instance-fip-target': {
      serverFilters: ['server_id', 'server_name'],
      async list(params) {
        const server = serverOf(params.filter, 'instance-fip-target');
        const name = typeof params.filter?.server_name === 'string' && params.filter.server_name ? params.filter.server_name : server;
        return (await instanceTargets(http, server)).map((target) => ({ id: `${target.port}_${target.ip}`, label: `${name}: ${target.ip}` }));
      },
    },
    // Disassociate Floating IP's choices: the addresses mapped to the instance's ports.
    'instance-floating-ip': {
      serverFilters: ['server_id'],
      async list(params) {
        const server = serverOf(params.filter, 'instance-floating-ip');
        const [targets, { items }] = await Promise.all([instanceTargets(http, server), http.get<{ items: FloatingIp[] }>('/api/network/floatingips/')]);
        const ports = new Set(targets.map((target) => target.port));
        return items.filter((fip) => fip.port_id && ports.has(fip.port_id)).map((fip) => ({ id: fip.id, label: fip.ip }));
      },
    },
    hypervisor: {
      // Live Migrate's New Host leaves out the instance's own host.
      serverFilters: ['not_host'],
      async list(params) {
        const { items } = await http.get<{ items: Hypervisor[] }>('/api/nova/hypervisors/', { signal: params.signal });
        const notHost = params.filter?.not_host;
        return items.filter((hypervisor) => hypervisor.hypervisor_hostname !== notHost).map(hypervisorRecord);
      },
      // Nova's single hypervisor GET lacks the instances before 2.53; the list has them, and a cloud has few hosts.
      async get(id) {
        const { items } = await http.get<{ items: Hypervisor[] }>('/api/nova/hypervisors/');
        const found = items.find((hypervisor) => hypervisor.hypervisor_hostname === id);
        if (!found) throw Object.assign(new Error('Unable to retrieve hypervisor information.'), { status: 404 });
        return hypervisorRecord(found);
      },
    },
  };
}
