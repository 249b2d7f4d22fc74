import type { FastifyRequest } from 'fastify';
import { ApiError, UpstreamError } from '../../errors.js';
import type { CloudClient, CloudRequestOptions } from '../../openstack/client.js';
import type { UpstreamResponse } from '../../openstack/http.js';

/**
 * Calls to Octavia v2 (api-contract §10, §14.7) and the shapes the browser
 * reads: octavia-dashboard hands it openstacksdk's `to_dict()`, so native
 * names become the SDK's (`admin_state_up` → `is_admin_state_up`,
 * `l7policies` → `l7_policies`, …) and `admin_state_up` is copied back.
 */

export const LB_SERVICE = 'load-balancer';

export type Native = Record<string, unknown> & { id: string };

export function octavia<T = unknown>(client: CloudClient, method: string, path: string, options: CloudRequestOptions = {}): Promise<UpstreamResponse<T>> {
  return client.request<T>(LB_SERVICE, method, `/v2/lbaas${path}`, options);
}

export const encode = encodeURIComponent;

export type LbKind = 'loadbalancer' | 'listener' | 'pool' | 'member' | 'healthmonitor' | 'l7policy' | 'l7rule' | 'flavor' | 'flavorprofile' | 'availabilityzone' | 'amphora';

/** Native name → SDK name, per resource (openstack/load_balancer/v2/*.py). */
const RENAMES: Record<LbKind, Record<string, string>> = {
  loadbalancer: { admin_state_up: 'is_admin_state_up' },
  listener: { admin_state_up: 'is_admin_state_up', l7policies: 'l7_policies', loadbalancers: 'load_balancers', loadbalancer_id: 'load_balancer_id', hsts_include_subdomains: 'is_hsts_include_subdomains', hsts_preload: 'is_hsts_preload' },
  pool: { admin_state_up: 'is_admin_state_up', healthmonitor_id: 'health_monitor_id' },
  member: { admin_state_up: 'is_admin_state_up' },
  healthmonitor: { admin_state_up: 'is_admin_state_up' },
  l7policy: { admin_state_up: 'is_admin_state_up' },
  l7rule: { admin_state_up: 'is_admin_state_up', value: 'rule_value' },
  flavor: { enabled: 'is_enabled' },
  flavorprofile: {},
  availabilityzone: { enabled: 'is_enabled' },
  amphora: {},
};

/** Attributes the SDK always has, null when the native answer lacks them (so the browser reads a stable shape). */
const SDK_DEFAULTS: Partial<Record<LbKind, Record<string, unknown>>> = {
  loadbalancer: { vip_sg_ids: null, additional_vips: [], tags: [] },
  listener: { default_pool: null, load_balancer_id: null, hsts_max_age: null, is_hsts_include_subdomains: null, is_hsts_preload: null, tls_versions: null, alpn_protocols: null },
  pool: { listener_id: null, loadbalancer_id: null, tls_versions: null, alpn_protocols: null, health_monitor_id: null },
  member: { pool_id: null },
  healthmonitor: { pool_id: null },
  l7policy: { redirect_prefix: null },
  l7rule: { l7_policy_id: null },
};

/** One native object as octavia-dashboard answers it: SDK names, plus `admin_state_up` and what the route adds. */
export function sdk(kind: LbKind, native: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const renames = RENAMES[kind];
  const result: Record<string, unknown> = { ...SDK_DEFAULTS[kind] };
  for (const [key, value] of Object.entries(native)) {
    if (key === 'tenant_id') continue;
    result[renames[key] ?? key] = value;
  }
  if ('is_admin_state_up' in result) result.admin_state_up = result.is_admin_state_up;
  return { ...result, ...extra };
}

/** The session's project: every list the browser sees is scoped to it. */
export function projectOf(request: FastifyRequest): string {
  const projectId = request.session?.projectId;
  if (!projectId) throw new ApiError(401, 'not logged in');
  return projectId;
}

/** Copies only the attributes Octavia takes from a browser spec, dropping nulls and undefined (spec 3 §5.1 "Null values are removed"). */
export function pick(source: object | null | undefined, keys: readonly string[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of keys) {
    const value = (source as Record<string, unknown> | null | undefined)?.[key];
    if (value !== null && value !== undefined) result[key] = value;
  }
  return result;
}

/** A 404 from Octavia: the object is already gone. */
export const isGone = (error: unknown) => error instanceof UpstreamError && error.status === 404;
export const isConflict = (error: unknown) => error instanceof UpstreamError && error.status === 409;
