import { BadRequest, Conflict, Forbidden, NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import type { LoadBalancerCollaborators } from './collaborators.js';
import { type Kind, parseAttributes, storedAttributes } from './fields.js';
import {
  attrsOf,
  certificateRefs,
  childrenOf,
  findObject,
  insertObject,
  LABELS,
  type LbRow,
  lockLoadBalancer,
  lockOwnState,
  markPending,
  patchAttributes,
  scheduleSettle,
  type Viewer,
  writeAttributes,
} from './objects.js';
import { checkQuota } from './quotas.js';
import { monitorOf } from './render.js';

/**
 * Octavia's API rules for creating, changing and deleting the load balancer
 * tree (octavia/api/v2/controllers/*.py), including the single-call "fully
 * populated" creates: a load balancer with listeners, their default pools,
 * members, monitors and L7 policies; a listener with its default pool; a pool
 * with members and monitor. Each call is one transaction: refused whole or
 * done whole.
 */

export interface Operation {
  db: Db;
  now: number;
  transitionMs: number;
  viewer: Viewer;
  collaborators: LoadBalancerCollaborators;
  /** The load balancer's URL, the consumer Octavia registers on a TLS container. */
  lbUrl: (id: string) => string;
}

const validation = (message: string) => new BadRequest(`Validation failure: ${message}`);

/** The protocols a pool may have under a listener of each protocol (octavia/common/constants.py VALID_LISTENER_POOL_PROTOCOL_MAP). */
const POOL_PROTOCOLS_FOR: Record<string, string[]> = {
  HTTP: ['HTTP', 'PROXY', 'PROXYV2'],
  HTTPS: ['HTTPS', 'PROXY', 'PROXYV2', 'TCP'],
  TCP: ['HTTPS', 'PROXY', 'PROXYV2', 'TCP'],
  TERMINATED_HTTPS: ['HTTP', 'PROXY', 'PROXYV2'],
  UDP: ['UDP'],
  SCTP: ['SCTP'],
  PROMETHEUS: [],
};

const transport = (protocol: string) => (protocol === 'UDP' ? 'udp' : protocol === 'SCTP' ? 'sctp' : 'tcp');

function projectFor(op: Operation, values: Record<string, unknown>): string {
  const requested = (values.project_id ?? values.tenant_id) as string | undefined;
  if (requested && requested !== op.viewer.projectId && !op.viewer.isAdmin) throw new Forbidden('Policy does not allow this request to be performed.');
  return requested ?? op.viewer.projectId;
}

/** What a body creates, counted per kind, for the quota check of a fully populated create. */
function countTree(kind: Kind, body: Record<string, unknown>, counts: Partial<Record<Kind, number>> = {}): Partial<Record<Kind, number>> {
  counts[kind] = (counts[kind] ?? 0) + 1;
  const list = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);
  if (kind === 'loadbalancer') {
    for (const listener of list(body.listeners)) countTree('listener', listener, counts);
    for (const pool of list(body.pools)) countTree('pool', pool, counts);
  }
  if (kind === 'listener') {
    if (body.default_pool && typeof body.default_pool === 'object') countTree('pool', body.default_pool as Record<string, unknown>, counts);
    for (const policy of list(body.l7policies)) countTree('l7policy', policy, counts);
  }
  if (kind === 'pool') {
    for (const member of list(body.members)) countTree('member', member, counts);
    if (body.healthmonitor && typeof body.healthmonitor === 'object') countTree('healthmonitor', body.healthmonitor as Record<string, unknown>, counts);
  }
  if (kind === 'l7policy') {
    for (const rule of list(body.rules)) countTree('l7rule', rule, counts);
    if (body.redirect_pool && typeof body.redirect_pool === 'object') countTree('pool', body.redirect_pool as Record<string, unknown>, counts);
  }
  return counts;
}

function checkTreeQuota(op: Operation, projectId: string, kind: Kind, body: Record<string, unknown>): void {
  for (const [counted, count] of Object.entries(countTree(kind, body))) checkQuota(op.db, projectId, counted as Kind, count);
}

// ---- load balancers ------------------------------------------------------

/**
 * A load balancer's flavor or zone must exist and be enabled; the real
 * Octavia (Zed) answers 400 either way, an unknown flavor with the disabled
 * one's words, an unknown zone as a validation failure.
 */
function checkCatalogChoice(op: Operation, kind: 'flavor' | 'availabilityzone', id: string | null | undefined, column: 'id' | 'name'): void {
  if (!id) return;
  const rows = op.db.all<{ id: string; attrs: string }>('SELECT id, attrs FROM lb_catalog WHERE kind = ?', kind);
  const row = rows.find((candidate) => (column === 'id' ? candidate.id : (JSON.parse(candidate.attrs) as { name: string }).name) === id);
  const notAllowed = new BadRequest(`The selected ${kind === 'flavor' ? 'flavor' : 'availability_zone'} is not allowed in this deployment: ${id}`);
  if (!row) throw kind === 'flavor' ? notAllowed : validation('Invalid availability zone.');
  if (!(JSON.parse(row.attrs) as { enabled: boolean }).enabled) throw notAllowed;
}

export function createLoadBalancer(op: Operation, body: unknown): LbRow {
  const values = parseAttributes('loadbalancer', body, 'create', 'load_balancer_.loadbalancer');
  const projectId = projectFor(op, values);
  const caller = { projectId, isAdmin: op.viewer.isAdmin };
  const provider = (values.provider as string | null | undefined) ?? 'amphora';
  if (!['amphora', 'octavia'].includes(provider)) throw new BadRequest(`Provider '${provider}' is not enabled.`);
  checkCatalogChoice(op, 'flavor', values.flavor_id as string | null, 'id');
  checkCatalogChoice(op, 'availabilityzone', values.availability_zone as string | null, 'name');
  const { networking } = op.collaborators;
  let subnet: { id: string; networkId: string } | null = null;
  let port = values.vip_port_id ? networking.findPort(caller, values.vip_port_id as string) : null;
  if (values.vip_port_id && !port) throw validation(`Port ${String(values.vip_port_id)} not found.`);
  if (!port) {
    if (values.vip_subnet_id) {
      subnet = networking.findSubnet(caller, values.vip_subnet_id as string);
      if (!subnet) throw validation(`Subnet ${String(values.vip_subnet_id)} not found.`);
      if (values.vip_network_id && values.vip_network_id !== subnet.networkId) throw validation('vip_subnet_id and vip_network_id do not match.');
    } else if (values.vip_network_id) {
      subnet = networking.subnetOfNetwork(caller, values.vip_network_id as string);
      if (!subnet) throw validation(`Network ${String(values.vip_network_id)} not found.`);
    } else {
      throw validation('VIP must contain one of: vip_port_id, vip_network_id, vip_subnet_id.');
    }
  }
  checkPoolsNamed(values);
  return op.db.tx(() => {
    checkTreeQuota(op, projectId, 'loadbalancer', body as Record<string, unknown>);
    const lb = insertObject(op.db, op.now, {
      kind: 'loadbalancer',
      projectId,
      parentId: null,
      attrs: {
        ...storedAttributes(values),
        provider: 'amphora',
        flavor_id: values.flavor_id ?? null,
        availability_zone: values.availability_zone ?? null,
      },
    });
    port ??= networking.createVipPort(projectId, lb.id, subnet!.id, (values.vip_address as string | null) ?? undefined);
    patchAttributes(op.db, lb, { vip_address: port.address, vip_port_id: port.portId, vip_subnet_id: port.subnetId, vip_network_id: port.networkId });
    scheduleSettle(op.db, lb.id, op.now + op.transitionMs);
    const created = findObject(op.db, 'loadbalancer', lb.id)!;
    for (const listener of (values.listeners as unknown[] | undefined) ?? []) createListenerTree(op, created, listener);
    for (const pool of (values.pools as unknown[] | undefined) ?? []) createPoolTree(op, created, pool, null);
    return findObject(op.db, 'loadbalancer', lb.id)!;
  });
}

/** Octavia names pools in a fully populated create so listeners and policies can refer to them: an unnamed one is refused. */
function checkPoolsNamed(values: Record<string, unknown>): void {
  const list = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);
  const pools = [
    ...list(values.pools),
    ...list(values.listeners).flatMap((listener) => [listener.default_pool, ...list(listener.l7policies).map((policy) => policy.redirect_pool)]),
  ].filter((pool): pool is Record<string, unknown> => Boolean(pool) && typeof pool === 'object');
  if (pools.some((pool) => typeof pool.name !== 'string' || pool.name === '')) throw validation('Pools must be named when creating a fully populated loadbalancer.');
}

export function updateLoadBalancer(op: Operation, lb: LbRow, body: unknown): LbRow {
  const values = parseAttributes('loadbalancer', body, 'update', 'load_balancer_.loadbalancer');
  return op.db.tx(() => {
    lockOwnState(op.db, lb, 'PENDING_UPDATE', op.now, op.transitionMs);
    patchAttributes(op.db, lb, values);
    return findObject(op.db, 'loadbalancer', lb.id)!;
  });
}

export function deleteLoadBalancer(op: Operation, lb: LbRow, cascade: boolean): void {
  if (!cascade && op.db.get("SELECT 1 FROM lb_objects WHERE loadbalancer_id = ? AND kind IN ('listener', 'pool')", lb.id)) {
    throw validation(`Cannot delete Load Balancer ${lb.id} - it has children`);
  }
  op.db.tx(() => lockOwnState(op.db, lb, 'PENDING_DELETE', op.now, op.transitionMs));
}

// ---- listeners -----------------------------------------------------------

function checkCertificates(op: Operation, projectId: string, protocol: string, attrs: Record<string, unknown>): void {
  const refs = certificateRefs(attrs);
  if (protocol !== 'TERMINATED_HTTPS') {
    if (refs.length) throw validation('Certificate container references are only allowed on TERMINATED_HTTPS protocol listeners.');
    return;
  }
  if (!refs.length) throw validation('An SNI or default certificate container reference must be provided for TERMINATED_HTTPS protocol listeners.');
  const missing = refs.filter((ref) => !op.collaborators.certificates.resolves(projectId, ref));
  if (missing.length) throw new BadRequest(`Could not retrieve certificate: [${missing.map((ref) => `'${ref}'`).join(', ')}]`);
}

function checkPort(op: Operation, lb: LbRow, protocol: string, port: number, except?: string): void {
  const taken = childrenOf(op.db, lb.id, 'listener').find(
    (listener) => listener.id !== except && attrsOf(listener).protocol_port === port && transport(attrsOf(listener).protocol as string) === transport(protocol),
  );
  if (taken) throw new Conflict(`Another Listener on this Load Balancer is already using protocol ${protocol} and protocol_port ${port}`);
}

function checkDefaultPool(op: Operation, lb: LbRow, protocol: string, poolId: string | null | undefined, listenerId?: string): void {
  if (!poolId) return;
  const pool = findObject(op.db, 'pool', poolId);
  if (!pool || pool.loadbalancer_id !== lb.id) throw new NotFound(`Pool ${poolId} not found.`);
  checkPoolProtocol(protocol, attrsOf(pool).protocol as string);
  const user = childrenOf(op.db, lb.id, 'listener').find((listener) => listener.id !== listenerId && attrsOf(listener).default_pool_id === poolId);
  if (user) throw new Conflict(`Pool ${poolId} is already in use by another listener.`);
}

function checkPoolProtocol(listenerProtocol: string, poolProtocol: string): void {
  if (!(POOL_PROTOCOLS_FOR[listenerProtocol] ?? []).includes(poolProtocol)) {
    throw validation(`The pool protocol '${poolProtocol}' is invalid while the listener protocol is '${listenerProtocol}'.`);
  }
}

export function createListener(op: Operation, body: unknown): LbRow {
  const input = body as Record<string, unknown>;
  const values = parseAttributes('listener', input, 'create');
  if (!values.loadbalancer_id) throw new BadRequest("Invalid input for field/attribute loadbalancer_id. Value: 'None'. Mandatory field missing.");
  const lb = findObject(op.db, 'loadbalancer', values.loadbalancer_id as string);
  if (!lb || (!op.viewer.isAdmin && lb.project_id !== op.viewer.projectId)) throw new NotFound(`Load Balancer ${String(values.loadbalancer_id)} not found.`);
  return op.db.tx(() => {
    checkTreeQuota(op, lb.project_id, 'listener', input);
    lockLoadBalancer(op.db, lb.id, op.now, op.transitionMs);
    return createListenerTree(op, lb, input);
  });
}

function createListenerTree(op: Operation, lb: LbRow, body: unknown): LbRow {
  const values = parseAttributes('listener', body, 'create');
  const protocol = values.protocol as string;
  checkPort(op, lb, protocol, values.protocol_port as number);
  checkCertificates(op, lb.project_id, protocol, values);
  checkDefaultPool(op, lb, protocol, values.default_pool_id as string | null);
  if (values.default_pool && values.default_pool_id) throw validation('Only one of default_pool_id and default_pool may be given.');
  const listener = insertObject(op.db, op.now, { kind: 'listener', projectId: lb.project_id, loadBalancerId: lb.id, parentId: lb.id, attrs: storedAttributes(values) });
  for (const ref of certificateRefs(values)) op.collaborators.certificates.consume(ref, op.lbUrl(lb.id), true);
  if (values.default_pool) createPoolTree(op, lb, values.default_pool, listener);
  for (const policy of (values.l7policies as unknown[] | undefined) ?? []) createL7PolicyTree(op, lb, findObject(op.db, 'listener', listener.id)!, policy);
  return findObject(op.db, 'listener', listener.id)!;
}

function updateListener(op: Operation, listener: LbRow, values: Record<string, unknown>): void {
  const lb = findObject(op.db, 'loadbalancer', listener.loadbalancer_id)!;
  const merged = { ...attrsOf(listener), ...values };
  const protocol = merged.protocol as string;
  if ('default_tls_container_ref' in values || 'sni_container_refs' in values) checkCertificates(op, listener.project_id, protocol, merged);
  if ('default_pool_id' in values) checkDefaultPool(op, lb, protocol, values.default_pool_id as string | null, listener.id);
  const before = certificateRefs(attrsOf(listener));
  const after = certificateRefs(merged);
  for (const ref of before.filter((ref) => !after.includes(ref))) op.collaborators.certificates.consume(ref, op.lbUrl(lb.id), false);
  for (const ref of after.filter((ref) => !before.includes(ref))) op.collaborators.certificates.consume(ref, op.lbUrl(lb.id), true);
}

// ---- pools, members, monitors ----------------------------------------------

function checkSessionPersistence(value: unknown): void {
  if (value === null || value === undefined) return;
  const persistence = value as Record<string, unknown>;
  const types = ['SOURCE_IP', 'HTTP_COOKIE', 'APP_COOKIE'];
  if (!types.includes(persistence.type as string)) {
    throw new BadRequest(`Invalid input for field/attribute type. Value: '${String(persistence.type)}'. Value should be one of: ${types.join(', ')}`);
  }
  if (persistence.type === 'APP_COOKIE' && !persistence.cookie_name) throw validation("Field 'cookie_name' must be set when using the APP_COOKIE session persistence type.");
  if (persistence.type !== 'APP_COOKIE' && persistence.cookie_name) throw validation("Field 'cookie_name' can only be set when using the APP_COOKIE session persistence type.");
}

const normalisePersistence = (value: unknown) =>
  value && typeof value === 'object'
    ? { type: (value as Record<string, unknown>).type, cookie_name: (value as Record<string, unknown>).cookie_name ?? null, persistence_timeout: null, persistence_granularity: null }
    : null;

export function createPool(op: Operation, body: unknown): LbRow {
  const input = body as Record<string, unknown>;
  const values = parseAttributes('pool', input, 'create');
  const listener = values.listener_id ? findObject(op.db, 'listener', values.listener_id as string) : undefined;
  if (values.listener_id && (!listener || (!op.viewer.isAdmin && listener.project_id !== op.viewer.projectId))) throw new NotFound(`Listener ${String(values.listener_id)} not found.`);
  const lbId = (values.loadbalancer_id as string | undefined) ?? listener?.loadbalancer_id;
  if (!lbId) throw validation('loadbalancer_id or listener_id must be specified.');
  const lb = findObject(op.db, 'loadbalancer', lbId);
  if (!lb || (!op.viewer.isAdmin && lb.project_id !== op.viewer.projectId)) throw new NotFound(`Load Balancer ${lbId} not found.`);
  if (listener && listener.loadbalancer_id !== lb.id) throw validation('Listener and pool must be on the same load balancer.');
  return op.db.tx(() => {
    checkTreeQuota(op, lb.project_id, 'pool', input);
    lockLoadBalancer(op.db, lb.id, op.now, op.transitionMs, listener?.id);
    if (listener) markPending(op.db, listener, 'PENDING_UPDATE', op.now);
    return createPoolTree(op, lb, input, listener ?? null);
  });
}

function createPoolTree(op: Operation, lb: LbRow, body: unknown, listener: LbRow | null): LbRow {
  const values = parseAttributes('pool', body, 'create');
  checkSessionPersistence(values.session_persistence);
  if (listener) {
    if (attrsOf(listener).default_pool_id) throw new Conflict(`Listener ${listener.id} already has a default pool`);
    checkPoolProtocol(attrsOf(listener).protocol as string, values.protocol as string);
  }
  const pool = insertObject(op.db, op.now, {
    kind: 'pool',
    projectId: lb.project_id,
    loadBalancerId: lb.id,
    parentId: lb.id,
    attrs: { ...storedAttributes(values), session_persistence: normalisePersistence(values.session_persistence) },
  });
  if (listener) patchAttributes(op.db, listener, { default_pool_id: pool.id });
  for (const member of (values.members as unknown[] | undefined) ?? []) createMemberRow(op, pool, member);
  if (values.healthmonitor) createMonitorRow(op, pool, values.healthmonitor);
  return findObject(op.db, 'pool', pool.id)!;
}

function parentPool(op: Operation, poolId: string): { pool: LbRow; lb: LbRow } {
  const pool = findObject(op.db, 'pool', poolId);
  if (!pool || (!op.viewer.isAdmin && pool.project_id !== op.viewer.projectId)) throw new NotFound(`Pool ${poolId} not found.`);
  return { pool, lb: findObject(op.db, 'loadbalancer', pool.loadbalancer_id)! };
}

function createMemberRow(op: Operation, pool: LbRow, body: unknown): LbRow {
  const values = parseAttributes('member', body, 'create');
  const duplicate = childrenOf(op.db, pool.id, 'member').find((member) => attrsOf(member).address === values.address && attrsOf(member).protocol_port === values.protocol_port);
  if (duplicate) throw new Conflict(`Another member on this pool is already using ip ${String(values.address)} on protocol_port ${String(values.protocol_port)}`);
  if (values.subnet_id && !op.collaborators.networking.findSubnet({ projectId: pool.project_id, isAdmin: op.viewer.isAdmin }, values.subnet_id as string)) {
    throw validation(`Subnet ${String(values.subnet_id)} not found.`);
  }
  return insertObject(op.db, op.now, { kind: 'member', projectId: pool.project_id, loadBalancerId: pool.loadbalancer_id, parentId: pool.id, attrs: storedAttributes(values) });
}

export function createMember(op: Operation, poolId: string, body: unknown): LbRow {
  const { pool, lb } = parentPool(op, poolId);
  return op.db.tx(() => {
    checkQuota(op.db, pool.project_id, 'member', 1);
    lockLoadBalancer(op.db, lb.id, op.now, op.transitionMs);
    markPending(op.db, pool, 'PENDING_UPDATE', op.now);
    return createMemberRow(op, pool, body);
  });
}

/**
 * `PUT /pools/{id}/members`: the whole member list at once. Members are
 * matched on (address, protocol_port): new ones are created, missing ones
 * deleted, the others updated — one transition of the load balancer.
 */
export function replaceMembers(op: Operation, poolId: string, members: unknown[]): void {
  const { pool, lb } = parentPool(op, poolId);
  const wanted = members.map((member) => parseAttributes('member', member, 'create'));
  op.db.tx(() => {
    lockLoadBalancer(op.db, lb.id, op.now, op.transitionMs);
    markPending(op.db, pool, 'PENDING_UPDATE', op.now);
    const existing = childrenOf(op.db, pool.id, 'member');
    const key = (values: Record<string, unknown>) => `${String(values.address)}|${String(values.protocol_port)}`;
    for (const member of existing) {
      const match = wanted.find((values) => key(values) === key(attrsOf(member)));
      if (!match) markPending(op.db, member, 'PENDING_DELETE', op.now);
      else {
        const { address: _address, protocol_port: _port, subnet_id: _subnet, ...changes } = match;
        writeAttributes(op.db, member, storedAttributes(changes), op.now);
      }
    }
    const fresh = wanted.filter((values) => !existing.some((member) => key(attrsOf(member)) === key(values)));
    checkQuota(op.db, pool.project_id, 'member', fresh.length);
    for (const values of fresh) createMemberRow(op, pool, members[wanted.indexOf(values)]);
  });
}

const EXPECTED_CODES = /^(\d{3}(\s*,\s*\d{3})*)$|^(\d{3}-\d{3})$/;

function normaliseMonitor(values: Record<string, unknown>, type: string): Record<string, unknown> {
  const http = type === 'HTTP' || type === 'HTTPS';
  if (!http) {
    for (const field of ['http_method', 'url_path', 'expected_codes']) {
      if (values[field] !== undefined && values[field] !== null) throw validation(`The ${field} attribute is only valid for HTTP and HTTPS health monitors.`);
    }
  }
  if (typeof values.url_path === 'string' && !values.url_path.startsWith('/')) throw new BadRequest(`Invalid input for field/attribute url_path. Value: '${values.url_path}'. Value must be a valid URL path.`);
  if (typeof values.expected_codes === 'string' && !EXPECTED_CODES.test(values.expected_codes)) {
    throw new BadRequest(`Invalid input for field/attribute expected_codes. Value: '${values.expected_codes}'. Value should match the pattern ${EXPECTED_CODES.source}`);
  }
  return values;
}

function createMonitorRow(op: Operation, pool: LbRow, body: unknown): LbRow {
  const values = normaliseMonitor(parseAttributes('healthmonitor', body, 'create'), (body as Record<string, unknown>).type as string);
  if (monitorOf(op.db, pool.id)) throw new Conflict('This pool already has a health monitor');
  const http = values.type === 'HTTP' || values.type === 'HTTPS';
  const attrs = {
    ...storedAttributes(values),
    http_method: values.http_method ?? (http ? 'GET' : null),
    url_path: values.url_path ?? (http ? '/' : null),
    expected_codes: values.expected_codes ?? (http ? '200' : null),
  };
  return insertObject(op.db, op.now, { kind: 'healthmonitor', projectId: pool.project_id, loadBalancerId: pool.loadbalancer_id, parentId: pool.id, attrs });
}

export function createMonitor(op: Operation, body: unknown): LbRow {
  const values = parseAttributes('healthmonitor', body, 'create');
  if (!values.pool_id) throw new BadRequest("Invalid input for field/attribute pool_id. Value: 'None'. Mandatory field missing.");
  const { pool, lb } = parentPool(op, values.pool_id as string);
  return op.db.tx(() => {
    checkQuota(op.db, pool.project_id, 'healthmonitor', 1);
    lockLoadBalancer(op.db, lb.id, op.now, op.transitionMs);
    markPending(op.db, pool, 'PENDING_UPDATE', op.now);
    return createMonitorRow(op, pool, body);
  });
}

// ---- L7 policies and rules -------------------------------------------------

const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

function checkPolicyAction(op: Operation, lb: LbRow, attrs: Record<string, unknown>): void {
  if (attrs.action === 'REDIRECT_TO_POOL') {
    const pool = attrs.redirect_pool_id ? findObject(op.db, 'pool', attrs.redirect_pool_id as string) : undefined;
    if (!attrs.redirect_pool_id) throw validation('redirect_pool_id or redirect_pool is required when action is REDIRECT_TO_POOL.');
    if (!pool || pool.loadbalancer_id !== lb.id) throw new NotFound(`Pool ${String(attrs.redirect_pool_id)} not found.`);
  }
  if (attrs.action === 'REDIRECT_TO_URL' && !(typeof attrs.redirect_url === 'string' && URL_PATTERN.test(attrs.redirect_url))) {
    throw validation('A valid redirect_url is required when action is REDIRECT_TO_URL.');
  }
  if (attrs.action === 'REDIRECT_PREFIX' && !(typeof attrs.redirect_prefix === 'string' && URL_PATTERN.test(attrs.redirect_prefix))) {
    throw validation('A valid redirect_prefix is required when action is REDIRECT_PREFIX.');
  }
}

/** Puts the policy at `position` (1-based, clamped to the end) and renumbers the listener's policies 1…n, as Octavia does. */
function placePolicy(op: Operation, listenerId: string, policyId: string, position: number | null | undefined): void {
  const others = childrenOf(op.db, listenerId, 'l7policy')
    .filter((policy) => policy.id !== policyId)
    .sort((a, b) => (attrsOf(a).position as number) - (attrsOf(b).position as number));
  const index = position ? Math.min(position - 1, others.length) : others.length;
  const ordered = [...others.slice(0, index).map((row) => row.id), policyId, ...others.slice(index).map((row) => row.id)];
  ordered.forEach((id, at) => patchAttributes(op.db, findObject(op.db, 'l7policy', id)!, { position: at + 1 }));
}

function createL7PolicyTree(op: Operation, lb: LbRow, listener: LbRow, body: unknown): LbRow {
  const values = parseAttributes('l7policy', body, 'create');
  let redirectPoolId = values.redirect_pool_id as string | null;
  if (values.redirect_pool) redirectPoolId = createPoolTree(op, lb, values.redirect_pool, null).id;
  const attrs = { ...storedAttributes(values), redirect_pool_id: redirectPoolId, position: 0 };
  checkPolicyAction(op, lb, attrs);
  const policy = insertObject(op.db, op.now, { kind: 'l7policy', projectId: lb.project_id, loadBalancerId: lb.id, parentId: listener.id, attrs });
  placePolicy(op, listener.id, policy.id, values.position as number | null);
  for (const rule of (values.rules as unknown[] | undefined) ?? []) createL7RuleRow(op, findObject(op.db, 'l7policy', policy.id)!, rule);
  return findObject(op.db, 'l7policy', policy.id)!;
}

export function createL7Policy(op: Operation, body: unknown): LbRow {
  const values = parseAttributes('l7policy', body, 'create');
  if (!values.listener_id) throw new BadRequest("Invalid input for field/attribute listener_id. Value: 'None'. Mandatory field missing.");
  const listener = findObject(op.db, 'listener', values.listener_id as string);
  if (!listener || (!op.viewer.isAdmin && listener.project_id !== op.viewer.projectId)) throw new NotFound(`Listener ${String(values.listener_id)} not found.`);
  const lb = findObject(op.db, 'loadbalancer', listener.loadbalancer_id)!;
  return op.db.tx(() => {
    checkTreeQuota(op, lb.project_id, 'l7policy', body as Record<string, unknown>);
    lockLoadBalancer(op.db, lb.id, op.now, op.transitionMs, listener.id);
    markPending(op.db, listener, 'PENDING_UPDATE', op.now);
    return createL7PolicyTree(op, lb, listener, body);
  });
}

function checkRule(attrs: Record<string, unknown>): void {
  if ((attrs.type === 'HEADER' || attrs.type === 'COOKIE') && !attrs.key) throw validation(`L7 rule type ${String(attrs.type)} needs a key.`);
  if (attrs.type === 'FILE_TYPE' && !['REGEX', 'EQUAL_TO'].includes(attrs.compare_type as string)) {
    throw validation('L7 rule type FILE_TYPE only supports the REGEX and EQUAL_TO compare types.');
  }
  if (typeof attrs.value === 'string' && (attrs.value === '' || /\s/.test(attrs.value) && attrs.type !== 'HEADER')) throw validation('L7 rule value must not be empty or contain spaces.');
}

function createL7RuleRow(op: Operation, policy: LbRow, body: unknown): LbRow {
  const values = parseAttributes('l7rule', body, 'create', 'l7rule_.rule');
  checkRule(values);
  return insertObject(op.db, op.now, { kind: 'l7rule', projectId: policy.project_id, loadBalancerId: policy.loadbalancer_id, parentId: policy.id, attrs: storedAttributes(values) });
}

export function createL7Rule(op: Operation, policyId: string, body: unknown): LbRow {
  const policy = findObject(op.db, 'l7policy', policyId);
  if (!policy || (!op.viewer.isAdmin && policy.project_id !== op.viewer.projectId)) throw new NotFound(`L7 Policy ${policyId} not found.`);
  return op.db.tx(() => {
    checkQuota(op.db, policy.project_id, 'l7rule', 1);
    lockLoadBalancer(op.db, policy.loadbalancer_id, op.now, op.transitionMs, policy.parent_id);
    markPending(op.db, policy, 'PENDING_UPDATE', op.now);
    return createL7RuleRow(op, policy, body);
  });
}

// ---- updates and deletes of any child ---------------------------------------

/** The listener a child's change also locks (Octavia checks it alongside the load balancer). */
function listenerOf(op: Operation, row: LbRow): string | null {
  if (row.kind === 'listener') return row.id;
  if (row.kind === 'l7policy') return row.parent_id;
  if (row.kind === 'l7rule') return findObject(op.db, 'l7policy', row.parent_id!)?.parent_id ?? null;
  return null;
}

const ARGUMENTS: Partial<Record<Kind, string>> = { l7rule: 'l7rule_.rule' };

export function updateChild(op: Operation, row: LbRow, body: unknown): LbRow {
  const values = parseAttributes(row.kind, body, 'update', ARGUMENTS[row.kind]);
  const lb = findObject(op.db, 'loadbalancer', row.loadbalancer_id)!;
  const merged = { ...attrsOf(row), ...values };
  if (row.kind === 'pool') {
    checkSessionPersistence(values.session_persistence);
    if ('session_persistence' in values) values.session_persistence = normalisePersistence(values.session_persistence);
  }
  if (row.kind === 'healthmonitor') normaliseMonitor(values, merged.type as string);
  if (row.kind === 'l7policy') checkPolicyAction(op, lb, merged);
  if (row.kind === 'l7rule') checkRule(merged);
  return op.db.tx(() => {
    lockLoadBalancer(op.db, lb.id, op.now, op.transitionMs, row.kind === 'listener' ? null : listenerOf(op, row));
    if (row.kind === 'listener') updateListener(op, row, values);
    const { position, ...rest } = values;
    const updated = writeAttributes(op.db, row, rest, op.now);
    if (row.kind === 'l7policy' && position !== undefined) placePolicy(op, row.parent_id!, row.id, position as number | null);
    return findObject(op.db, updated.kind, updated.id)!;
  });
}

export function deleteChild(op: Operation, row: LbRow): void {
  op.db.tx(() => {
    lockLoadBalancer(op.db, row.loadbalancer_id, op.now, op.transitionMs, row.kind === 'listener' ? null : listenerOf(op, row));
    markPending(op.db, row, 'PENDING_DELETE', op.now);
  });
}

export { LABELS };
