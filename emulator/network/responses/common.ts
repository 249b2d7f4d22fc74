import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAdmin, type RequestContext } from '../../core/context.js';
import { Unauthorized } from '../../core/errors.js';
import { firstHeader, jsonBody, queryOf } from '../../core/http.js';
import { newRequestId } from '../../core/ids.js';
import type { CloudDeps } from '../../core/service.js';
import { NeutronFault } from '../faults.js';
import { type AttributeSpec, parseResourceBody, toBoolean } from '../models/attributes.js';
import type { Viewer } from '../models/common.js';

/** Per-request state of the network API: the caller. */
const contexts = new WeakMap<FastifyRequest, RequestContext>();

/** preHandler: a valid project-scoped token (keystonemiddleware's 401 otherwise). */
export function authenticate(deps: CloudDeps) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = firstHeader(request, 'x-auth-token');
    const context = token ? deps.authenticate(token) : null;
    if (!context || !context.projectId) throw new Unauthorized();
    contexts.set(request, context);
  };
}

export function contextOf(request: FastifyRequest): RequestContext {
  const context = contexts.get(request);
  if (!context) throw new Unauthorized();
  return context;
}

export function viewerOf(request: FastifyRequest): Viewer {
  const context = contextOf(request);
  return { projectId: context.projectId!, isAdmin: isAdmin(context) };
}

export async function decorateResponse(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('X-Openstack-Request-Id', newRequestId());
}

export const idParam = (request: FastifyRequest, name = 'id') => (request.params as Record<string, string>)[name];

/** The `<resource>` object of the body, validated against its attribute map. */
export function resourceBody(request: FastifyRequest, resource: string, specs: Record<string, AttributeSpec>, mode: 'create' | 'update') {
  return parseResourceBody(jsonBody(request), resource, specs, mode);
}

/** Query keys that are not filters (neutron/api/api_common.py). */
const NON_FILTERS = new Set(['fields', 'limit', 'marker', 'page_reverse', 'sort_key', 'sort_dir']);

const STANDARD = ['id', 'name', 'description', 'tenant_id', 'project_id', 'created_at', 'updated_at', 'revision_number', 'tags', 'status'];

/**
 * The attributes each collection may be filtered on, so that an empty list
 * still refuses an unknown filter (the `filter-validation` extension); keys
 * of the returned items count too.
 */
const FILTERABLE: Record<string, string[]> = {
  networks: ['admin_state_up', 'shared', 'router:external', 'is_default', 'mtu', 'port_security_enabled', 'qos_policy_id', 'provider:network_type', 'provider:physical_network', 'provider:segmentation_id', 'subnets', 'availability_zone_hints'],
  subnets: ['network_id', 'ip_version', 'cidr', 'gateway_ip', 'enable_dhcp', 'subnetpool_id', 'ipv6_ra_mode', 'ipv6_address_mode', 'segment_id', 'dns_nameservers', 'host_routes', 'allocation_pools', 'service_types'],
  subnetpools: ['ip_version', 'shared', 'is_default', 'default_prefixlen', 'min_prefixlen', 'max_prefixlen', 'prefixes', 'address_scope_id', 'default_quota'],
  ports: ['network_id', 'mac_address', 'admin_state_up', 'device_id', 'device_owner', 'fixed_ips', 'security_groups', 'binding:vnic_type', 'binding:host_id', 'port_security_enabled', 'qos_policy_id', 'dns_name', 'allowed_address_pairs'],
  routers: ['admin_state_up', 'external_gateway_info', 'distributed', 'ha', 'flavor_id', 'routes'],
  floatingips: ['floating_network_id', 'floating_ip_address', 'fixed_ip_address', 'port_id', 'router_id', 'qos_policy_id'],
  security_groups: ['stateful', 'security_group_rules'],
  security_group_rules: ['security_group_id', 'direction', 'ethertype', 'protocol', 'port_range_min', 'port_range_max', 'remote_ip_prefix', 'remote_group_id', 'remote_address_group_id'],
  policies: ['shared', 'is_default', 'rules'],
  trunks: ['port_id', 'admin_state_up', 'sub_ports'],
  availability_zones: ['resource', 'state'],
  agents: ['agent_type', 'binary', 'topic', 'host', 'availability_zone', 'admin_state_up', 'alive', 'configurations', 'heartbeat_timestamp', 'started_at'],
};

/** Attributes a collection shows but Neutron does not filter on (its API definition's is_filter: false): a router's status. */
const UNFILTERABLE: Record<string, string[]> = {
  routers: ['status'],
};

/** 400 for a filter that is no attribute of the collection, worded as Neutron's filter-validation. */
function checkFilters(collection: string, query: Record<string, string | string[]>, items: Record<string, unknown>[]): void {
  const known = new Set([...STANDARD, ...(FILTERABLE[collection] ?? []), ...items.flatMap((item) => Object.keys(item))]);
  for (const attribute of UNFILTERABLE[collection] ?? []) known.delete(attribute);
  const unknown = Object.keys(query).filter((key) => !NON_FILTERS.has(key) && !known.has(key));
  if (unknown.length) throw new NeutronFault(400, 'HTTPBadRequest', `[${unknown.map((key) => `'${key}'`).join(', ')}] is invalid attribute for filtering`);
}

function matches(value: unknown, wanted: string[]): boolean {
  if (typeof value === 'boolean') return wanted.some((text) => toBoolean(text) === value);
  if (value === null || value === undefined) return wanted.some((text) => text === '' || text === 'None');
  if (Array.isArray(value)) return value.some((item) => wanted.includes(typeof item === 'object' ? JSON.stringify(item) : String(item)));
  return wanted.includes(String(value));
}

/**
 * A list answer as Neutron builds it: equality filters on any attribute
 * (repeated keys mean "any of"; `tenant_id` and `project_id` alike), then
 * `fields`, then `limit`/`marker` paging with a `<collection>_links` next link.
 */
export function listAnswer(request: FastifyRequest, collection: string, items: Record<string, unknown>[]) {
  const query = queryOf(request);
  if (FILTERABLE[collection]) checkFilters(collection, query, items);
  let result = items;
  for (const [key, raw] of Object.entries(query)) {
    if (NON_FILTERS.has(key)) continue;
    const wanted = Array.isArray(raw) ? raw : [raw];
    if (key === 'fixed_ips') {
      // fixed_ips=ip_address=10.0.0.3 or subnet_id=…
      result = result.filter((item) =>
        wanted.every((filter) => {
          const [field, value] = filter.split('=');
          return (item.fixed_ips as Record<string, string>[]).some((fixed) => fixed[field] === value);
        }),
      );
      continue;
    }
    result = result.filter((item) => key in item && matches(item[key], wanted));
  }
  const marker = query.marker as string | undefined;
  if (marker) {
    const index = result.findIndex((item) => item.id === marker);
    result = index >= 0 ? result.slice(index + 1) : result;
  }
  const limit = Number(query.limit);
  let links: unknown[] | undefined;
  if (Number.isInteger(limit) && limit > 0) {
    result = result.slice(0, limit);
    links = pageLinks(request.url.split('?')[0], result, limit);
  }
  return { [collection]: result.map((item) => project(request, item)), ...(links ? { [`${collection}_links`]: links } : {}) };
}

/** `?fields=a&fields=b` keeps only those keys. */
export function project(request: FastifyRequest, item: Record<string, unknown>): Record<string, unknown> {
  const raw = queryOf(request).fields;
  if (!raw) return item;
  const fields = Array.isArray(raw) ? raw : [raw];
  return Object.fromEntries(Object.entries(item).filter(([key]) => fields.includes(key)));
}

/** Neutron hides the provider attributes from non-admins. */
export function stripAdminOnly<T extends Record<string, unknown>>(viewer: Viewer, item: T): T {
  if (viewer.isAdmin) return item;
  const copy: Record<string, unknown> = { ...item };
  for (const key of ['provider:network_type', 'provider:physical_network', 'provider:segmentation_id', 'binding:host_id', 'binding:profile', 'binding:vif_type', 'binding:vif_details']) {
    delete copy[key];
  }
  return copy as T;
}

/**
 * Neutron's paging links, as the real one writes them: a page as long as the
 * limit links to the next one (whether or not more follow: Neutron does not
 * look ahead), and every page, even an empty one, links back (before its
 * first item, if it has one).
 */
function pageLinks(path: string, page: Record<string, unknown>[], limit: number): unknown[] {
  const links = [];
  if (page.length >= limit) links.push({ rel: 'next', href: `${path}?limit=${limit}&marker=${String(page.at(-1)!.id)}` });
  const before = page.length ? `&marker=${String(page[0].id)}` : '';
  links.push({ rel: 'previous', href: `${path}?limit=${limit}${before}&page_reverse=True` });
  return links;
}
