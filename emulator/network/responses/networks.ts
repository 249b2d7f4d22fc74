import type { Handler } from '../../core/service.js';
import { policyNotAuthorized } from '../faults.js';
import { bool, description, name, owner, toInt, validators } from '../models/attributes.js';
import { checkZoneHints } from '../models/availability-zones.js';
import type { Viewer } from '../models/common.js';
import { createNetwork as create, deleteNetwork as remove, getNetwork, listNetworks as list, type NetworkRow, renderNetwork, updateNetwork as update } from '../models/networks.js';
import { getPolicy } from '../models/qos.js';
import { enforceAttributes, ownerOf } from '../policy.js';
import { contextOf, idParam, listAnswer, project, resourceBody, stripAdminOnly, viewerOf } from './common.js';

/** `/v2.0/networks` (neutron/api/v2 with external-net, provider, mtu, port-security, qos). */

const ATTRIBUTES = {
  name,
  description,
  tenant_id: owner,
  project_id: owner,
  admin_state_up: bool,
  shared: bool,
  'router:external': bool,
  is_default: bool,
  port_security_enabled: bool,
  mtu: { post: true, put: true, validate: validators.range(68, 9216), convert: toInt },
  qos_policy_id: { post: true, put: true, validate: validators.uuidOrNone },
  availability_zone_hints: { post: true, validate: validators.list(validators.string(255)) },
  dns_domain: { post: true, put: true, validate: validators.string(255) },
  'provider:network_type': { post: true, validate: validators.values(['flat', 'vlan', 'vxlan', 'geneve', 'gre', 'local']) },
  'provider:physical_network': { post: true, validate: validators.stringOrNone(64) },
  'provider:segmentation_id': { post: true, validate: validators.range(1, 16777215), convert: toInt },
};

export const listNetworks: Handler = (deps) => async (request) => {
  const viewer = viewerOf(request);
  return listAnswer(request, 'networks', list(deps.db, viewer).map((row) => stripAdminOnly(viewer, renderNetwork(deps.db, row))));
};

export const showNetwork: Handler = (deps) => async (request) => {
  const viewer = viewerOf(request);
  return { network: project(request, stripAdminOnly(viewer, renderNetwork(deps.db, getNetwork(deps.db, viewer, idParam(request))))) };
};

export const createNetwork: Handler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const viewer = viewerOf(request);
  const values = resourceBody(request, 'network', ATTRIBUTES, 'create');
  enforceAttributes(context, 'create', 'network', values);
  const projectId = ownerOf(context, values);
  if (values.qos_policy_id) getPolicy(deps.db, viewer, values.qos_policy_id as string);
  const azHints = checkZoneHints(deps.db, 'network', values.availability_zone_hints as string[] | undefined);
  const row = create(deps.db, deps.clock.now(), {
    projectId,
    name: values.name as string | undefined,
    description: values.description as string | undefined,
    adminStateUp: values.admin_state_up as boolean | undefined,
    shared: values.shared as boolean | undefined,
    external: values['router:external'] as boolean | undefined,
    isDefault: values.is_default as boolean | undefined,
    mtu: values.mtu as number | undefined,
    portSecurityEnabled: values.port_security_enabled as boolean | undefined,
    qosPolicyId: values.qos_policy_id as string | null | undefined,
    networkType: values['provider:network_type'] as string | undefined,
    physicalNetwork: values['provider:physical_network'] as string | null | undefined,
    segmentationId: values['provider:segmentation_id'] as number | undefined,
    azHints,
  });
  reply.code(201);
  return { network: stripAdminOnly(viewer, renderNetwork(deps.db, row)) };
};

/** Only the owner (or an admin) changes a network, even a shared one it can see. */
function ownedNetwork(deps: Parameters<Handler>[0], viewer: Viewer, id: string, action: string): NetworkRow {
  const row = getNetwork(deps.db, viewer, id);
  if (!viewer.isAdmin && row.project_id !== viewer.projectId) throw policyNotAuthorized(`rule:${action}_network`);
  return row;
}

export const updateNetwork: Handler = (deps) => async (request) => {
  const context = contextOf(request);
  const viewer = viewerOf(request);
  const row = ownedNetwork(deps, viewer, idParam(request), 'update');
  const values = resourceBody(request, 'network', ATTRIBUTES, 'update');
  enforceAttributes(context, 'update', 'network', values);
  if (values.qos_policy_id) getPolicy(deps.db, viewer, values.qos_policy_id as string);
  return { network: stripAdminOnly(viewer, renderNetwork(deps.db, update(deps.db, deps.clock.now(), row.id, values))) };
};

export const deleteNetwork: Handler = (deps) => async (request, reply) => {
  const row = ownedNetwork(deps, viewerOf(request), idParam(request), 'delete');
  remove(deps.db, row.id);
  return reply.code(204).send();
};
