/**
 * The load balancer wizards' specs (spec 3 §3.1 "Wizard specs", §5.1 "On
 * submit"): the flat form values of `schemas/*.schema.json`'s forms become
 * the bodies api-contract §10 takes, cleaned as Horizon cleans them.
 */
import { parseMemberCandidateKey, withoutNulls } from './lbaas';

type Values = Record<string, unknown>;
type Spec = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The values of the fields named `prefix` + key, without the prefix. */
function part(values: Values, prefix: string, keys: string[]): Spec {
  return Object.fromEntries(keys.map((key) => [key, values[`${prefix}${key}`]]));
}

/** A pool on a TERMINATED_HTTPS listener is HTTP (spec 3 §5.1); otherwise it speaks the listener's protocol. */
export function poolProtocolFor(listenerProtocol: unknown): string | undefined {
  return listenerProtocol === 'TERMINATED_HTTPS' ? 'HTTP' : text(listenerProtocol);
}

/** The listener part; dropped without protocol or port, and its certificates and ciphers unless TERMINATED_HTTPS. */
export function listenerSpec(values: Values, prefix = ''): { listener?: Spec; certificates?: string[] } {
  const listener = part(values, prefix, ['name', 'description', 'protocol', 'connection_limit', 'admin_state_up', 'timeout_client_data', 'timeout_member_connect', 'timeout_member_data', 'timeout_tcp_inspect', 'tls_ciphers']);
  listener.protocol_port = values[prefix ? `${prefix}port` : 'protocol_port'];
  if (!text(listener.protocol) || number(listener.protocol_port) === undefined) return {};
  const certificates = Array.isArray(values.certificates) ? (values.certificates as string[]) : [];
  if (listener.protocol !== 'TERMINATED_HTTPS') {
    delete listener.tls_ciphers;
    return { listener: withoutEmpty(listener) };
  }
  return { listener: withoutEmpty(listener), ...(certificates.length ? { certificates } : {}) };
}

/** The pool part; dropped without an algorithm. An empty session persistence is null, a cookie name only for APP_COOKIE. */
export function poolSpec(values: Values, prefix: string, protocol: unknown): Spec | undefined {
  const pool = part(values, prefix, ['name', 'description', 'lb_algorithm', 'admin_state_up', 'tls_enabled', 'tls_ciphers']);
  if (!text(pool.lb_algorithm)) return undefined;
  pool.protocol = protocol;
  const persistence = text(values[`${prefix}session_persistence`]);
  pool.session_persistence = persistence ? { type: persistence, ...(persistence === 'APP_COOKIE' && text(values[`${prefix}cookie_name`]) ? { cookie_name: values[`${prefix}cookie_name`] } : {}) } : null;
  if (pool.tls_enabled !== true) delete pool.tls_ciphers;
  return withoutEmpty(pool);
}

/** The chosen candidates as member specs with the step's port and weight; members without address or port are dropped. */
export function memberSpecs(values: Values): Spec[] {
  const chosen = Array.isArray(values.members) ? (values.members as string[]) : [];
  return chosen
    .map((key) => ({ ...parseMemberCandidateKey(key), protocol_port: number(values.member_port), weight: number(values.member_weight) ?? 1, admin_state_up: true, backup: false }))
    .filter((member) => member.address && member.protocol_port !== undefined)
    .map((member) => withoutNulls(member));
}

/** The monitor part; dropped unless delay, max_retries and timeout are numbers. HTTP fields only for HTTP and HTTPS. */
export function monitorSpec(values: Values, prefix = ''): Spec | undefined {
  const monitor = part(values, prefix, ['name', 'type', 'delay', 'timeout', 'max_retries', 'max_retries_down', 'http_method', 'expected_codes', 'url_path', 'admin_state_up']);
  if ([monitor.delay, monitor.max_retries, monitor.timeout].some((value) => number(value) === undefined)) return undefined;
  if (monitor.type !== 'HTTP' && monitor.type !== 'HTTPS') {
    delete monitor.http_method;
    delete monitor.expected_codes;
    delete monitor.url_path;
  }
  return withoutEmpty(monitor);
}

/** Null, undefined and empty-text values are removed (spec 3 §5.1). */
function withoutEmpty(spec: Spec): Spec {
  return Object.fromEntries(Object.entries(spec).filter(([, value]) => value !== null && value !== undefined && value !== ''));
}

/**
 * The Create Load Balancer wizard's spec (spec 3 §2.3, §5.1): the load
 * balancer, and while their steps are on, the listener (with certificates),
 * the pool, its members and its monitor.
 *
 * @example
 * loadBalancerSpec({ vip_subnet_id: 's1', create_listener: false }); // { loadbalancer: { vip_subnet_id: 's1' } }
 */
export function loadBalancerSpec(values: Values): Spec {
  const spec: Spec = { loadbalancer: withoutEmpty(part(values, '', ['name', 'description', 'vip_subnet_id', 'vip_address', 'flavor_id', 'availability_zone', 'admin_state_up'])) };
  if (values.create_listener !== true) return spec;
  const { listener, certificates } = listenerSpec(values, 'listener_');
  if (!listener) return spec;
  return { ...spec, listener, ...(certificates ? { certificates } : {}), ...poolChildren(values, poolProtocolFor(listener.protocol)) };
}

/** The pool part of the wizard's values with its members and monitor, while their toggles are on (spec 3 §4.1). */
function poolChildren(values: Values, protocol: unknown): Spec {
  if (values.create_pool !== true) return {};
  const pool = poolSpec(values, 'pool_', protocol);
  if (!pool) return {};
  const members = memberSpecs(values);
  const monitor = values.create_monitor === true ? monitorSpec(values, 'monitor_') : undefined;
  return { pool, ...(members.length ? { members } : {}), ...(monitor ? { monitor } : {}) };
}

/**
 * Create Listener's wizard (spec 3 §2.3: the load balancer wizard's listener,
 * certificates, pool, members and monitor steps): the listener always, the
 * rest as in the load balancer's spec. A listener's tab adds `loadbalancer_id`.
 */
export function listenerWizardBody(values: Values): Spec {
  const { loadbalancer: _loadbalancer, ...spec } = loadBalancerSpec({ ...values, create_listener: true });
  return spec;
}

/**
 * Create Pool's wizard (spec 3 §2.3: the pool, members and monitor steps):
 * the pool always, with its chosen protocol. A listener's or load
 * balancer's tab adds `loadbalancer_id` and `parentResourceId`.
 */
export function poolWizardBody(values: Values): Spec {
  return { pool: {}, ...poolChildren({ ...values, create_pool: true }, values.pool_protocol) };
}

/** Update Listener: the record's id in the body, as Horizon sends it (api-contract §10). */
export function listenerUpdateBody(values: Values, record?: object): Spec {
  const listener = record as Values | undefined;
  const { listener: spec, certificates } = listenerSpec({ ...values, protocol: listener?.protocol, protocol_port: listener?.protocol_port });
  // The protocol and port chose the parts; they do not change on update.
  const { protocol: _protocol, protocol_port: _port, ...changes } = spec ?? {};
  return { loadbalancer_id: listener?.loadbalancerId, listener: { ...changes, id: listener?.id }, ...(certificates ? { certificates } : {}) };
}

/** Update Pool. */
export function poolUpdateBody(values: Values, record?: object): Spec {
  const pool = record as Values | undefined;
  const spec = poolSpec(values, '', undefined) ?? {};
  return { loadbalancer_id: pool?.loadbalancerId, pool: { ...spec, id: pool?.id } };
}

/** Create Health Monitor (under a pool's tab, which adds `loadbalancer_id` and `parentResourceId`). */
export function monitorCreateBody(values: Values): Spec {
  return { monitor: monitorSpec(values) ?? {} };
}

/** Update Health Monitor: the type stays the record's. */
export function monitorUpdateBody(values: Values, record?: object): Spec {
  const monitor = record as Values | undefined;
  return { loadbalancer_id: monitor?.loadbalancerId, monitor: { ...monitorSpec({ ...values, type: monitor?.type }), id: monitor?.id } };
}

/** The form values of a record being edited, with its session persistence flattened as the forms have it. */
export function poolFormValues(record: object): Values {
  const pool = record as Values;
  const persistence = (pool.session_persistence ?? null) as { type?: string; cookie_name?: string } | null;
  return { ...withoutNulls(pool), session_persistence: persistence?.type ?? '', cookie_name: persistence?.cookie_name ?? undefined };
}

/**
 * Add/Remove Pool Members: the pool's whole member list as the server
 * replaces it (api-contract §10), the chosen candidates with the step's port
 * and weight, existing members keeping their ids.
 */
export function memberListBody(values: Values, record?: object, current: readonly object[] = []): Spec {
  const pool = record as Values | undefined;
  const byKey = new Map((current as Values[]).map((member) => [`${String(member.subnet_id)}/${String(member.address)}`, member]));
  const members = memberSpecs(values).map((member) => {
    const existing = byKey.get(`${String(member.subnet_id)}/${String(member.address)}`);
    return existing ? { ...member, id: existing.id, protocol_port: existing.protocol_port, weight: existing.weight } : member;
  });
  return { loadbalancer_id: pool?.loadbalancerId, members };
}

/** An L7 policy's part: the redirect fields only for their action (spec 3 §5.1). */
export function l7PolicySpec(values: Values): Spec {
  const policy = part(values, '', ['name', 'description', 'action', 'position', 'redirect_url', 'redirect_pool_id', 'admin_state_up']);
  if (policy.action !== 'REDIRECT_TO_URL') delete policy.redirect_url;
  if (policy.action !== 'REDIRECT_TO_POOL') delete policy.redirect_pool_id;
  return withoutEmpty(policy);
}

/** Create L7 Policy (a listener's tab adds `parentResourceId`) and Update L7 Policy (the record's id in the body). */
export function l7PolicyBody(values: Values, record?: object): Spec {
  const policy = record as Values | undefined;
  return { l7policy: { ...l7PolicySpec(values), ...(policy ? { id: policy.id } : {}) } };
}

/** Create and Update L7 Rule: the key only for HEADER and COOKIE rules; the policy id says where it goes. */
export function l7RuleBody(values: Values, record?: object): Spec {
  const rule = record as Values | undefined;
  const spec = part(values, '', ['type', 'compare_type', 'key', 'rule_value', 'invert', 'admin_state_up']);
  if (spec.type !== 'HEADER' && spec.type !== 'COOKIE') delete spec.key;
  return { ...(rule ? { l7policyId: rule.l7policyId } : {}), l7rule: { ...withoutEmpty(spec), ...(rule ? { id: rule.id } : {}) } };
}
