import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { encode, neutron, projectOf } from '../neutron/common.js';

/**
 * The security group routes the Security Groups panel needs beside the
 * contract's list (api-contract §7): one group, create, edit, delete, and its
 * rules' create and delete. (not in the contract: Horizon does these through
 * its Django views.) Tenancy is Neutron's: another project's group is a 404.
 */

type Native = Record<string, unknown> & { id: string };

/** A group as api-contract §7 shapes it: native, without Horizon's normalised `rules`. */
function shapeGroup(group: Native) {
  const { rules: _normalised, ...rest } = group;
  return rest;
}

const groupPath = (id: string) => `/security-groups/${encode(id)}`;

export const securityGroupRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  // (not in the contract: the details page and Horizon's create form)
  app.post<{ Body: { name: string; description?: string } }>('/api/network/securitygroups/', { schema: { body: { $ref: 'security-group.schema.json#/$defs/create' } } }, async (request, reply) => {
    const client = await access.client(request);
    const { name, description = '' } = request.body;
    const response = await neutron<{ security_group: Native }>(client, 'POST', '/security-groups', {
      body: { security_group: { name, description, tenant_id: projectOf(request) } },
    });
    const group = response.body.security_group;
    reply.code(201).header('Location', `/api/network/securitygroups/${encode(group.id)}`);
    return shapeGroup(group);
  });

  // (not in the contract: Horizon's "Manage Security Group Rules" page reads one group)
  app.get<{ Params: { id: string } }>('/api/network/securitygroups/:id/', async (request) => {
    const client = await access.client(request);
    return shapeGroup((await neutron<{ security_group: Native }>(client, 'GET', groupPath(request.params.id))).body.security_group);
  });

  // (not in the contract: Horizon's Edit Security Group form)
  app.patch<{ Params: { id: string }; Body: { name?: string; description?: string } }>(
    '/api/network/securitygroups/:id/',
    { schema: { body: { $ref: 'security-group.schema.json#/$defs/update' } } },
    async (request) => {
      const client = await access.client(request);
      const response = await neutron<{ security_group: Native }>(client, 'PUT', groupPath(request.params.id), { body: { security_group: request.body } });
      return shapeGroup(response.body.security_group);
    },
  );

  // (not in the contract: Horizon's Delete Security Group action)
  app.delete<{ Params: { id: string } }>('/api/network/securitygroups/:id/', async (request, reply) => {
    const client = await access.client(request);
    await neutron(client, 'DELETE', groupPath(request.params.id));
    return reply.code(204).send();
  });

  // (not in the contract: Horizon's Add Rule form)
  app.post<{ Body: Record<string, unknown> }>('/api/network/securitygrouprules/', { schema: { body: { $ref: 'security-group-rule.schema.json#/$defs/create' } } }, async (request, reply) => {
    const client = await access.client(request);
    const response = await neutron<{ security_group_rule: Native }>(client, 'POST', '/security-group-rules', { body: { security_group_rule: request.body } });
    const rule = response.body.security_group_rule;
    reply.code(201).header('Location', `/api/network/securitygrouprules/${encode(rule.id)}`);
    return rule;
  });

  // (not in the contract: Horizon's Delete Rule action)
  app.delete<{ Params: { id: string } }>('/api/network/securitygrouprules/:id/', async (request, reply) => {
    const client = await access.client(request);
    await neutron(client, 'DELETE', `/security-group-rules/${encode(request.params.id)}`);
    return reply.code(204).send();
  });
};
