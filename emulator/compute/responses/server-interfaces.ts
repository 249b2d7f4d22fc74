import { BadRequest, NotFound } from '../../core/errors.js';
import { jsonBody } from '../../core/http.js';
import { validateAgainst } from '../../core/validation.js';
import { checkState, getServer, recordAction } from '../models/servers.js';
import { contextOf, requestIdOf } from './common.js';
import { callerOf, type ComputeHandler, portIdsOf, serverIdOf, serverViewerOf } from './servers.js';

/**
 * `os-interface` (nova/api/openstack/compute/attach_interfaces.py): a
 * server's ports as interface attachments; attach a new port on a network
 * or an existing free port, detach one (a port Nova made is deleted, one the
 * user gave is unbound).
 */

const ATTACH = {
  type: 'object',
  properties: {
    interfaceAttachment: {
      type: 'object',
      properties: {
        net_id: { type: 'string', format: 'uuid' },
        port_id: { type: 'string', format: 'uuid' },
        fixed_ips: { type: 'array', maxItems: 1, items: { type: 'object', properties: { ip_address: { type: 'string' } }, required: ['ip_address'] } },
        tag: { type: 'string' },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

const INTERFACE_VM_STATES = ['active', 'paused', 'stopped', 'suspended', 'shelved', 'shelved_offloaded'];

type Deps = Parameters<ComputeHandler>[0];

function attachmentsOf(deps: Deps, uuid: string, portIds = portIdsOf(deps, uuid)) {
  return deps.collaborators.networking.describePorts(portIds).map((port) => ({
    port_state: 'ACTIVE',
    fixed_ips: port.fixedIps.map((fixed) => ({ ip_address: fixed.address, subnet_id: null })),
    port_id: port.id,
    net_id: port.networkId,
    mac_addr: port.macAddress,
  }));
}

/** `GET /servers/{id}/os-interface`. */
export const listInterfaces: ComputeHandler = (deps) => async (request) => {
  const row = getServer(deps.db, serverViewerOf(contextOf(request)), serverIdOf(request));
  return { interfaceAttachments: attachmentsOf(deps, row.uuid) };
};

/** `POST /servers/{id}/os-interface`: `net_id` (a new port) or `port_id` (a free port of the caller's); neither: 400. */
export const attachInterface: ComputeHandler = (deps) => async (request) => {
  const context = contextOf(request);
  const body = jsonBody(request) ?? {};
  validateAgainst(ATTACH, body);
  const input = ((body as { interfaceAttachment?: Record<string, unknown> }).interfaceAttachment ?? {}) as { net_id?: string; port_id?: string; fixed_ips?: { ip_address: string }[] };
  if (input.net_id && input.port_id) throw new BadRequest('Must not input both network_id and port_id');
  if (!input.net_id && !input.port_id) throw new BadRequest('Must input network_id or port_id');
  const row = getServer(deps.db, serverViewerOf(context), serverIdOf(request));
  const portId = deps.db.tx(() => {
    checkState(row, 'attach_interface', INTERFACE_VM_STATES);
    const caller = callerOf(context);
    const binding = { serverId: row.uuid, host: row.host ?? '', availabilityZone: row.availability_zone };
    let id: string;
    if (input.port_id) {
      deps.collaborators.networking.checkFreePort(caller, input.port_id);
      deps.collaborators.networking.bindPort(caller, input.port_id, binding);
      id = input.port_id;
    } else {
      if (!deps.collaborators.networking.findNetwork(caller, input.net_id!)) throw new NotFound(`Network ${input.net_id} could not be found.`);
      id = deps.collaborators.networking.createServerPort(caller, input.net_id!, binding, null, input.fixed_ips?.[0]?.ip_address);
    }
    const position = deps.db.get<{ next: number }>('SELECT COALESCE(MAX(position) + 1, 0) AS next FROM instance_ports WHERE instance_uuid = ?', row.uuid)!.next;
    deps.db.run('INSERT INTO instance_ports (instance_uuid, port_id, preexisting, position) VALUES (?, ?, ?, ?)', row.uuid, id, input.port_id ? 1 : 0, position);
    recordAction(deps.db, deps.clock.now(), row, 'attach_interface', context, requestIdOf(request));
    return id;
  });
  return { interfaceAttachment: attachmentsOf(deps, row.uuid, [portId])[0] };
};

/** `DELETE /servers/{id}/os-interface/{port}`: 202. */
export const detachInterface: ComputeHandler = (deps) => async (request, reply) => {
  const context = contextOf(request);
  const row = getServer(deps.db, serverViewerOf(context), serverIdOf(request));
  const portId = (request.params as { port: string }).port;
  deps.db.tx(() => {
    const attached = deps.db.get<{ preexisting: number }>('SELECT preexisting FROM instance_ports WHERE instance_uuid = ? AND port_id = ?', row.uuid, portId);
    if (!attached) throw new NotFound(`Port ${portId} is not attached`);
    checkState(row, 'detach_interface', INTERFACE_VM_STATES);
    deps.collaborators.networking.releasePort(portId, !attached.preexisting);
    deps.db.run('DELETE FROM instance_ports WHERE instance_uuid = ? AND port_id = ?', row.uuid, portId);
    recordAction(deps.db, deps.clock.now(), row, 'detach_interface', context, requestIdOf(request));
  });
  return reply.code(202).send();
};
