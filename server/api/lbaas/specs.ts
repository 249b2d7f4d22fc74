import { ApiError } from '../../errors.js';
import type { HealthmonitorSpec } from '../../../shared/generated/healthmonitor.js';
import type { ListenerSpec } from '../../../shared/generated/listener.js';
import type { MemberSpec } from '../../../shared/generated/member.js';
import type { PoolSpec } from '../../../shared/generated/pool.js';
import { pick } from './octavia.js';

/**
 * The wizard's spec (spec 3 §3.1) turned into Octavia bodies, with the
 * cleaning rules of spec 3 §5.1 applied on the server too: a monitor of
 * another type loses its HTTP fields, a pool on a TERMINATED_HTTPS listener
 * is HTTP, a cookie name stays only for APP_COOKIE, tls_ciphers only with
 * TLS, empty insert_headers values go. The cross-field rules a schema
 * cannot say are checked here with the spec's messages.
 */

export const LISTENER_FIELDS = ['name', 'description', 'protocol', 'protocol_port', 'connection_limit', 'admin_state_up', 'insert_headers', 'timeout_client_data', 'timeout_member_connect', 'timeout_member_data', 'timeout_tcp_inspect', 'allowed_cidrs', 'tls_ciphers', 'default_pool_id'] as const;
export const LISTENER_UPDATE_FIELDS = LISTENER_FIELDS.filter((field) => field !== 'protocol' && field !== 'protocol_port');
export const POOL_FIELDS = ['name', 'description', 'protocol', 'lb_algorithm', 'session_persistence', 'admin_state_up', 'tls_enabled', 'tls_ciphers'] as const;
export const POOL_UPDATE_FIELDS = POOL_FIELDS.filter((field) => field !== 'protocol');
export const MEMBER_FIELDS = ['name', 'address', 'protocol_port', 'subnet_id', 'weight', 'monitor_address', 'monitor_port', 'admin_state_up', 'backup'] as const;
export const MEMBER_UPDATE_FIELDS = ['name', 'weight', 'monitor_address', 'monitor_port', 'admin_state_up', 'backup'] as const;
export const MONITOR_FIELDS = ['name', 'type', 'delay', 'timeout', 'max_retries', 'max_retries_down', 'http_method', 'url_path', 'expected_codes', 'admin_state_up'] as const;
export const MONITOR_UPDATE_FIELDS = MONITOR_FIELDS.filter((field) => field !== 'type');

const HTTP_MONITORS = ['HTTP', 'HTTPS'];

export function listenerBody(spec: Partial<ListenerSpec>, fields: readonly string[] = LISTENER_FIELDS): Record<string, unknown> {
  const body = pick(spec, fields);
  if (spec.protocol !== undefined && spec.protocol !== 'TERMINATED_HTTPS') delete body.tls_ciphers;
  if (body.insert_headers && typeof body.insert_headers === 'object') {
    body.insert_headers = Object.fromEntries(Object.entries(body.insert_headers as Record<string, unknown>).filter(([, value]) => value !== null && value !== undefined && value !== ''));
  }
  if (typeof body.default_pool_id === 'string') body.default_pool_id = body.default_pool_id.slice(0, 36) || null;
  return body;
}

export function poolBody(spec: Partial<PoolSpec>, listenerProtocol: string | null, fields: readonly string[] = POOL_FIELDS): Record<string, unknown> {
  const body = pick(spec, fields);
  if (listenerProtocol === 'TERMINATED_HTTPS' && fields.includes('protocol')) body.protocol = 'HTTP';
  if (!body.tls_enabled) delete body.tls_ciphers;
  const persistence = spec.session_persistence as { type?: string | null; cookie_name?: string | null } | null | undefined;
  if (persistence !== undefined) {
    body.session_persistence = persistence?.type ? { type: persistence.type, ...(persistence.type === 'APP_COOKIE' && persistence.cookie_name ? { cookie_name: persistence.cookie_name } : {}) } : null;
  }
  return body;
}

export function memberBody(spec: object, fields: readonly string[] = MEMBER_FIELDS): Record<string, unknown> {
  return pick(spec, fields);
}

export function monitorBody(spec: Partial<HealthmonitorSpec>, type: string, fields: readonly string[] = MONITOR_FIELDS): Record<string, unknown> {
  const delay = spec.delay as number | undefined;
  const timeout = spec.timeout as number | undefined;
  if (typeof delay === 'number' && typeof timeout === 'number' && delay < timeout) {
    throw new ApiError(400, 'monitor.delay: The health check interval must be greater than or equal to the timeout.');
  }
  const body = pick(spec, fields);
  if (!HTTP_MONITORS.includes(type)) for (const field of ['http_method', 'url_path', 'expected_codes']) delete body[field];
  return body;
}

/** Members the wizard keeps: those with an address and a port (spec 3 §5.1); undefined when none is left. */
export function membersOf(members: MemberSpec[] | null | undefined): MemberSpec[] | undefined {
  const kept = (members ?? []).filter((member) => member.address && member.protocol_port);
  return kept.length ? kept : undefined;
}

/**
 * A pool with its members and monitor as one Octavia body (`default_pool` of a
 * listener, or the body of `POST /pools`): the single fully populated call.
 */
export function poolTree(pool: PoolSpec, listenerProtocol: string | null, members: MemberSpec[] | null | undefined, monitor: HealthmonitorSpec | null | undefined): Record<string, unknown> {
  const kept = membersOf(members);
  return {
    ...poolBody(pool, listenerProtocol),
    ...(kept ? { members: kept.map((member) => memberBody(member)) } : {}),
    ...(monitor ? { healthmonitor: monitorBody(monitor, monitor.type) } : {}),
  };
}

/** A TERMINATED_HTTPS listener's certificates: the first is the default, all are offered by SNI (so an edit can preselect them). */
export function certificateFields(protocol: string | undefined, certificates: string[] | null | undefined): Record<string, unknown> {
  if (protocol !== 'TERMINATED_HTTPS' || !certificates?.length) return {};
  return { default_tls_container_ref: certificates[0], sni_container_refs: certificates };
}
