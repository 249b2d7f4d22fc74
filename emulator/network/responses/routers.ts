import type { Handler } from '../../core/service.js';
import { jsonBody } from '../../core/http.js';
import { NeutronFault } from '../faults.js';
import { bool, description, name, owner, validators } from '../models/attributes.js';
import {
  createFloatingIp as createFip,
  deleteFloatingIp as removeFip,
  getFloatingIp,
  listFloatingIps as listFips,
  renderFloatingIp,
  updateFloatingIp as updateFip,
} from '../models/floatingips.js';
import { checkZoneHints } from '../models/availability-zones.js';
import { addInterface, createRouter as create, deleteRouter as remove, type GatewayInput, getRouter, listRouters as list, removeInterface, renderRouter, updateRouter as update } from '../models/routers.js';
import { enforceAttributes, ownerOf } from '../policy.js';
import { contextOf, idParam, listAnswer, project, resourceBody, viewerOf } from './common.js';

/** `/v2.0/routers` (router, ext-gw-mode, extraroute) and `/v2.0/floatingips`. */

const gatewayValidator = (value: unknown) => {
  if (value === null) return undefined;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return `${JSON.stringify(value)} is not a dictionary`;
  const info = value as Record<string, unknown>;
  const unknown = Object.keys(info).filter((key) => !['network_id', 'enable_snat', 'external_fixed_ips'].includes(key));
  if (unknown.length) return `Validation of dictionary's keys failed. Expected keys: {'network_id'} Provided keys: {${Object.keys(info).map((key) => `'${key}'`).join(', ')}}`;
  if (Object.keys(info).length && info.network_id === undefined) return "Validation of dictionary's keys failed. Expected keys: {'network_id'} Provided keys: set()";
  return info.network_id === undefined ? undefined : validators.uuid(info.network_id);
};

const ROUTER_ATTRIBUTES = {
  name,
  description,
  tenant_id: owner,
  project_id: owner,
  admin_state_up: bool,
  external_gateway_info: { post: true, put: true, validate: gatewayValidator },
  // Neutron's convert_none_to_empty_list: `"routes": null` clears them.
  routes: { put: true, validate: (value: unknown) => (value === null ? undefined : validators.list(validators.object)(value)) },
  distributed: bool,
  ha: bool,
  availability_zone_hints: { post: true, validate: validators.list(validators.string(255)) },
  flavor_id: { post: true, validate: validators.uuidOrNone },
};

export const listRouters: Handler = (deps) => async (request) => listAnswer(request, 'routers', list(deps.db, viewerOf(request)).map((row) => renderRouter(deps.db, row)));

export const showRouter: Handler = (deps) => async (request) => ({ router: project(request, renderRouter(deps.db, getRouter(deps.db, viewerOf(request), idParam(request)))) });

export const createRouter: Handler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const values = resourceBody(request, 'router', ROUTER_ATTRIBUTES, 'create');
  enforceAttributes(context, 'create', 'router', values);
  const azHints = checkZoneHints(deps.db, 'router', values.availability_zone_hints as string[] | undefined);
  const row = create(deps.db, deps.clock.now(), {
    projectId: ownerOf(context, values),
    name: values.name as string | undefined,
    description: values.description as string | undefined,
    adminStateUp: values.admin_state_up as boolean | undefined,
    gateway: values.external_gateway_info as GatewayInput | null | undefined,
    azHints,
  });
  reply.code(201);
  return { router: renderRouter(deps.db, row) };
};

export const updateRouter: Handler = (deps) => async (request) => {
  const row = getRouter(deps.db, viewerOf(request), idParam(request));
  const values = resourceBody(request, 'router', ROUTER_ATTRIBUTES, 'update');
  enforceAttributes(contextOf(request), 'update', 'router', values);
  return { router: renderRouter(deps.db, update(deps.db, deps.clock.now(), row, values)) };
};

export const deleteRouter: Handler = (deps) => async (request, reply) => {
  remove(deps.db, deps.clock.now(), getRouter(deps.db, viewerOf(request), idParam(request)));
  return reply.code(204).send();
};

/** The body of add/remove_router_interface: `{subnet_id}` or `{port_id}`, not wrapped. */
function interfaceBody(request: Parameters<ReturnType<Handler>>[0]): { subnet_id?: string; port_id?: string } {
  const body = jsonBody(request);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new NeutronFault(400, 'HTTPBadRequest', 'Resource body required');
  const values = body as Record<string, unknown>;
  for (const key of ['subnet_id', 'port_id']) {
    if (values[key] !== undefined) {
      const reason = validators.uuid(values[key]);
      if (reason) throw new NeutronFault(400, 'HTTPBadRequest', `Invalid input for ${key}. Reason: ${reason}.`);
    }
  }
  return values as { subnet_id?: string; port_id?: string };
}

export const addRouterInterface: Handler = (deps) => async (request) => {
  const viewer = viewerOf(request);
  const router = getRouter(deps.db, viewer, idParam(request));
  return addInterface(deps.db, viewer, deps.clock.now(), router, interfaceBody(request));
};

export const removeRouterInterface: Handler = (deps) => async (request) => {
  const router = getRouter(deps.db, viewerOf(request), idParam(request));
  return removeInterface(deps.db, deps.clock.now(), router, interfaceBody(request));
};

const FIP_ATTRIBUTES = {
  tenant_id: owner,
  project_id: owner,
  description,
  floating_network_id: { post: true, required: true, validate: validators.uuid },
  floating_ip_address: { post: true, validate: validators.ipAddressOrNone },
  subnet_id: { post: true, validate: validators.uuidOrNone },
  port_id: { post: true, put: true, validate: validators.uuidOrNone },
  fixed_ip_address: { post: true, put: true, validate: validators.ipAddressOrNone },
  dns_name: { post: true, validate: validators.string(255) },
  dns_domain: { post: true, validate: validators.string(255) },
  qos_policy_id: { post: true, put: true, validate: validators.uuidOrNone },
};

export const listFloatingIps: Handler = (deps) => async (request) => listAnswer(request, 'floatingips', listFips(deps.db, viewerOf(request)).map((row) => renderFloatingIp(deps.db, row)));

export const showFloatingIp: Handler = (deps) => async (request) => ({
  floatingip: project(request, renderFloatingIp(deps.db, getFloatingIp(deps.db, viewerOf(request), idParam(request)))),
});

export const createFloatingIp: Handler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const viewer = viewerOf(request);
  const values = resourceBody(request, 'floatingip', FIP_ATTRIBUTES, 'create');
  enforceAttributes(context, 'create', 'floatingip', values);
  const row = createFip(deps.db, viewer, deps.clock.now(), {
    projectId: ownerOf(context, values),
    floatingNetworkId: values.floating_network_id as string,
    floatingIpAddress: (values.floating_ip_address as string | null | undefined) ?? undefined,
    subnetId: (values.subnet_id as string | null | undefined) ?? undefined,
    portId: values.port_id as string | null | undefined,
    fixedIpAddress: values.fixed_ip_address as string | null | undefined,
    description: values.description as string | undefined,
    dnsName: values.dns_name as string | undefined,
    dnsDomain: values.dns_domain as string | undefined,
  });
  reply.code(201);
  return { floatingip: renderFloatingIp(deps.db, row) };
};

export const updateFloatingIp: Handler = (deps) => async (request) => {
  const viewer = viewerOf(request);
  const row = getFloatingIp(deps.db, viewer, idParam(request));
  const values = resourceBody(request, 'floatingip', FIP_ATTRIBUTES, 'update');
  return { floatingip: renderFloatingIp(deps.db, updateFip(deps.db, viewer, deps.clock.now(), row, values)) };
};

export const deleteFloatingIp: Handler = (deps) => async (request, reply) => {
  removeFip(deps.db, deps.clock.now(), getFloatingIp(deps.db, viewerOf(request), idParam(request)));
  return reply.code(204).send();
};
