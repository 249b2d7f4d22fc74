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

const GROUP_BODY = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 255 }, description: { type: 'string', maxLength: 255 } },
  additionalProperties: false,
};

const GROUP_UPDATE_BODY = { ...GROUP_BODY, required: [], minProperties: 1 };

// Neutron's range for ports and ICMP type/code alike; -1 (any) is the form's, sent as null.
const port = { type: ['integer', 'null'], minimum: 0, maximum: 65535 };

/** Neutron's rule fields; Neutron checks how they combine (ports need a protocol, min ≤ max, CIDR version) and answers in its words. */
const RULE_BODY = {
  type: 'object',
  required: ['security_group_id', 'direction'],
  properties: {
    security_group_id: { type: 'string', minLength: 1 },
    direction: { type: 'string', enum: ['ingress', 'egress'] },
    ethertype: { type: 'string', enum: ['IPv4', 'IPv6'] },
    protocol: { type: ['string', 'integer', 'null'] },
    port_range_min: port,
    port_range_max: port,
    remote_ip_prefix: { type: ['string', 'null'], maxLength: 64 },
    remote_group_id: { type: ['string', 'null'] },
    description: { type: 'string', maxLength: 255 },
  },
  additionalProperties: false,
};

const groupPath = (id: string) => `/security-groups/${encode(id)}`;

export const securityGroupRoutes: FastifyPluginAsync<BffContext> = async (app, { access }) => {
  // (not in the contract: the details page and Horizon's create form)
  app.post<{ Body: { name: string; description?: string } }>('/api/network/securitygroups/', { schema: { body: GROUP_BODY } }, async (request, reply) => {
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
    { schema: { body: GROUP_UPDATE_BODY } },
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
  app.post<{ Body: Record<string, unknown> }>('/api/network/securitygrouprules/', { schema: { body: RULE_BODY } }, async (request, reply) => {
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
