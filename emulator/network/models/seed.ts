import type { Db } from '../../store/db.js';
import { newId } from './common.js';
import { createNetwork } from './networks.js';
import { addInterface, createRouter } from './routers.js';
import { ensureDefaultSecurityGroup } from './security-groups.js';
import { createSubnetPool } from './subnetpools.js';
import { createSubnet } from './subnets.js';

/**
 * The demo network topology, as devstack leaves it: an external `public`
 * network (172.24.4.0/24) owned by admin, a shared subnet pool, and per
 * project a `private` network with a subnet, a `router1` with the public
 * gateway and an interface on it, and the default security group. Each
 * piece is made once (remembered in net_seeded), so what a user deletes
 * stays deleted after a restart.
 */

function once(db: Db, key: string, make: () => void): void {
  if (db.get('SELECT 1 FROM net_seeded WHERE key = ?', key)) return;
  make();
  db.run('INSERT INTO net_seeded (key) VALUES (?)', key);
}

const AGENTS = [
  { type: 'Open vSwitch agent', binary: 'neutron-openvswitch-agent', topic: 'N/A', zone: 'nova', configurations: { bridge_mappings: { physnet1: 'br-ex' }, tunnel_types: ['vxlan'], integration_bridge: 'br-int' } },
  { type: 'DHCP agent', binary: 'neutron-dhcp-agent', topic: 'dhcp_agent', zone: 'nova', configurations: { dhcp_driver: 'neutron.agent.linux.dhcp.Dnsmasq', networks: 0 } },
  { type: 'L3 agent', binary: 'neutron-l3-agent', topic: 'l3_agent', zone: 'nova', configurations: { agent_mode: 'legacy', routers: 0 } },
];

export function seedNetworking(db: Db, now: number, projects: { admin: string; demo: string }): void {
  once(db, 'agents', () => {
    for (const agent of AGENTS) {
      db.run(
        'INSERT INTO net_agents (id, agent_type, binary, topic, host, availability_zone, configurations, created_at, started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        newId(),
        agent.type,
        agent.binary,
        agent.topic,
        'emulator',
        agent.zone,
        JSON.stringify(agent.configurations),
        now,
        now,
      );
    }
  });
  let publicId: string | undefined = db.get<{ id: string }>("SELECT id FROM net_networks WHERE name = 'public' AND external = 1")?.id;
  once(db, 'public', () => {
    const network = createNetwork(db, now, { projectId: projects.admin, name: 'public', external: true, mtu: 1500, networkType: 'flat', physicalNetwork: 'physnet1', segmentationId: null });
    createSubnet(db, now, { projectId: projects.admin, network, ipVersion: 4, cidr: '172.24.4.0/24', name: 'public-subnet', enableDhcp: false, allocationPools: [{ start: '172.24.4.2', end: '172.24.4.254' }] });
    publicId = network.id;
  });
  once(db, 'shared-subnetpool', () => {
    createSubnetPool(db, now, { projectId: projects.admin, name: 'shared-default-subnetpool-v4', prefixes: ['10.128.0.0/16'], minPrefixlen: 24, maxPrefixlen: 28, defaultPrefixlen: 26, shared: true, isDefault: true });
  });
  for (const [key, projectId] of Object.entries(projects)) {
    once(db, `security-group:${key}`, () => void ensureDefaultSecurityGroup(db, now, projectId));
    once(db, `private:${key}`, () => {
      const network = createNetwork(db, now, { projectId, name: 'private' });
      const subnet = createSubnet(db, now, { projectId, network, ipVersion: 4, cidr: '10.0.0.0/24', name: 'private-subnet' });
      const gateway = publicId ? { network_id: publicId } : null;
      const router = createRouter(db, now, { projectId, name: 'router1', gateway });
      addInterface(db, { isAdmin: true, projectId }, now, router, { subnet_id: subnet.id });
    });
  }
}
