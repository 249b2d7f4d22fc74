import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { ApiError, UpstreamError } from '../../errors.js';
import type { CloudClient } from '../../openstack/client.js';
import { cinder } from '../cinder/common.js';
import type { InstanceConsoleInfo, InstanceConsoleOutput, InstanceMetadataPatch, InstanceResize } from '../../../shared/generated/instance.js';
import { serverPath } from './servers.js';

/**
 * A server's sub-resources (api-contract §6): metadata, action log, console
 * log and console URL, volumes, security groups; and what the Instances
 * panel needs beyond the contract (resize, confirm, revert, password), which
 * Horizon does in its Django views.
 */

/** console-info's types in AUTO order, with the native call of each. */
const CONSOLES: [type: string, call: (id: string) => { path: string; body: unknown; microversion?: string[] }][] = [
  ['VNC', (id) => ({ path: `${serverPath(id)}/action`, body: { 'os-getVNCConsole': { type: 'novnc' } } })],
  ['SPICE', (id) => ({ path: `${serverPath(id)}/action`, body: { 'os-getSPICEConsole': { type: 'spice-html5' } } })],
  ['RDP', (id) => ({ path: `${serverPath(id)}/action`, body: { 'os-getRDPConsole': { type: 'rdp-html5' } } })],
  ['SERIAL', (id) => ({ path: `${serverPath(id)}/action`, body: { 'os-getSerialConsole': { type: 'serial' } } })],
  ['MKS', (id) => ({ path: `${serverPath(id)}/remote-consoles`, body: { remote_console: { protocol: 'mks', type: 'webmks' } }, microversion: ['2.8', '2.53'] })],
];

async function consoleUrl(client: CloudClient, id: string, type: string): Promise<string> {
  const call = CONSOLES.find(([name]) => name === type)![1](id);
  const microversion = call.microversion ? await client.microversion('compute', call.microversion) : undefined;
  if (call.microversion && !microversion) throw new ApiError(400, `Console type "${type}" not supported.`);
  const response = await client.request<{ console?: { url: string }; remote_console?: { url: string } }>('compute', 'POST', call.path, { body: call.body, microversion });
  const url = response.body.console?.url ?? response.body.remote_console?.url;
  if (!url) throw new ApiError(500, 'No available console found.');
  return url;
}

const body = <T>(value: unknown): T => (value && typeof value === 'object' && !Array.isArray(value) ? (value as T) : ({} as T));

export const serverDetailRoutes: FastifyPluginAsync<BffContext> = async (app, { access, consoleOrigins }) => {
  // Read from the server itself, as Horizon does: while Nova still holds a new server as a build request, its metadata URL answers {}.
  app.get<{ Params: { id: string } }>('/api/nova/servers/:id/metadata', async (request) => {
    const client = await access.client(request);
    const response = await client.request<{ server: { metadata: Record<string, string> } }>('compute', 'GET', serverPath(request.params.id));
    return response.body.server.metadata;
  });

  app.patch<{ Params: { id: string }; Body: InstanceMetadataPatch }>('/api/nova/servers/:id/metadata', { schema: { body: { $ref: 'instance.schema.json#/$defs/metadataPatch' } } }, async (request, reply) => {
    const { updated = {}, removed = [] } = body<{ updated?: unknown; removed?: unknown }>(request.body);
    if (!updated || typeof updated !== 'object' || Array.isArray(updated)) throw new ApiError(400, "'updated' must be an object");
    if (!Array.isArray(removed) || removed.some((key) => typeof key !== 'string')) throw new ApiError(400, "'removed' must be a list of keys");
    const metadata = Object.fromEntries(Object.entries(updated).map(([key, value]) => [key, value === null ? '' : String(value)]));
    const client = await access.client(request);
    if (Object.keys(metadata).length) await client.request('compute', 'POST', `${serverPath(request.params.id)}/metadata`, { body: { metadata } });
    for (const key of removed as string[]) {
      await client.request('compute', 'DELETE', `${serverPath(request.params.id)}/metadata/${encodeURIComponent(key)}`);
    }
    return reply.code(204).send();
  });

  app.get<{ Params: { id: string } }>('/api/nova/servers/:id/actions/', async (request) => {
    const client = await access.client(request);
    const response = await client.request<{ instanceActions: Record<string, unknown>[] }>('compute', 'GET', `${serverPath(request.params.id)}/os-instance-actions`);
    return { items: response.body.instanceActions };
  });

  app.post<{ Params: { id: string }; Body: InstanceConsoleOutput }>('/api/nova/servers/:id/console-output/', { schema: { body: { $ref: 'instance.schema.json#/$defs/consoleOutput' } } }, async (request) => {
    const { length } = body<{ length?: unknown }>(request.body);
    let lines = 100;
    if (length !== undefined && length !== null && length !== '') {
      lines = Number(length);
      if (!Number.isInteger(lines) || lines < -1) throw new ApiError(400, "'length' must be a whole number of lines");
    }
    const client = await access.client(request);
    const response = await client.request<{ output: string }>('compute', 'POST', `${serverPath(request.params.id)}/action`, { body: { 'os-getConsoleOutput': { length: lines } } });
    return { lines: response.body.output.split('\n') };
  });

  app.post<{ Params: { id: string }; Body: InstanceConsoleInfo }>('/api/nova/servers/:id/console-info/', { schema: { body: { $ref: 'instance.schema.json#/$defs/consoleInfo' } } }, async (request) => {
    const { console_type: asked = 'AUTO' } = body<{ console_type?: unknown }>(request.body);
    const id = request.params.id;
    if (typeof asked !== 'string' || (asked !== 'AUTO' && !CONSOLES.some(([type]) => type === asked))) {
      throw new ApiError(400, `Console type "${String(asked)}" not supported.`);
    }
    const client = await access.client(request);
    const types = asked === 'AUTO' ? CONSOLES.map(([type]) => type) : [asked];
    for (const type of types) {
      try {
        const url = await consoleUrl(client, id, type);
        // The Console tab frames it: the pages' CSP must allow the proxy's origin.
        consoleOrigins.learn(url);
        return { type, url: type === 'SERIAL' ? url : `${url}&title=Console(${id})` };
      } catch (error) {
        // AUTO tries the next type; one asked for by name reports its own failure.
        if (asked !== 'AUTO') throw error;
        if (!(error instanceof ApiError)) throw error;
        // No such server: a 404 whatever the console type, not "no console" (issue 16 §3).
        if (error instanceof UpstreamError && error.status === 404) throw error;
      }
    }
    throw new ApiError(500, 'No available console found.');
  });

  app.get<{ Params: { id: string } }>('/api/nova/servers/:id/volumes/', async (request) => {
    const client = await access.client(request);
    const response = await client.request<{ volumeAttachments: { id: string; device: string; serverId: string; volumeId: string }[] }>(
      'compute',
      'GET',
      `${serverPath(request.params.id)}/os-volume_attachments`,
    );
    const items = await Promise.all(
      response.body.volumeAttachments.map(async (attachment) => {
        let name: string | null = null;
        try {
          name = (await cinder<{ volume: { name: string | null } }>(client, 'GET', `/volumes/${encodeURIComponent(attachment.volumeId)}`)).body.volume.name;
        } catch (error) {
          if (!(error instanceof UpstreamError)) throw error;
        }
        return { id: attachment.id, device: attachment.device, serverId: attachment.serverId, volumeId: attachment.volumeId, name };
      }),
    );
    return { items };
  });

  app.get<{ Params: { id: string } }>('/api/nova/servers/:id/security-groups/', async (request) => {
    const client = await access.client(request);
    // The server must be the caller's (Nova's 404 otherwise) before its ports are read.
    await client.request('compute', 'GET', serverPath(request.params.id));
    const ports = await client.request<{ ports: { security_groups: string[] }[] }>('network', 'GET', '/v2.0/ports', { query: { device_id: request.params.id } });
    const ids = [...new Set(ports.body.ports.flatMap((port) => port.security_groups))];
    if (!ids.length) return { items: [] };
    const url = `/v2.0/security-groups?${ids.map((id) => `id=${encodeURIComponent(id)}`).join('&')}`;
    const groups = await client.request<{ security_groups: Record<string, unknown>[] }>('network', 'GET', url);
    return { items: groups.body.security_groups.map(({ rules: _rules, ...group }) => group) };
  });

  // (not in the contract: Horizon's ResizeView posts {flavor}; the Resize screen needs it) Nova's resize, 204.
  app.post<{ Params: { id: string }; Body: InstanceResize }>('/api/nova/servers/:id/resize/', { schema: { body: { $ref: 'instance.schema.json#/$defs/resize' } } }, async (request, reply) => {
    const { flavor_id: flavorId, disk_config: diskConfig } = body<{ flavor_id?: unknown; disk_config?: unknown }>(request.body);
    if (flavorId === undefined) throw new ApiError(400, "missing required parameter 'flavor_id'");
    if ((typeof flavorId !== 'string' && typeof flavorId !== 'number') || flavorId === '') throw new ApiError(400, "'flavor_id' must be a flavor id");
    if (diskConfig !== undefined && diskConfig !== null && diskConfig !== 'AUTO' && diskConfig !== 'MANUAL') throw new ApiError(400, "'disk_config' must be AUTO or MANUAL");
    const client = await access.client(request);
    await client.request('compute', 'POST', `${serverPath(request.params.id)}/action`, {
      body: { resize: { flavorRef: String(flavorId), ...(diskConfig ? { 'OS-DCF:diskConfig': diskConfig } : {}) } },
    });
    return reply.code(204).send();
  });

  // (not in the contract: the Instances panel's "Confirm Resize/Migrate" row action) 204.
  app.post<{ Params: { id: string } }>('/api/nova/servers/:id/confirm-resize/', async (request, reply) => {
    const client = await access.client(request);
    await client.request('compute', 'POST', `${serverPath(request.params.id)}/action`, { body: { confirmResize: null } });
    return reply.code(204).send();
  });

  // (not in the contract: the Instances panel's "Revert Resize/Migrate" row action) 204.
  app.post<{ Params: { id: string } }>('/api/nova/servers/:id/revert-resize/', async (request, reply) => {
    const client = await access.client(request);
    await client.request('compute', 'POST', `${serverPath(request.params.id)}/action`, { body: { revertResize: null } });
    return reply.code(204).send();
  });

  // (not in the contract: Horizon's DecryptPasswordView reads it) the encrypted password as Nova gives it, `{password}`.
  app.get<{ Params: { id: string } }>('/api/nova/servers/:id/password/', async (request) => {
    const client = await access.client(request);
    const response = await client.request<{ password: string }>('compute', 'GET', `${serverPath(request.params.id)}/os-server-password`);
    return { password: response.body.password ?? '' };
  });
};
