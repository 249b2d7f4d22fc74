import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import { listPage, type PagedAnswer, pageQuery, type ResourceHandlers } from './resource-provider';
import type { FlavorEntity, InstanceEntity, InstanceResize } from '../shared/generated';
import { instanceActionCalls, instanceSecurityGroupIds, instanceSupportHandlers, updateInstance } from './nova-instance-actions';

/**
 * A server as `/api/nova/servers/` and `servers/{id}` answer it (api-contract
 * §6.2): Nova's own shape, which the Instances record (schemas/instance)
 * reshapes; the fields both have are the schema's, Nova's extension fields
 * (`OS-EXT-STS:…`) are read by name.
 */
export type NovaServer = Record<string, unknown> &
  Pick<InstanceEntity, 'id'> &
  Partial<Pick<InstanceEntity, 'name' | 'status' | 'addresses' | 'image_name'>> & {
    image?: { id?: string } | string | null;
    /** `{id, links}` in the list; embedded `{original_name, vcpus, ram, disk, …}` without an id in the single GET (≥2.47). */
    flavor?: (Partial<NovaFlavor> & { original_name?: string }) | null;
    fault?: { message?: string } | null;
  };

/** The flavor fields an instance shows (schemas/flavor.schema.json). */
type NovaFlavor = Pick<FlavorEntity, 'id' | 'name' | 'vcpus' | 'ram' | 'disk'>;

/** Horizon's POWER_STATES: Nova's OS-EXT-STS:power_state number → name (tables.py). */
export const POWER_STATES: Record<number, string> = {
  0: 'NO STATE',
  1: 'RUNNING',
  2: 'BLOCKED',
  3: 'PAUSED',
  4: 'SHUTDOWN',
  5: 'SHUTOFF',
  6: 'CRASHED',
  7: 'SUSPENDED',
  8: 'FAILED',
  9: 'BUILDING',
};

/**
 * The addresses as the IP Address column shows them: each network's
 * addresses, IPv4 before IPv6, comma-separated; with several networks one
 * line each, led by the network's name (Horizon's _instance_ips.html).
 *
 * @example
 * ipAddressText({ private: [{ addr: 'fd00::5', version: 6 }, { addr: '10.0.0.5', version: 4 }] }); // '10.0.0.5, fd00::5'
 */
export function ipAddressText(addresses: NovaServer['addresses']): string {
  const networks = Object.entries(addresses ?? {}).map(([network, list]) => {
    const sorted = [...(list ?? [])].sort((a, b) => (a.version ?? 4) - (b.version ?? 4));
    return [network, sorted.map((address) => address.addr).join(', ')] as const;
  });
  if (networks.length <= 1) return networks[0]?.[1] ?? '';
  return networks.map(([network, ips]) => `${network}: ${ips}`).join('\n');
}

/** The image's id: `image` is `{id, links}`, or `""` for an instance booted from a volume. */
function imageIdOf(server: NovaServer): string | null {
  const image = server.image;
  return image && typeof image === 'object' && image.id ? image.id : null;
}

/**
 * A Nova server as the Instances panel's record: Horizon's derived values
 * (flavor and image names, addresses as text, the power state's name, the
 * task or 'none', the zone and host without their extension prefixes).
 * `flavors` and `images` resolve the names the list does not carry; a
 * flavor the user cannot see keeps its id and no name ("Not available").
 */
export function instanceRecord(server: NovaServer, flavors: ReadonlyMap<string, NovaFlavor> = new Map(), images: ReadonlyMap<string, string> = new Map()): ResourceRecord {
  const embedded = server.flavor ?? undefined;
  // The list names the flavor by id; the single GET embeds it by name (original_name), without an id.
  const known = embedded?.id ? flavors.get(embedded.id) : [...flavors.values()].find((flavor) => flavor.name === embedded?.original_name);
  const imageId = imageIdOf(server);
  const powerState = Number(server['OS-EXT-STS:power_state'] ?? 0);
  const task = server['OS-EXT-STS:task_state'];
  return {
    ...server,
    id: server.id,
    name: server.name ?? '',
    status: server.status ?? 'UNKNOWN',
    task: typeof task === 'string' && task ? task : 'none',
    power_state: POWER_STATES[powerState] ?? 'NO STATE',
    availability_zone: (server['OS-EXT-AZ:availability_zone'] as string | undefined) ?? null,
    host: (server['OS-EXT-SRV-ATTR:host'] as string | undefined) ?? null,
    age: server.created,
    image_id: imageId,
    image_name: server.image_name ?? (imageId ? (images.get(imageId) ?? null) : null),
    flavor_id: embedded?.id ?? known?.id ?? null,
    flavor_name: embedded?.original_name ?? known?.name ?? null,
    ram: embedded?.ram ?? known?.ram ?? null,
    vcpus: embedded?.vcpus ?? known?.vcpus ?? null,
    disk: embedded?.disk ?? known?.disk ?? null,
    ip_address: ipAddressText(server.addresses),
    fault_message: server.fault?.message ?? null,
  };
}

/** `/api/nova/servers/{id}` has no trailing slash (api-contract §1.1); its sub-resources do. */
export const serverPath = (id: string) => `/api/nova/servers/${encodeURIComponent(id)}`;

/**
 * The operations `POST /api/nova/servers/{id}` runs (api-contract §6; lock to
 * unrescue are beyond it), and the resize verdicts, which have routes of their own.
 */
export const SERVER_OPERATIONS = ['start', 'stop', 'pause', 'unpause', 'suspend', 'resume', 'soft_reboot', 'hard_reboot', 'lock', 'unlock', 'shelve', 'unshelve', 'unrescue'] as const;

/** A console as `servers/{id}/console-info/` answers it. */
export interface ConsoleInfo {
  type: string;
  url: string;
}

/** An entry of `servers/{id}/actions/`. */
export interface InstanceAction {
  action: string;
  request_id: string;
  user_id: string;
  start_time: string;
  message: string | null;
}

/**
 * The instances of `/api/nova/servers*` (spec 2 §7.4, api-contract §6):
 * resource `instance` with list, get, delete and the named calls of its
 * actions and detail tabs.
 */
export function serverHandlers(http: HttpClient): Record<string, ResourceHandlers> {
  /**
   * Flavors by id for the list, which names them by id only; failing leaves the
   * names out, not the instances. Image names come with the list (the server
   * asks Glance for the page's images only), so no image list is fetched here.
   */
  async function flavorsById(): Promise<Map<string, NovaFlavor>> {
    const flavors = await http.get<{ items: NovaFlavor[] }>('/api/nova/flavors/').then(({ items }) => items, () => []);
    return new Map(flavors.map((flavor) => [flavor.id, flavor]));
  }

  const operation = (name: string) => async (id: string) => {
    await http.post(serverPath(id), { operation: name });
  };

  return {
    instance: {
      // The admin panel lists every project's instances, a page at a time (`all_tenants`), searched by the server (its facets).
      serverFilters: ['all_tenants'],
      async list(params) {
        const page = pageQuery(params);
        const allTenants = params.filter?.all_tenants === 'true' ? { ...params.filter, all_tenants: 'true' } : undefined;
        const query = page || allTenants ? { ...page, ...allTenants } : undefined;
        const [answer, flavors] = await Promise.all([http.get<PagedAnswer<NovaServer>>('/api/nova/servers/', { query, signal: params.signal }), flavorsById()]);
        const record = (server: NovaServer) => instanceRecord(server, flavors);
        return page ? listPage(answer, record) : answer.items.map(record);
      },
      // `with_security_groups`: Edit Security Groups starts from the groups the instance's ports have.
      async get(id, meta) {
        const [server, flavors, groups] = await Promise.all([
          http.get<NovaServer>(serverPath(id)),
          http.get<{ items: NovaFlavor[] }>('/api/nova/flavors/').then(({ items }) => items, () => []),
          meta?.with_security_groups ? instanceSecurityGroupIds(http, id) : undefined,
        ]);
        const record = instanceRecord(server, new Map(flavors.map((flavor) => [flavor.id, flavor])));
        return groups ? { ...record, security_group_ids: groups } : record;
      },
      async update(id, data) {
        await updateInstance(http, id, data);
        return { ...data, id };
      },
      async remove(id) {
        await http.delete(serverPath(id));
      },
      calls: {
        ...Object.fromEntries(SERVER_OPERATIONS.map((name) => [name, operation(name)])),
        ...instanceActionCalls(http),
        // (not in the contract: Horizon's ConfirmResize / RevertResize table actions)
        async confirm_resize(id) {
          await http.post(`${serverPath(id)}/confirm-resize/`, {});
        },
        async revert_resize(id) {
          await http.post(`${serverPath(id)}/revert-resize/`, {});
        },
        /**
         * The Resize Instance screen: `{ flavor_id, disk_config }`.
         * (not in the contract: Horizon resizes through its Django workflow; the server helper adds POST servers/{id}/resize/.)
         */
        async resize(id, data = {}) {
          await http.post(`${serverPath(id)}/resize/`, { flavor_id: data.flavor_id, disk_config: data.disk_config } satisfies InstanceResize);
        },
        async 'console-output'(id, data) {
          const { lines } = await http.post<{ lines: string[] }>(`${serverPath(id)}/console-output/`, data?.length === undefined ? {} : { length: data.length });
          return lines;
        },
        async 'console-info'(id, data) {
          return http.post<ConsoleInfo>(`${serverPath(id)}/console-info/`, { console_type: data?.console_type ?? 'AUTO' });
        },
        async actions(id) {
          return (await http.get<{ items: InstanceAction[] }>(`${serverPath(id)}/actions/`)).items;
        },
        async volumes(id) {
          return (await http.get<{ items: Record<string, unknown>[] }>(`${serverPath(id)}/volumes/`)).items;
        },
        async 'security-groups'(id) {
          return (await http.get<{ items: Record<string, unknown>[] }>(`${serverPath(id)}/security-groups/`)).items;
        },
        // (not in the contract: Horizon's decryptpassword view reads Nova's os-server-password)
        async password(id) {
          const answer = await http.get<string | { password?: string }>(`${serverPath(id)}/password/`);
          return typeof answer === 'string' ? answer : (answer?.password ?? '');
        },
      },
    },
    ...instanceSupportHandlers(http),
  };
}
