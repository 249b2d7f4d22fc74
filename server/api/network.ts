import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { BffContext } from '../context.js';
import { ApiError } from '../errors.js';
import type { CloudClient } from '../openstack/client.js';
import { adminFilters } from './admin-filters.js';
import { allProjectsPage, encode, hasExtension, neutron, projectOf, wantsAllProjects, withProjectNames, wrap } from './neutron/common.js';

/** `/api/network/`: floating IPs and security groups (api-contract §7). */

type Native = Record<string, unknown> & { id: string };

/** Horizon's FloatingIp wrapper: ip, fixed_ip, pool, instance_id/instance_type from the port, port_forwardings. */
function shapeFloatingIp(fip: Native, ports: Map<string, Native>) {
  const port = fip.port_id ? ports.get(fip.port_id as string) : undefined;
  const owner = (port?.device_owner as string | undefined) ?? '';
  return {
    ...wrap(fip),
    ip: fip.floating_ip_address,
    fixed_ip: fip.fixed_ip_address,
    pool: fip.floating_network_id,
    instance_id: port ? (port.device_id as string) || null : null,
    instance_type: port ? (owner.startsWith('compute:') ? 'compute' : owner) : null,
    port_forwardings: (fip.port_forwardings as unknown[] | undefined) ?? [],
  };
}

/** Security groups go out without Horizon's normalised `rules` (api-contract §7). */
/**
 * Admin > Floating IPs' search as Neutron's filters (Horizon's
 * AdminFloatingIPsFilterAction); the pool is named by the user and is the
 * external network of that name to Neutron (none: no rows).
 */
async function floatingIpFilters(request: FastifyRequest, client: CloudClient): Promise<Record<string, string> | null> {
  const filters = await adminFilters(request, client, ['floating_ip_address', 'fixed_ip_address', 'status']);
  const pool = (request.query as Record<string, unknown>).pool;
  if (!filters || typeof pool !== 'string' || pool === '') return filters;
  const networks = (await neutron<{ networks: Native[] }>(client, 'GET', '/networks', { query: { name: pool, 'router:external': 'True' } })).body.networks;
  return networks.length ? { ...filters, floating_network_id: String(networks[0].id) } : null;
}

function shapeSecurityGroup(group: Native) {
  const { rules: _normalised, ...rest } = group;
  return rest;
}

export const networkRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  app.get('/api/network/securitygroups/', async (request) => {
    const client = await access.client(request);
    const tenant = projectOf(request);
    if (await hasExtension(client, 'security-groups-shared-filtering')) {
      const [own, shared] = await Promise.all([
        neutron<{ security_groups: Native[] }>(client, 'GET', '/security-groups', { query: { tenant_id: tenant, shared: 'False' } }),
        neutron<{ security_groups: Native[] }>(client, 'GET', '/security-groups', { query: { shared: 'True' } }),
      ]);
      return { items: [...own.body.security_groups, ...shared.body.security_groups].map(shapeSecurityGroup) };
    }
    const response = await neutron<{ security_groups: Native[] }>(client, 'GET', '/security-groups', { query: { tenant_id: tenant } });
    return { items: response.body.security_groups.map(shapeSecurityGroup) };
  });

  app.get('/api/network/floatingips/', async (request) => {
    const client = await access.client(request);
    if (wantsAllProjects(request)) {
      // Admin > Floating IPs: one page of every project's addresses, with the ports they map to.
      const page = await allProjectsPage<Native>(request, client, 'floatingips', await floatingIpFilters(request, client));
      const portIds = page.items.map((fip) => fip.port_id).filter((id): id is string => typeof id === 'string' && id !== '');
      const ports = portIds.length ? (await neutron<{ ports: Native[] }>(client, 'GET', `/ports?${new URLSearchParams(portIds.map((id) => ['id', id])).toString()}`)).body.ports : [];
      const byId = new Map(ports.map((port) => [port.id, port]));
      return { ...page, items: await withProjectNames(client, page.items.map((fip) => shapeFloatingIp(fip, byId))) };
    }
    const projectId = projectOf(request);
    const [fips, ports] = await Promise.all([
      neutron<{ floatingips: Native[] }>(client, 'GET', '/floatingips', { query: { project_id: projectId } }),
      neutron<{ ports: Native[] }>(client, 'GET', '/ports', { query: { project_id: projectId } }),
    ]);
    const byId = new Map(ports.body.ports.map((port) => [port.id, port]));
    return { items: fips.body.floatingips.map((fip) => shapeFloatingIp(fip, byId)) };
  });

  app.get('/api/network/floatingippools/', async (request) => {
    const client = await access.client(request);
    const response = await neutron<{ networks: Native[] }>(client, 'GET', '/networks', { query: { 'router:external': 'True' } });
    return { items: response.body.networks.map(wrap) };
  });

  /** Allocate: 200, not 201 (api-contract §13.6). */
  app.post<{ Body: { pool_id: string; dns_domain?: string; dns_name?: string; description?: string; tenant_id?: string; floating_ip_address?: string } }>(
    '/api/network/floatingip/',
    { schema: { body: { $ref: 'floating-ip.schema.json#/$defs/create' } } },
    async (request) => {
      const client = await access.client(request);
      // Admin > Floating IPs allocates to the project it names, optionally a chosen address (Neutron refuses both to a member).
      const { pool_id: pool, tenant_id: tenantId, ...rest } = request.body;
      const response = await neutron<{ floatingip: Native }>(client, 'POST', '/floatingips', {
        body: { floatingip: { floating_network_id: pool, tenant_id: tenantId || projectOf(request), ...rest } },
      });
      return shapeFloatingIp(response.body.floatingip, new Map());
    },
  );

  /** Associate with `port_id` = `<port id>_<fixed ip>`; without it, disassociate. */
  app.patch<{ Body: { address_id: string; port_id?: string | null } }>('/api/network/floatingip/', { schema: { body: { $ref: 'floating-ip.schema.json#/$defs/associate' } } }, async (request, reply) => {
    const client = await access.client(request);
    const { address_id: id, port_id: target } = request.body;
    let floatingip: Record<string, unknown> = { port_id: null };
    if (target) {
      const split = target.lastIndexOf('_');
      if (split <= 0 || split === target.length - 1) throw new ApiError(400, 'port_id must be "<port id>_<fixed ip>"');
      floatingip = { port_id: target.slice(0, split), fixed_ip_address: target.slice(split + 1) };
    }
    await neutron(client, 'PUT', `/floatingips/${encode(id)}`, { body: { floatingip } });
    return reply.code(204).send();
  });
};
