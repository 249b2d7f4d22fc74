import type { FastifyReply, FastifyRequest } from 'fastify';
import { BadRequest, NotFound } from '../../core/errors.js';
import { firstQuery, jsonBody, queryOf } from '../../core/http.js';
import type { Kind } from '../models/fields.js';
import { attrsOf, childrenOf, findObject, getObject, LABELS, type LbRow, listObjects } from '../models/objects.js';
import {
  createL7Policy,
  createL7Rule,
  createListener,
  createLoadBalancer,
  createMember,
  createMonitor,
  createPool,
  deleteChild,
  deleteLoadBalancer,
  replaceMembers,
  updateChild,
  updateLoadBalancer,
} from '../models/operations.js';
import { octaviaTime, renderObject, renderStatusTree, renderTree } from '../models/render.js';
import { filterList, type LbDeps, operation, param, statusOf, viewerOf } from './common.js';

/**
 * The load balancer tree over Octavia v2's wire format: `{<key>: …}` for one
 * object, `{<keys>: […], <keys>_links: []}` for a list; creates answer 201
 * (the fully populated ones with the whole tree), updates 200, deletes 204,
 * the member list replacement 202.
 */

type LbHandler = (deps: LbDeps) => (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Body and collection keys as Octavia names them. */
export const WIRE: Record<Kind, { one: string; many: string }> = {
  loadbalancer: { one: 'loadbalancer', many: 'loadbalancers' },
  listener: { one: 'listener', many: 'listeners' },
  pool: { one: 'pool', many: 'pools' },
  member: { one: 'member', many: 'members' },
  healthmonitor: { one: 'healthmonitor', many: 'healthmonitors' },
  l7policy: { one: 'l7policy', many: 'l7policies' },
  l7rule: { one: 'rule', many: 'rules' },
};

/** The `<key>` object of the body: WSME's 400 when the wrapper is missing. */
function wrapped(request: FastifyRequest, key: string): unknown {
  const body = jsonBody(request);
  if (!body || typeof body !== 'object' || Array.isArray(body) || !(key in body)) throw new BadRequest(`Invalid input for field/attribute ${key}. Value: 'None'. Mandatory field missing.`);
  return (body as Record<string, unknown>)[key];
}

const one = (deps: LbDeps, row: LbRow, tree = false) => ({ [WIRE[row.kind].one]: tree ? renderTree(deps.db, statusOf(deps), row) : renderObject(deps.db, statusOf(deps), row) });

export const listOf =
  (kind: Kind): LbHandler =>
  (deps) =>
  async (request) => {
    const viewer = viewerOf(request);
    const status = statusOf(deps);
    const items = listObjects(deps.db, viewer, kind).map((row) => renderObject(deps.db, status, row));
    return { [WIRE[kind].many]: filterList(request, viewer, items), [`${WIRE[kind].many}_links`]: [] };
  };

export const showOf =
  (kind: Kind): LbHandler =>
  (deps) =>
  async (request) =>
    one(deps, getObject(deps.db, viewerOf(request), kind, param(request, 'id')));

export const createLoadBalancerHandler: LbHandler = (deps) => async (request, reply) => {
  const row = createLoadBalancer(operation(deps, request), wrapped(request, 'loadbalancer'));
  return reply.code(201).send(one(deps, row, true));
};

export const createOf =
  (kind: 'listener' | 'pool' | 'healthmonitor' | 'l7policy'): LbHandler =>
  (deps) =>
  async (request, reply) => {
    const op = operation(deps, request);
    const body = wrapped(request, WIRE[kind].one);
    const row = { listener: createListener, pool: createPool, healthmonitor: createMonitor, l7policy: createL7Policy }[kind](op, body);
    return reply.code(201).send(one(deps, row, true));
  };

export const updateOf =
  (kind: Kind): LbHandler =>
  (deps) =>
  async (request) => {
    const op = operation(deps, request);
    const row = getObject(deps.db, op.viewer, kind, param(request, 'id'));
    const body = wrapped(request, WIRE[kind].one);
    const updated = kind === 'loadbalancer' ? updateLoadBalancer(op, row, body) : updateChild(op, row, body);
    return one(deps, updated);
  };

export const deleteOf =
  (kind: Kind): LbHandler =>
  (deps) =>
  async (request, reply) => {
    const op = operation(deps, request);
    const row = getObject(deps.db, op.viewer, kind, param(request, 'id'));
    if (kind === 'loadbalancer') {
      const cascade = firstQuery(queryOf(request), 'cascade');
      deleteLoadBalancer(op, row, cascade !== undefined && /^(true|1|yes|on)$/i.test(cascade));
    } else {
      if (row.provisioning_status === 'PENDING_DELETE') throw new NotFound(`${LABELS[kind]} ${row.id} not found.`);
      deleteChild(op, row);
    }
    return reply.code(204).send();
  };

export const showStatusTree: LbHandler = (deps) => async (request) => renderStatusTree(deps.db, statusOf(deps), getObject(deps.db, viewerOf(request), 'loadbalancer', param(request, 'id')));

export const showStats: LbHandler = (deps) => async (request) => {
  getObject(deps.db, viewerOf(request), request.url.includes('/listeners/') ? 'listener' : 'loadbalancer', param(request, 'id'));
  return { stats: { active_connections: 0, bytes_in: 0, bytes_out: 0, request_errors: 0, total_connections: 0 } };
};

// ---- children addressed under their parent: members of a pool, rules of a policy ----

function childUnder(deps: LbDeps, request: FastifyRequest, parentKind: 'pool' | 'l7policy', kind: 'member' | 'l7rule'): LbRow {
  const viewer = viewerOf(request);
  const parent = getObject(deps.db, viewer, parentKind, param(request, 'parent'));
  const row = findObject(deps.db, kind, param(request, 'id'));
  if (!row || row.parent_id !== parent.id) throw new NotFound(`${LABELS[kind]} ${param(request, 'id')} not found.`);
  return row;
}

export const listUnder =
  (parentKind: 'pool' | 'l7policy', kind: 'member' | 'l7rule'): LbHandler =>
  (deps) =>
  async (request) => {
    const viewer = viewerOf(request);
    const parent = getObject(deps.db, viewer, parentKind, param(request, 'parent'));
    const status = statusOf(deps);
    const items = childrenOf(deps.db, parent.id, kind).map((row) => renderObject(deps.db, status, row));
    return { [WIRE[kind].many]: filterList(request, viewer, items), [`${WIRE[kind].many}_links`]: [] };
  };

export const showUnder =
  (parentKind: 'pool' | 'l7policy', kind: 'member' | 'l7rule'): LbHandler =>
  (deps) =>
  async (request) =>
    one(deps, childUnder(deps, request, parentKind, kind));

export const createUnder =
  (kind: 'member' | 'l7rule'): LbHandler =>
  (deps) =>
  async (request, reply) => {
    const op = operation(deps, request);
    const body = wrapped(request, WIRE[kind].one);
    const row = kind === 'member' ? createMember(op, param(request, 'parent'), body) : createL7Rule(op, param(request, 'parent'), body);
    return reply.code(201).send(one(deps, row));
  };

export const updateUnder =
  (parentKind: 'pool' | 'l7policy', kind: 'member' | 'l7rule'): LbHandler =>
  (deps) =>
  async (request) => {
    const op = operation(deps, request);
    const row = childUnder(deps, request, parentKind, kind);
    return one(deps, updateChild(op, row, wrapped(request, WIRE[kind].one)));
  };

export const deleteUnder =
  (parentKind: 'pool' | 'l7policy', kind: 'member' | 'l7rule'): LbHandler =>
  (deps) =>
  async (request, reply) => {
    const op = operation(deps, request);
    const row = childUnder(deps, request, parentKind, kind);
    if (row.provisioning_status === 'PENDING_DELETE') throw new NotFound(`${LABELS[kind]} ${row.id} not found.`);
    deleteChild(op, row);
    return reply.code(204).send();
  };

export const replaceMemberList: LbHandler = (deps) => async (request, reply) => {
  const op = operation(deps, request);
  const members = wrapped(request, 'members');
  if (!Array.isArray(members)) throw new BadRequest(`Invalid input for field/attribute members. Value: '${JSON.stringify(members)}'. Value should be a list`);
  replaceMembers(op, param(request, 'parent'), members);
  return reply.code(202).send();
};

/**
 * An amphora (admin, `/v2/octavia/amphorae`): with the noop drivers one
 * STANDALONE amphora per load balancer, as the database keeps them, booting
 * until the load balancer is first ACTIVE; its id is the load balancer's with
 * the first eight digits `a0000000`, so that it is found again without a table.
 */
function amphoraOf(lb: LbRow): Record<string, unknown> {
  const attrs = attrsOf(lb);
  return {
    id: amphoraId(lb.id),
    loadbalancer_id: lb.id,
    compute_id: null,
    lb_network_ip: null,
    vrrp_ip: attrs.vip_address,
    ha_ip: attrs.vip_address,
    vrrp_port_id: null,
    ha_port_id: attrs.vip_port_id,
    cert_expiration: null,
    cert_busy: false,
    role: 'STANDALONE',
    status: lb.provisioning_status === 'PENDING_CREATE' ? 'BOOTING' : lb.provisioning_status === 'ERROR' ? 'ERROR' : 'ALLOCATED',
    vrrp_interface: null,
    vrrp_id: 1,
    vrrp_priority: null,
    cached_zone: attrs.availability_zone,
    created_at: octaviaTime(lb.created_at),
    updated_at: octaviaTime(lb.updated_at),
    image_id: null,
    compute_flavor: null,
  };
}

const amphoraId = (lbId: string) => lbId.replace(/^.{8}/, 'a0000000');

export const listAmphorae: LbHandler = (deps) => async (request) => {
  const viewer = viewerOf(request, 'admin');
  return { amphorae: filterList(request, viewer, listObjects(deps.db, viewer, 'loadbalancer').map(amphoraOf)), amphorae_links: [] };
};

export const showAmphora: LbHandler = (deps) => async (request) => {
  const viewer = viewerOf(request, 'admin');
  const id = param(request, 'id');
  const lb = listObjects(deps.db, viewer, 'loadbalancer').find((row) => amphoraId(row.id) === id);
  if (!lb) throw new NotFound(`Amphora ${id} not found.`);
  return { amphora: amphoraOf(lb) };
};
