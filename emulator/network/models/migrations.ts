import type { Migration } from '../../store/db.js';

/**
 * Neutron's tables, prefixed `net_` (the emulator shares one SQLite file).
 * Lists (prefixes, pools, routes…) are JSON; IP allocations are rows so that
 * UNIQUE (subnet_id, ip_address) keeps two ports from one address.
 */
export const networkMigrations: Migration[] = [
  {
    id: '0001_initial',
    sql: `
      CREATE TABLE net_networks (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL DEFAULT '',
        project_id TEXT NOT NULL,
        admin_state_up INTEGER NOT NULL DEFAULT 1,
        status TEXT NOT NULL DEFAULT 'ACTIVE',
        shared INTEGER NOT NULL DEFAULT 0,
        external INTEGER NOT NULL DEFAULT 0,
        is_default INTEGER NOT NULL DEFAULT 0,
        mtu INTEGER NOT NULL DEFAULT 1450,
        port_security_enabled INTEGER NOT NULL DEFAULT 1,
        qos_policy_id TEXT,
        network_type TEXT NOT NULL DEFAULT 'vxlan',
        physical_network TEXT,
        segmentation_id INTEGER,
        revision_number INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE net_subnetpools (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL DEFAULT '',
        project_id TEXT NOT NULL,
        ip_version INTEGER NOT NULL,
        prefixes TEXT NOT NULL,
        default_prefixlen INTEGER NOT NULL,
        min_prefixlen INTEGER NOT NULL,
        max_prefixlen INTEGER NOT NULL,
        shared INTEGER NOT NULL DEFAULT 0,
        is_default INTEGER NOT NULL DEFAULT 0,
        default_quota INTEGER,
        revision_number INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE net_subnets (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL DEFAULT '',
        project_id TEXT NOT NULL,
        network_id TEXT NOT NULL REFERENCES net_networks (id),
        ip_version INTEGER NOT NULL,
        cidr TEXT NOT NULL,
        gateway_ip TEXT,
        enable_dhcp INTEGER NOT NULL DEFAULT 1,
        allocation_pools TEXT NOT NULL DEFAULT '[]',
        dns_nameservers TEXT NOT NULL DEFAULT '[]',
        host_routes TEXT NOT NULL DEFAULT '[]',
        ipv6_ra_mode TEXT,
        ipv6_address_mode TEXT,
        subnetpool_id TEXT REFERENCES net_subnetpools (id),
        revision_number INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX net_subnets_network ON net_subnets (network_id);
      CREATE TABLE net_security_groups (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL DEFAULT '',
        project_id TEXT NOT NULL,
        stateful INTEGER NOT NULL DEFAULT 1,
        is_default INTEGER NOT NULL DEFAULT 0,
        revision_number INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      -- One default group per project (Neutron's default_security_group table).
      CREATE UNIQUE INDEX net_security_groups_default ON net_security_groups (project_id) WHERE is_default = 1;
      CREATE TABLE net_security_group_rules (
        id TEXT PRIMARY KEY,
        security_group_id TEXT NOT NULL REFERENCES net_security_groups (id) ON DELETE CASCADE,
        project_id TEXT NOT NULL,
        direction TEXT NOT NULL CHECK (direction IN ('ingress', 'egress')),
        ethertype TEXT NOT NULL CHECK (ethertype IN ('IPv4', 'IPv6')),
        protocol TEXT,
        port_range_min INTEGER,
        port_range_max INTEGER,
        remote_ip_prefix TEXT,
        remote_group_id TEXT REFERENCES net_security_groups (id) ON DELETE CASCADE,
        description TEXT,
        revision_number INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE net_ports (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL DEFAULT '',
        project_id TEXT NOT NULL,
        network_id TEXT NOT NULL REFERENCES net_networks (id),
        mac_address TEXT NOT NULL UNIQUE,
        admin_state_up INTEGER NOT NULL DEFAULT 1,
        status TEXT NOT NULL DEFAULT 'DOWN',
        device_id TEXT NOT NULL DEFAULT '',
        device_owner TEXT NOT NULL DEFAULT '',
        vnic_type TEXT NOT NULL DEFAULT 'normal',
        host_id TEXT NOT NULL DEFAULT '',
        port_security_enabled INTEGER NOT NULL DEFAULT 1,
        qos_policy_id TEXT,
        allowed_address_pairs TEXT NOT NULL DEFAULT '[]',
        dns_name TEXT NOT NULL DEFAULT '',
        revision_number INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX net_ports_network ON net_ports (network_id);
      CREATE INDEX net_ports_device ON net_ports (device_id);
      CREATE TABLE net_ip_allocations (
        port_id TEXT NOT NULL REFERENCES net_ports (id) ON DELETE CASCADE,
        subnet_id TEXT NOT NULL REFERENCES net_subnets (id),
        network_id TEXT NOT NULL,
        ip_address TEXT NOT NULL,
        position INTEGER NOT NULL,
        UNIQUE (subnet_id, ip_address)
      );
      CREATE TABLE net_port_security_groups (
        port_id TEXT NOT NULL REFERENCES net_ports (id) ON DELETE CASCADE,
        security_group_id TEXT NOT NULL REFERENCES net_security_groups (id),
        PRIMARY KEY (port_id, security_group_id)
      );
      CREATE TABLE net_routers (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL DEFAULT '',
        project_id TEXT NOT NULL,
        admin_state_up INTEGER NOT NULL DEFAULT 1,
        status TEXT NOT NULL DEFAULT 'ACTIVE',
        gw_port_id TEXT REFERENCES net_ports (id),
        enable_snat INTEGER NOT NULL DEFAULT 1,
        routes TEXT NOT NULL DEFAULT '[]',
        revision_number INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE net_floatingips (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        floating_network_id TEXT NOT NULL REFERENCES net_networks (id),
        floating_port_id TEXT NOT NULL REFERENCES net_ports (id),
        floating_ip_address TEXT NOT NULL,
        port_id TEXT REFERENCES net_ports (id),
        fixed_ip_address TEXT,
        router_id TEXT REFERENCES net_routers (id),
        status TEXT NOT NULL DEFAULT 'DOWN',
        dns_name TEXT NOT NULL DEFAULT '',
        dns_domain TEXT NOT NULL DEFAULT '',
        revision_number INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        -- One floating IP per fixed IP on an external network (FloatingIPPortAlreadyAssociated).
        UNIQUE (floating_network_id, fixed_ip_address, port_id)
      );
      CREATE TABLE net_qos_policies (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL DEFAULT '',
        project_id TEXT NOT NULL,
        shared INTEGER NOT NULL DEFAULT 0,
        is_default INTEGER NOT NULL DEFAULT 0,
        revision_number INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE net_qos_rules (
        id TEXT PRIMARY KEY,
        qos_policy_id TEXT NOT NULL REFERENCES net_qos_policies (id) ON DELETE CASCADE,
        type TEXT NOT NULL CHECK (type IN ('bandwidth_limit', 'dscp_marking', 'minimum_bandwidth', 'minimum_packet_rate')),
        max_kbps INTEGER,
        max_burst_kbps INTEGER,
        direction TEXT,
        dscp_mark INTEGER,
        min_kbps INTEGER,
        min_kpps INTEGER,
        position INTEGER NOT NULL
      );
      CREATE TABLE net_trunks (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL DEFAULT '',
        project_id TEXT NOT NULL,
        port_id TEXT NOT NULL UNIQUE REFERENCES net_ports (id),
        admin_state_up INTEGER NOT NULL DEFAULT 1,
        status TEXT NOT NULL DEFAULT 'DOWN',
        revision_number INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE net_subports (
        trunk_id TEXT NOT NULL REFERENCES net_trunks (id) ON DELETE CASCADE,
        port_id TEXT NOT NULL UNIQUE REFERENCES net_ports (id),
        segmentation_type TEXT NOT NULL,
        segmentation_id INTEGER NOT NULL,
        position INTEGER NOT NULL,
        UNIQUE (trunk_id, segmentation_type, segmentation_id)
      );
      CREATE TABLE net_quotas (
        project_id TEXT NOT NULL,
        resource TEXT NOT NULL,
        hard_limit INTEGER NOT NULL,
        PRIMARY KEY (project_id, resource)
      );
      CREATE TABLE net_agents (
        id TEXT PRIMARY KEY,
        agent_type TEXT NOT NULL,
        binary TEXT NOT NULL,
        topic TEXT NOT NULL,
        host TEXT NOT NULL,
        availability_zone TEXT,
        admin_state_up INTEGER NOT NULL DEFAULT 1,
        description TEXT,
        configurations TEXT NOT NULL DEFAULT '{}',
        created_at INTEGER NOT NULL,
        started_at INTEGER NOT NULL
      );
      -- What the seed made once, so a deleted seeded resource stays deleted after a restart.
      CREATE TABLE net_seeded (
        key TEXT PRIMARY KEY
      );
    `,
  },
  {
    // availability_zone_hints (network_availability_zone, router_availability_zone): the zone names asked for, as JSON.
    id: '0002_az_hints',
    sql: `
      ALTER TABLE net_networks ADD COLUMN az_hints TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE net_routers ADD COLUMN az_hints TEXT NOT NULL DEFAULT '[]';
    `,
  },
];
