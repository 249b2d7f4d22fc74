import type { FastifyRequest } from 'fastify';
import type { Handler } from '../../core/service.js';
import { jsonBody } from '../../core/http.js';
import { invalidAttribute, NeutronFault } from '../faults.js';
import { bool, description, name, owner, validators } from '../models/attributes.js';
import { addSubports, createTrunk as create, deleteTrunk as remove, getTrunk, listTrunks as list, removeSubports, renderTrunk, type SubPort, updateTrunk as update } from '../models/trunks.js';
import { ownerOf } from '../policy.js';
import { contextOf, idParam, listAnswer, project, resourceBody, viewerOf } from './common.js';

/** `/v2.0/trunks` with add_subports and remove_subports (neutron/services/trunk). */

/** neutron_lib's validate_subports, word for word. */
function validateSubports(data: unknown): string | undefined {
  if (!Array.isArray(data)) return `Invalid data format for subports: '${JSON.stringify(data)}' is not a list`;
  const ids = new Set<string>();
  const segmentations = new Map<string, Set<unknown>>();
  for (const subport of data) {
    if (!subport || typeof subport !== 'object' || Array.isArray(subport)) return `Invalid data format for subport: '${JSON.stringify(subport)}' is not a dict`;
    const record = subport as Record<string, unknown>;
    if (!('port_id' in record)) return 'A valid port UUID must be specified';
    if (validators.uuid(record.port_id)) return `Invalid UUID for subport: '${String(record.port_id)}'`;
    if (ids.has(record.port_id as string)) return `Non unique UUID for subport: '${String(record.port_id)}'`;
    ids.add(record.port_id as string);
    const type = record.segmentation_type as string | undefined;
    if (type === 'inherit') continue;
    const id = record.segmentation_id;
    if ((!type || id === undefined || id === null) && Object.keys(record).length > 1) {
      return `Invalid subport details '${JSON.stringify(record)}': missing segmentation information. Must specify both segmentation_id and segmentation_type`;
    }
    if (segmentations.get(type ?? '')?.has(id)) return `Segmentation ID '${String(id)}' for '${String(record.port_id)}' is not unique`;
    if (id !== undefined) segmentations.set(type ?? '', new Set([...(segmentations.get(type ?? '') ?? []), id]));
  }
  return undefined;
}

const ATTRIBUTES = {
  name,
  description,
  tenant_id: owner,
  project_id: owner,
  admin_state_up: bool,
  port_id: { post: true, required: true, validate: validators.uuid },
  sub_ports: { post: true, validate: validateSubports },
};

/** Converts segmentation ids given as strings, as neutron's convert_to_int does. */
function normaliseSubports(subports: unknown): SubPort[] {
  return ((subports as Record<string, unknown>[] | undefined) ?? []).map((subport) => ({
    port_id: subport.port_id as string,
    segmentation_type: (subport.segmentation_type as string | undefined) ?? 'vlan',
    ...(subport.segmentation_id !== undefined ? { segmentation_id: Number(subport.segmentation_id) } : {}),
  }));
}

export const listTrunks: Handler = (deps) => async (request) => listAnswer(request, 'trunks', list(deps.db, viewerOf(request)).map((row) => renderTrunk(deps.db, row)));

export const showTrunk: Handler = (deps) => async (request) => ({ trunk: project(request, renderTrunk(deps.db, getTrunk(deps.db, viewerOf(request), idParam(request)))) });

export const createTrunk: Handler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const viewer = viewerOf(request);
  const values = resourceBody(request, 'trunk', ATTRIBUTES, 'create');
  const row = create(deps.db, viewer, deps.clock.now(), {
    projectId: ownerOf(context, values),
    portId: values.port_id as string,
    name: values.name as string | undefined,
    description: values.description as string | undefined,
    adminStateUp: values.admin_state_up as boolean | undefined,
    subports: normaliseSubports(values.sub_ports),
  });
  reply.code(201);
  return { trunk: renderTrunk(deps.db, row) };
};

export const updateTrunk: Handler = (deps) => async (request) => {
  const row = getTrunk(deps.db, viewerOf(request), idParam(request));
  const values = resourceBody(request, 'trunk', ATTRIBUTES, 'update');
  return { trunk: renderTrunk(deps.db, update(deps.db, deps.clock.now(), row, values)) };
};

export const deleteTrunk: Handler = (deps) => async (request, reply) => {
  remove(deps.db, getTrunk(deps.db, viewerOf(request), idParam(request)));
  return reply.code(204).send();
};

/** `{sub_ports: [...]}`, validated as the attribute would be. */
function subportsBody(request: FastifyRequest): SubPort[] {
  const body = jsonBody(request);
  if (!body || typeof body !== 'object' || !('sub_ports' in body)) throw new NeutronFault(400, 'HTTPBadRequest', 'Resource body required');
  const reason = validateSubports((body as { sub_ports: unknown }).sub_ports);
  if (reason) throw invalidAttribute('sub_ports', reason);
  return normaliseSubports((body as { sub_ports: unknown }).sub_ports);
}

export const addTrunkSubports: Handler = (deps) => async (request) => {
  const viewer = viewerOf(request);
  const row = getTrunk(deps.db, viewer, idParam(request));
  return renderTrunk(deps.db, addSubports(deps.db, viewer, deps.clock.now(), row, subportsBody(request)));
};

export const removeTrunkSubports: Handler = (deps) => async (request) => {
  const row = getTrunk(deps.db, viewerOf(request), idParam(request));
  return renderTrunk(deps.db, removeSubports(deps.db, deps.clock.now(), row, subportsBody(request)));
};

/** `GET /v2.0/trunks/{id}/get_subports` */
export const getTrunkSubports: Handler = (deps) => async (request) => ({ sub_ports: renderTrunk(deps.db, getTrunk(deps.db, viewerOf(request), idParam(request))).sub_ports });
