import type { Handler } from '../../core/service.js';
import { policyNotAuthorized } from '../faults.js';
import { bool, description, name, owner, toBoolean, toInt, validators } from '../models/attributes.js';
import type { IpVersion } from '../models/ip.js';
import { getNetwork } from '../models/networks.js';
import type { Pool } from '../models/subnets.js';
import { createSubnet as create, deleteSubnet as remove, getSubnet, listSubnets as list, renderSubnet, updateSubnet as update } from '../models/subnets.js';
import {
  createSubnetPool as createPool,
  deleteSubnetPool as removePool,
  getSubnetPool,
  listSubnetPools as listPools,
  renderSubnetPool,
  updateSubnetPool as updatePool,
} from '../models/subnetpools.js';
import { enforceAttributes, ownerOf } from '../policy.js';
import { contextOf, idParam, listAnswer, project, resourceBody, viewerOf } from './common.js';

/** `/v2.0/subnets` and `/v2.0/subnetpools`. */

const poolsValidator = validators.list((item) =>
  item && typeof item === 'object' && 'start' in item && 'end' in item ? undefined : `${JSON.stringify(item)} is not a valid allocation pool`,
);
const IPV6_MODES = ['dhcpv6-off', 'dhcpv6-stateful', 'dhcpv6-stateless', 'slaac', null];

const SUBNET_ATTRIBUTES = {
  name,
  description,
  tenant_id: owner,
  project_id: owner,
  network_id: { post: true, required: true, validate: validators.uuid },
  ip_version: { post: true, required: true, validate: (value: unknown) => validators.values([4, 6])(typeof value === 'string' ? Number(value) : value), convert: toInt },
  cidr: { post: true, validate: validators.stringOrNone(64) },
  prefixlen: { post: true, validate: validators.range(0, 128), convert: toInt },
  subnetpool_id: { post: true, validate: validators.uuidOrNone },
  use_default_subnetpool: { post: true, validate: validators.boolean, convert: toBoolean },
  gateway_ip: { post: true, put: true, validate: validators.ipAddressOrNone },
  enable_dhcp: bool,
  allocation_pools: { post: true, put: true, validate: poolsValidator },
  dns_nameservers: { post: true, put: true, validate: validators.list(validators.string(255)) },
  host_routes: { post: true, put: true, validate: validators.list(validators.object) },
  ipv6_ra_mode: { post: true, validate: validators.values(IPV6_MODES) },
  ipv6_address_mode: { post: true, validate: validators.values(IPV6_MODES) },
  service_types: { post: true, put: true, validate: validators.list(validators.string(255)) },
  segment_id: { post: true, validate: validators.uuidOrNone },
};

export const listSubnets: Handler = (deps) => async (request) => listAnswer(request, 'subnets', list(deps.db, viewerOf(request)).map(renderSubnet));

export const showSubnet: Handler = (deps) => async (request) => ({ subnet: project(request, renderSubnet(getSubnet(deps.db, viewerOf(request), idParam(request)))) });

export const createSubnet: Handler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const viewer = viewerOf(request);
  const values = resourceBody(request, 'subnet', SUBNET_ATTRIBUTES, 'create');
  const projectId = ownerOf(context, values);
  const network = getNetwork(deps.db, viewer, values.network_id as string);
  // create_subnet: rule:admin_or_network_owner.
  if (!viewer.isAdmin && network.project_id !== viewer.projectId) throw policyNotAuthorized('rule:create_subnet');
  let pool;
  if (values.subnetpool_id) pool = getSubnetPool(deps.db, viewer, values.subnetpool_id as string);
  else if (values.use_default_subnetpool && !values.cidr) {
    pool = listPools(deps.db, viewer).find((candidate) => candidate.is_default && candidate.ip_version === values.ip_version);
  }
  const row = create(deps.db, deps.clock.now(), {
    projectId,
    network,
    ipVersion: values.ip_version as IpVersion,
    cidr: (values.cidr as string | null | undefined) ?? undefined,
    prefixlen: values.prefixlen as number | undefined,
    pool,
    name: values.name as string | undefined,
    description: values.description as string | undefined,
    gatewayIp: values.gateway_ip as string | null | undefined,
    enableDhcp: values.enable_dhcp as boolean | undefined,
    allocationPools: values.allocation_pools as Pool[] | undefined,
    dnsNameservers: values.dns_nameservers as string[] | undefined,
    hostRoutes: values.host_routes as { destination: string; nexthop: string }[] | undefined,
    ipv6RaMode: values.ipv6_ra_mode as string | null | undefined,
    ipv6AddressMode: values.ipv6_address_mode as string | null | undefined,
  });
  reply.code(201);
  return { subnet: renderSubnet(row) };
};

function ownedSubnet(deps: Parameters<Handler>[0], request: Parameters<ReturnType<Handler>>[0], action: string) {
  const viewer = viewerOf(request);
  const row = getSubnet(deps.db, viewer, idParam(request));
  if (!viewer.isAdmin && row.project_id !== viewer.projectId) throw policyNotAuthorized(`rule:${action}_subnet`);
  return row;
}

export const updateSubnet: Handler = (deps) => async (request) => {
  const row = ownedSubnet(deps, request, 'update');
  const values = resourceBody(request, 'subnet', SUBNET_ATTRIBUTES, 'update');
  return { subnet: renderSubnet(update(deps.db, deps.clock.now(), row, values)) };
};

export const deleteSubnet: Handler = (deps) => async (request, reply) => {
  remove(deps.db, deps.clock.now(), ownedSubnet(deps, request, 'delete'));
  return reply.code(204).send();
};

const POOL_ATTRIBUTES = {
  name: { ...name, required: true },
  description,
  tenant_id: owner,
  project_id: owner,
  prefixes: { post: true, put: true, required: true, validate: validators.list(validators.string(64)) },
  default_prefixlen: { post: true, put: true, validate: validators.range(0, 128), convert: toInt },
  min_prefixlen: { post: true, put: true, validate: validators.range(0, 128), convert: toInt },
  max_prefixlen: { post: true, put: true, validate: validators.range(0, 128), convert: toInt },
  shared: bool,
  is_default: bool,
  default_quota: { post: true, put: true, validate: (value: unknown) => (value === null ? undefined : validators.range(0, 2 ** 31 - 1)(value)), convert: toInt },
  address_scope_id: { post: true, put: true, validate: validators.uuidOrNone },
};

export const listSubnetPools: Handler = (deps) => async (request) => listAnswer(request, 'subnetpools', listPools(deps.db, viewerOf(request)).map(renderSubnetPool));

export const showSubnetPool: Handler = (deps) => async (request) => ({
  subnetpool: project(request, renderSubnetPool(getSubnetPool(deps.db, viewerOf(request), idParam(request)))),
});

export const createSubnetPool: Handler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const values = resourceBody(request, 'subnetpool', POOL_ATTRIBUTES, 'create');
  enforceAttributes(context, 'create', 'subnetpool', values);
  const row = createPool(deps.db, deps.clock.now(), {
    projectId: ownerOf(context, values),
    name: values.name as string,
    description: values.description as string | undefined,
    prefixes: values.prefixes as string[],
    defaultPrefixlen: values.default_prefixlen as number | undefined,
    minPrefixlen: values.min_prefixlen as number | undefined,
    maxPrefixlen: values.max_prefixlen as number | undefined,
    shared: values.shared as boolean | undefined,
    isDefault: values.is_default as boolean | undefined,
    defaultQuota: values.default_quota as number | null | undefined,
  });
  reply.code(201);
  return { subnetpool: renderSubnetPool(row) };
};

function ownedPool(deps: Parameters<Handler>[0], request: Parameters<ReturnType<Handler>>[0], action: string) {
  const viewer = viewerOf(request);
  const row = getSubnetPool(deps.db, viewer, idParam(request));
  if (!viewer.isAdmin && row.project_id !== viewer.projectId) throw policyNotAuthorized(`rule:${action}_subnetpool`);
  return row;
}

export const updateSubnetPool: Handler = (deps) => async (request) => {
  const row = ownedPool(deps, request, 'update');
  const values = resourceBody(request, 'subnetpool', POOL_ATTRIBUTES, 'update');
  enforceAttributes(contextOf(request), 'update', 'subnetpool', values);
  return { subnetpool: renderSubnetPool(updatePool(deps.db, deps.clock.now(), row, values)) };
};

export const deleteSubnetPool: Handler = (deps) => async (request, reply) => {
  removePool(deps.db, ownedPool(deps, request, 'delete').id);
  return reply.code(204).send();
};
