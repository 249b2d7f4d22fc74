import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { BffContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import type { CloudClient } from '../../openstack/client.js';
import { enforce } from '../../policy/enforce.js';
import type {
  InstanceInterfaceAttach,
  InstanceLiveMigrate,
  InstanceRebuild,
  InstanceRescue,
  InstanceSecurityGroupsUpdate,
  InstanceUpdate,
  InstanceVolumeAttach,
} from '../../../shared/generated/instance.js';
import { serverPath } from './servers.js';

/**
 * (not in the contract: Horizon does these in its Django views) The
 * instance actions beyond power and resize: Edit Instance and its security
 * groups, rebuild, rescue, volume and interface attachments, and the
 * admin's live and cold migration and hypervisor list.
 */

const action = (client: CloudClient, id: string, body: unknown, microversion?: string) =>
  client.request<Record<string, unknown>>('compute', 'POST', `${serverPath(id)}/action`, { body, microversion });

/** The Live Migrate body from 2.25 on (block_migration 'auto', no disk_over_commit) and before. */
const LIVE_MIGRATE_VERSIONS = ['2.25', '2.30'];

const hypervisorsGuard = (request: FastifyRequest) => enforce(request, 'compute', ['os_compute_api:os-hypervisors:list-detail']);

export const serverActionRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  // Edit Instance: name and description (Nova's PUT /servers/{id}); 2.19 carries the description.
  app.patch<{ Params: { id: string }; Body: InstanceUpdate }>('/api/nova/servers/:id', { schema: { body: { $ref: 'instance.schema.json#/$defs/update' } } }, async (request, reply) => {
    enforce(request, 'compute', ['os_compute_api:servers:update']);
    const client = await access.client(request);
    const { name, description } = request.body;
    const server: Record<string, unknown> = {};
    if (name !== undefined) server.name = name;
    if (description !== undefined) server.description = description ?? '';
    if (!Object.keys(server).length) return reply.code(204).send();
    const microversion = description !== undefined ? await client.microversion('compute', ['2.19']) : undefined;
    if (description !== undefined && !microversion) delete server.description;
    await client.request('compute', 'PUT', serverPath(request.params.id), { body: { server }, microversion });
    return reply.code(204).send();
  });

  // Edit Instance's Security Groups, as Horizon's server_update_security_groups: every port of the server gets exactly these groups.
  app.put<{ Params: { id: string }; Body: InstanceSecurityGroupsUpdate }>(
    '/api/nova/servers/:id/security-groups/',
    { schema: { body: { $ref: 'instance.schema.json#/$defs/securityGroupsUpdate' } } },
    async (request, reply) => {
      const client = await access.client(request);
      await client.request('compute', 'GET', serverPath(request.params.id)); // the caller's server, else Nova's 404
      const ports = await client.request<{ ports: { id: string }[] }>('network', 'GET', '/v2.0/ports', { query: { device_id: request.params.id } });
      const groups = [...new Set(request.body.security_groups)];
      for (const port of ports.body.ports) {
        await client.request('network', 'PUT', `/v2.0/ports/${encodeURIComponent(port.id)}`, { body: { port: { security_groups: groups } } });
      }
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { id: string }; Body: InstanceRebuild }>('/api/nova/servers/:id/rebuild/', { schema: { body: { $ref: 'instance.schema.json#/$defs/rebuild' } } }, async (request, reply) => {
    enforce(request, 'compute', ['os_compute_api:servers:rebuild']);
    const { image_id: imageRef, disk_config: diskConfig, password, description } = request.body;
    const client = await access.client(request);
    const microversion = description !== undefined && description !== null ? await client.microversion('compute', ['2.19']) : undefined;
    const rebuild = {
      imageRef,
      ...(diskConfig ? { 'OS-DCF:diskConfig': diskConfig } : {}),
      ...(password ? { adminPass: password } : {}),
      ...(microversion && description !== undefined ? { description } : {}),
    };
    await action(client, request.params.id, { rebuild }, microversion);
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string }; Body: InstanceRescue }>('/api/nova/servers/:id/rescue/', { schema: { body: { $ref: 'instance.schema.json#/$defs/rescue' } } }, async (request, reply) => {
    enforce(request, 'compute', ['os_compute_api:os-rescue']);
    const { image_id: image, password } = request.body;
    const client = await access.client(request);
    await action(client, request.params.id, { rescue: { ...(image ? { rescue_image_ref: image } : {}), ...(password ? { adminPass: password } : {}) } });
    return reply.code(204).send();
  });

  // Attach Volume: Nova's answer `{volumeAttachment: {device, …}}` is what the toast names ('… on /dev/vdb.').
  app.post<{ Params: { id: string }; Body: InstanceVolumeAttach }>('/api/nova/servers/:id/volumes/', { schema: { body: { $ref: 'instance.schema.json#/$defs/volumeAttach' } } }, async (request) => {
    enforce(request, 'compute', ['os_compute_api:os-volumes-attachments:create']);
    const client = await access.client(request);
    const { volume_id: volumeId, device } = request.body;
    const response = await client.request<{ volumeAttachment: Record<string, unknown> }>('compute', 'POST', `${serverPath(request.params.id)}/os-volume_attachments`, {
      body: { volumeAttachment: { volumeId, ...(device ? { device } : {}) } },
    });
    return response.body.volumeAttachment;
  });

  app.delete<{ Params: { id: string; volume: string } }>('/api/nova/servers/:id/volumes/:volume', async (request, reply) => {
    enforce(request, 'compute', ['os_compute_api:os-volumes-attachments:delete']);
    const client = await access.client(request);
    await client.request('compute', 'DELETE', `${serverPath(request.params.id)}/os-volume_attachments/${encodeURIComponent(request.params.volume)}`);
    return reply.code(204).send();
  });

  // The server's ports as Detach Interface lists them: id and fixed IPs.
  app.get<{ Params: { id: string } }>('/api/nova/servers/:id/interfaces/', async (request) => {
    const client = await access.client(request);
    const response = await client.request<{ interfaceAttachments: { port_id: string; net_id: string; fixed_ips: { ip_address: string }[]; mac_addr: string }[] }>(
      'compute',
      'GET',
      `${serverPath(request.params.id)}/os-interface`,
    );
    return { items: response.body.interfaceAttachments.map((port) => ({ id: port.port_id, network_id: port.net_id, mac_address: port.mac_addr, fixed_ips: port.fixed_ips.map((ip) => ip.ip_address) })) };
  });

  app.post<{ Params: { id: string }; Body: InstanceInterfaceAttach }>('/api/nova/servers/:id/interfaces/', { schema: { body: { $ref: 'instance.schema.json#/$defs/interfaceAttach' } } }, async (request) => {
    enforce(request, 'compute', ['os_compute_api:os-attach-interfaces:create']);
    const { network_id: networkId, port_id: portId, fixed_ip: fixedIp } = request.body;
    if (!networkId === !portId) throw new ApiError(400, "exactly one of 'network_id' and 'port_id' is required");
    if (fixedIp && !networkId) throw new ApiError(400, "'fixed_ip' needs 'network_id'");
    const client = await access.client(request);
    const interfaceAttachment = portId ? { port_id: portId } : { net_id: networkId, ...(fixedIp ? { fixed_ips: [{ ip_address: fixedIp }] } : {}) };
    const response = await client.request<{ interfaceAttachment: Record<string, unknown> }>('compute', 'POST', `${serverPath(request.params.id)}/os-interface`, { body: { interfaceAttachment } });
    return response.body.interfaceAttachment;
  });

  app.delete<{ Params: { id: string; port: string } }>('/api/nova/servers/:id/interfaces/:port', async (request, reply) => {
    enforce(request, 'compute', ['os_compute_api:os-attach-interfaces:delete']);
    const client = await access.client(request);
    await client.request('compute', 'DELETE', `${serverPath(request.params.id)}/os-interface/${encodeURIComponent(request.params.port)}`);
    return reply.code(204).send();
  });

  // The admin's Live Migrate: refused here for a member, before any call.
  app.post<{ Params: { id: string }; Body: InstanceLiveMigrate }>('/api/nova/servers/:id/live-migrate/', { schema: { body: { $ref: 'instance.schema.json#/$defs/liveMigrate' } } }, async (request, reply) => {
    enforce(request, 'compute', ['os_compute_api:os-migrate-server:migrate_live']);
    const { host = null, block_migration: block = false, disk_over_commit: overCommit = false } = request.body;
    const client = await access.client(request);
    const microversion = await client.microversion('compute', LIVE_MIGRATE_VERSIONS);
    const body = microversion ? { host: host || null, block_migration: block ? true : 'auto' } : { host: host || null, block_migration: block, disk_over_commit: overCommit };
    await action(client, request.params.id, { 'os-migrateLive': body }, microversion);
    return reply.code(204).send();
  });

  app.post<{ Params: { id: string } }>('/api/nova/servers/:id/migrate/', { schema: { body: { $ref: 'instance.schema.json#/$defs/migrate' } } }, async (request, reply) => {
    enforce(request, 'compute', ['os_compute_api:os-migrate-server:migrate']);
    const client = await access.client(request);
    await action(client, request.params.id, { migrate: null });
    return reply.code(204).send();
  });

  // Admin > Hypervisors: each compute host with its capacity, use and instances (2.53's with_servers; older clouds leave them out).
  app.get('/api/nova/hypervisors/', async (request) => {
    hypervisorsGuard(request);
    const client = await access.client(request);
    const microversion = await client.microversion('compute', ['2.53']);
    const response = await client.request<{ hypervisors: Record<string, unknown>[] }>('compute', 'GET', '/os-hypervisors/detail', {
      microversion,
      query: microversion ? { with_servers: 'true' } : {},
    });
    return { items: response.body.hypervisors };
  });

  // Admin > Hypervisors' Compute Host tab: the nova-compute services with their zone, status and state.
  app.get('/api/nova/hypervisors/hosts/', async (request) => {
    hypervisorsGuard(request);
    const client = await access.client(request);
    const response = await client.request<{ services: Record<string, unknown>[] }>('compute', 'GET', '/os-services', { query: { binary: 'nova-compute' } });
    return { items: response.body.services.filter((service) => service.binary === 'nova-compute') };
  });

};
