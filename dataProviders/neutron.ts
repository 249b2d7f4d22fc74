import type { DataProvider } from 'ra-core';
import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import { neutronLaunchHandlers } from './launch';
import { floatingIpHandlers } from './network-floating-ips';
import { securityGroupHandlers } from './network-security-groups';
import { networkHandlers } from './neutron-networks';
import { routerHandlers } from './neutron-routers';
import { createServiceProvider } from './resource-provider';
import type { PortEntity, QosPolicyEntity, TrunkEntity } from '../shared/generated';

/** A QoS policy as /api/neutron/qos_policies/ answers it; a PATCH answer may lack its rules. */
type QosPolicy = Omit<QosPolicyEntity, 'rules'> & Partial<Pick<QosPolicyEntity, 'rules'>>;

/** A policy always carries its rules list, which the overview's table reads. */
function qosPolicyRecord(policy: QosPolicy): ResourceRecord {
  return { ...policy, rules: policy.rules ?? [] };
}

const qosPolicyPath = (id: string) => `/api/neutron/qos_policies/${encodeURIComponent(id)}/`;

/** A trunk as /api/neutron/trunks/ answers it; a PATCH answer may lack its sub_ports. */
type Trunk = Omit<TrunkEntity, 'sub_ports'> & Partial<Pick<TrunkEntity, 'sub_ports'>>;

/**
 * A trunk as the table reads it. The PATCH answer lacks Horizon's wrapper
 * fields (api-contract §8), so they are derived here the same way.
 */
function trunkRecord(trunk: Trunk): ResourceRecord {
  const subPorts = trunk.sub_ports ?? [];
  return {
    ...trunk,
    sub_ports: subPorts,
    name_or_id: trunk.name_or_id ?? (trunk.name || `(${trunk.id.slice(0, 13)})`),
    subport_count: trunk.subport_count ?? subPorts.length,
  };
}

const trunkPath = (id: string) => `/api/neutron/trunks/${encodeURIComponent(id)}/`;

/** The port fields the trunk wizards' choices read (schemas/port.schema.json). */
type Port = Partial<Pick<PortEntity, 'name' | 'admin_state_up' | 'device_owner' | 'trunk_id'>> & { id: string };

/**
 * The ports a trunk wizard offers (spec 2 §5): a parent must be up, unowned
 * or a compute port's, and not in a trunk; a subport must be up, unowned and
 * not in a trunk. Sorted by name with blank names last, then by id.
 *
 * @example
 * trunkPortCandidates(ports, 'parent'); // [{ id: 'p1', name: 'a', … }, …]
 */
export function trunkPortCandidates<P extends Port>(ports: readonly P[], role: 'parent' | 'subport'): P[] {
  const owned = (port: P) => (role === 'parent' ? !(port.device_owner ?? '').startsWith('compute:') && Boolean(port.device_owner) : Boolean(port.device_owner));
  return ports
    .filter((port) => port.admin_state_up !== false && !owned(port) && !port.trunk_id)
    .sort((a, b) => {
      const [nameA, nameB] = [a.name ?? '', b.name ?? ''];
      if (!nameA !== !nameB) return nameA ? -1 : 1;
      return nameA.localeCompare(nameB) || a.id.localeCompare(b.id);
    });
}

/**
 * `/api/neutron/` (spec 2 §7.4). Resources: `qos-policy`, `trunk`, and `network`, `subnet`, `port` (dataProviders/neutron-networks.ts).
 *
 * @example
 * const neutron = createNeutronProvider(http);
 * const { data } = await neutron.getList('qos-policy', {});
 */
export function createNeutronProvider(http: HttpClient): DataProvider {
  return createServiceProvider('neutron', {
    ...securityGroupHandlers(http),
    'qos-policy': {
      async list() {
        const { items } = await http.get<{ items: QosPolicy[] }>('/api/neutron/qos_policies/');
        return items.map(qosPolicyRecord);
      },
      async get(id) {
        return qosPolicyRecord(await http.get<QosPolicy>(qosPolicyPath(id)));
      },
      async create(data) {
        return qosPolicyRecord(await http.post<QosPolicy>('/api/neutron/qos_policies/', data));
      },
      async remove(id) {
        await http.delete(qosPolicyPath(id));
      },
    },
    /** Neutron's available zones of one resource (`filter.resource`: network or router), for the zone hints of Create Network and Create Router. */
    'network-zone': {
      async list(params) {
        const query = { resource: String(params.filter?.resource ?? 'network'), state: 'available' };
        const { items } = await http.get<{ items: { name: string; resource: string; state: string }[] }>('/api/neutron/availability_zones/', { query });
        return items.map((zone) => ({ id: zone.name, ...zone }));
      },
    },
    trunk: {
      /** The project panel asks for its project's trunks (`panel.projectFilter`); the admin panel for all. */
      async list(params) {
        const projectId = params.filter?.project_id as string | undefined;
        const { items } = await http.get<{ items: Trunk[] }>('/api/neutron/trunks/', projectId ? { query: { project_id: projectId } } : undefined);
        return items.map(trunkRecord);
      },
      serverFilters: ['project_id'],
      async get(id) {
        return trunkRecord(await http.get<Trunk>(trunkPath(id)));
      },
      async create(data) {
        return trunkRecord(await http.post<Trunk>('/api/neutron/trunks/', data));
      },
      /** `data` is `{ old, new }`: the contract's PATCH takes both trunks and diffs them (api-contract §8). */
      async update(id, data) {
        return trunkRecord(await http.patch<Trunk>(trunkPath(id), [data.old, data.new]));
      },
      async remove(id) {
        await http.delete(trunkPath(id));
      },
    },
    // network, subnet and port (the Networks panel; ports also feed the trunk wizards).
    ...networkHandlers(http),
    // What the launch wizard reads (networks with subnets, security groups).
    ...neutronLaunchHandlers(http),
    // Routers and their interfaces, floating IPs (the Routers and Floating IPs panels).
    ...routerHandlers(http),
    ...floatingIpHandlers(http),
  });
}
