import type { Handler } from '../../core/service.js';
import { policyNotAuthorized } from '../faults.js';
import { bool, description, name, owner, validators } from '../models/attributes.js';
import { getNetwork } from '../models/networks.js';
import { createPort as create, deletePort as remove, type FixedIpRequest, getPort, listPorts as list, renderPort, updatePort as update, VNIC_TYPES } from '../models/ports.js';
import { getPolicy } from '../models/qos.js';
import { getSecurityGroup } from '../models/security-groups.js';
import { enforceAttributes, ownerOf } from '../policy.js';
import { contextOf, idParam, listAnswer, project, resourceBody, stripAdminOnly, viewerOf } from './common.js';

/** `/v2.0/ports` (with binding, port-security, allowed-address-pairs, qos, trunk-details). */

const fixedIps = validators.list((item) => {
  if (!item || typeof item !== 'object') return `Invalid data format for fixed IP: '${String(item)}'`;
  const unknown = Object.keys(item).filter((key) => key !== 'subnet_id' && key !== 'ip_address');
  if (unknown.length) return `Invalid data format for fixed IP: '${JSON.stringify(item)}'`;
  const subnetId = (item as FixedIpRequest).subnet_id;
  return subnetId === undefined ? undefined : validators.uuid(subnetId);
});

const ATTRIBUTES = {
  name,
  description,
  tenant_id: owner,
  project_id: owner,
  network_id: { post: true, required: true, validate: validators.uuid },
  admin_state_up: bool,
  mac_address: { post: true, put: true, validate: (value: unknown) => (typeof value === 'string' && /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/i.test(value) ? undefined : `'${String(value)}' is not a valid MAC address`) },
  fixed_ips: { post: true, put: true, validate: fixedIps },
  device_id: { post: true, put: true, validate: validators.string(255) },
  device_owner: { post: true, put: true, validate: validators.string(255) },
  security_groups: { post: true, put: true, validate: validators.list(validators.uuid) },
  allowed_address_pairs: { post: true, put: true, validate: validators.list(validators.object) },
  port_security_enabled: bool,
  qos_policy_id: { post: true, put: true, validate: validators.uuidOrNone },
  dns_name: { post: true, put: true, validate: validators.string(255) },
  'binding:vnic_type': { post: true, put: true, validate: validators.values(VNIC_TYPES) },
  'binding:host_id': { post: true, put: true, validate: validators.string(255) },
  'binding:profile': { post: true, put: true, validate: validators.objectOrNone },
  extra_dhcp_opts: { post: true, put: true, validate: validators.list(validators.object) },
};

export const listPorts: Handler = (deps) => async (request) => {
  const viewer = viewerOf(request);
  return listAnswer(request, 'ports', list(deps.db, viewer).map((row) => stripAdminOnly(viewer, renderPort(deps.db, row))));
};

export const showPort: Handler = (deps) => async (request) => {
  const viewer = viewerOf(request);
  return { port: project(request, stripAdminOnly(viewer, renderPort(deps.db, getPort(deps.db, viewer, idParam(request))))) };
};

export const createPort: Handler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const viewer = viewerOf(request);
  const values = resourceBody(request, 'port', ATTRIBUTES, 'create');
  enforceAttributes(context, 'create', 'port', values);
  const projectId = ownerOf(context, values);
  const network = getNetwork(deps.db, viewer, values.network_id as string);
  const networkOwner = viewer.isAdmin || network.project_id === viewer.projectId;
  // create_port:fixed_ips:ip_address and :mac_address are rule:admin_or_network_owner.
  if (!networkOwner && (values.fixed_ips as FixedIpRequest[] | undefined)?.some((fixed) => fixed.ip_address !== undefined)) {
    throw policyNotAuthorized('(rule:create_port and rule:create_port:fixed_ips:ip_address)');
  }
  if (!networkOwner && values.mac_address !== undefined) throw policyNotAuthorized('(rule:create_port and rule:create_port:mac_address)');
  for (const group of (values.security_groups as string[] | undefined) ?? []) getSecurityGroup(deps.db, viewer, group);
  if (values.qos_policy_id) getPolicy(deps.db, viewer, values.qos_policy_id as string);
  const row = create(deps.db, deps.clock.now(), {
    projectId,
    network,
    name: values.name as string | undefined,
    description: values.description as string | undefined,
    adminStateUp: values.admin_state_up as boolean | undefined,
    deviceId: values.device_id as string | undefined,
    deviceOwner: values.device_owner as string | undefined,
    vnicType: values['binding:vnic_type'] as string | undefined,
    hostId: values['binding:host_id'] as string | undefined,
    portSecurityEnabled: values.port_security_enabled as boolean | undefined,
    qosPolicyId: values.qos_policy_id as string | null | undefined,
    macAddress: values.mac_address as string | undefined,
    fixedIps: values.fixed_ips as FixedIpRequest[] | undefined,
    securityGroups: values.security_groups as string[] | undefined,
    allowedAddressPairs: values.allowed_address_pairs as unknown[] | undefined,
    dnsName: values.dns_name as string | undefined,
  });
  reply.code(201);
  return { port: stripAdminOnly(viewer, renderPort(deps.db, row)) };
};

export const updatePort: Handler = (deps) => async (request) => {
  const context = contextOf(request);
  const viewer = viewerOf(request);
  const row = getPort(deps.db, viewer, idParam(request));
  const values = resourceBody(request, 'port', ATTRIBUTES, 'update');
  enforceAttributes(context, 'update', 'port', values);
  if (values.mac_address !== undefined) throw policyNotAuthorized('(rule:update_port and rule:update_port:mac_address)');
  for (const group of (values.security_groups as string[] | undefined) ?? []) getSecurityGroup(deps.db, viewer, group);
  if (values.qos_policy_id) getPolicy(deps.db, viewer, values.qos_policy_id as string);
  const network = getNetwork(deps.db, { isAdmin: true, projectId: viewer.projectId }, row.network_id);
  return { port: stripAdminOnly(viewer, renderPort(deps.db, update(deps.db, deps.clock.now(), row, network, values))) };
};

export const deletePort: Handler = (deps) => async (request, reply) => {
  remove(deps.db, deps.clock.now(), getPort(deps.db, viewerOf(request), idParam(request)));
  return reply.code(204).send();
};
