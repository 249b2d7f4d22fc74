/**
 * The extensions the emulated Neutron implements, as `GET /v2.0/extensions`
 * lists them (names and descriptions from neutron-lib's API definitions).
 * Only what the emulator really serves is listed: clients gate features on
 * these aliases (trunk, qos, quotas, agent…).
 */
const UPDATED = '2013-01-01T10:00:00-00:00';

const entries: [alias: string, name: string, description: string, updated?: string][] = [
  ['agent', 'agent', 'The agent management extension.'],
  ['allowed-address-pairs', 'Allowed Address Pairs', 'Provides allowed address pairs'],
  ['availability_zone', 'Availability Zone', 'The availability zone extension.'],
  ['binding', 'Port Binding', 'Expose port bindings of a virtual port to external application'],
  ['default-subnetpools', 'Default Subnetpools', 'Provides ability to mark and use a subnetpool as the default.'],
  ['external-net', 'Neutron external network', 'Adds external network attribute to network resource.'],
  ['ext-gw-mode', 'Neutron L3 Configurable external gateway mode', 'Extension of the router abstraction for specifying whether SNAT should occur on the external gateway'],
  ['extraroute', 'Neutron Extra Route', 'Extra routes configuration for L3 router'],
  ['fip-port-details', 'Floating IP Port Details Extension', 'Add port_details attribute to Floating IP resource'],
  ['net-mtu', 'Network MTU', 'Provides MTU attribute for a network resource.'],
  ['net-mtu-writable', 'Network MTU (writable)', 'Provides a writable MTU attribute for a network resource.'],
  ['network_availability_zone', 'Network Availability Zone', 'Availability zone support for network.'],
  ['pagination', 'Pagination support', 'Extension that indicates that pagination is enabled.'],
  ['port-security', 'Port Security', 'Provides port security'],
  ['project-id', 'project_id field enabled', 'Extension that indicates that project_id field is enabled.'],
  ['provider', 'Provider Network', 'Expose mapping of virtual networks to physical networks'],
  ['qos', 'Quality of Service', 'The Quality of Service extension.'],
  ['qos-bw-limit-direction', 'Direction for QoS bandwidth limit rule', 'Allow to configure QoS bandwidth limit rule with specific direction: ingress or egress'],
  ['qos-bw-minimum-ingress', 'Ingress direction for QoS minimum bandwidth rule', 'Allows to configure QoS minimum bandwidth rule with ingress direction.'],
  ['qos-pps-minimum', 'QoS minimum packet rate rule', 'Allows to configure QoS minimum packet rate rule.'],
  ['qos-rules-alias', 'Quality of Service rules alias API', 'API to enable GET, PUT and DELETE operations on QoS policy rules without specifying policy ID'],
  ['quotas', 'Quota management support', 'Expose functions for quotas management per project'],
  ['quota_details', 'Quota details management support', 'Expose functions for quotas usage statistics per project'],
  ['router', 'Neutron L3 Router', 'Router abstraction for basic L3 forwarding between L2 Neutron networks and access to external networks via a NAT gateway.'],
  ['router_availability_zone', 'Router Availability Zone', 'Availability zone support for router.'],
  ['security-group', 'security-group', 'The security groups extension.'],
  ['sorting', 'Sorting support', 'Extension that indicates that sorting is enabled.'],
  ['standard-attr-description', 'standard-attr-description', 'Extension to add descriptions to standard attributes'],
  ['standard-attr-revisions', 'Resource revision numbers', 'This extension will display the revision number of neutron resources.'],
  ['standard-attr-tag', 'Tag support for resources with standard attribute', 'Enables to set tag on resources with standard attribute.'],
  ['standard-attr-timestamp', 'Resource timestamps', 'Adds created_at and updated_at fields to all Neutron resources that have Neutron standard attributes.'],
  ['subnet_allocation', 'Subnet Allocation', 'Enables allocation of subnets from a subnet pool'],
  ['trunk', 'Trunk Extension', 'Provides support for trunk ports'],
  ['trunk-details', 'Trunk port details', 'Expose trunk port details'],
];

export const EXTENSIONS = entries.map(([alias, name, description, updated]) => ({ name, alias, description, updated: updated ?? UPDATED, links: [] as unknown[] }));
