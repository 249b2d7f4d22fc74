import type { FastifyPluginAsync } from 'fastify';
import { acceptRawBodies, route } from '../core/http.js';
import type { Handler, ServiceOptions } from '../core/service.js';
import { networkErrorHandler, neutronFaultBody } from './faults.js';
import { withBulk } from './responses/bulk.js';
import { authenticate, decorateResponse } from './responses/common.js';
import { createNetwork, deleteNetwork, listNetworks, showNetwork, updateNetwork } from './responses/networks.js';
import { createPort, deletePort, listPorts, showPort, updatePort } from './responses/ports.js';
import {
  createPolicy,
  createPolicyRule,
  deletePolicy,
  deletePolicyRule,
  listPolicies,
  listPolicyRules,
  listRuleTypes,
  showPolicy,
  showPolicyRule,
  updatePolicy,
  updatePolicyRule,
} from './responses/qos.js';
import {
  addRouterInterface,
  createFloatingIp,
  createRouter,
  deleteFloatingIp,
  deleteRouter,
  listFloatingIps,
  listRouters,
  removeRouterInterface,
  showFloatingIp,
  showRouter,
  updateFloatingIp,
  updateRouter,
} from './responses/routers.js';
import {
  createSecurityGroup,
  createSecurityGroupRule,
  deleteSecurityGroup,
  deleteSecurityGroupRule,
  listSecurityGroupRules,
  listSecurityGroups,
  showSecurityGroup,
  showSecurityGroupRule,
  updateSecurityGroup,
} from './responses/security-groups.js';
import {
  deleteQuota,
  listAgents,
  listAvailabilityZones,
  listExtensions,
  listQuotas,
  listVersions,
  showAgent,
  showDefaultQuota,
  showExtension,
  showQuota,
  showQuotaDetails,
  updateQuota,
} from './responses/service-info.js';
import {
  createSubnet,
  createSubnetPool,
  deleteSubnet,
  deleteSubnetPool,
  listSubnetPools,
  listSubnets,
  showSubnet,
  showSubnetPool,
  updateSubnet,
  updateSubnetPool,
} from './responses/subnets.js';
import { addTrunkSubports, createTrunk, deleteTrunk, getTrunkSubports, listTrunks, removeTrunkSubports, showTrunk, updateTrunk } from './responses/trunks.js';

type Route = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, handler: Handler];

/** CRUD routes of one collection, as Neutron's router maps them. */
function collection(path: string, list: Handler, create: Handler, show: Handler, update: Handler, remove: Handler): Route[] {
  return [
    ['GET', path, list],
    ['POST', path, create],
    ['GET', `${path}/:id`, show],
    ['PUT', `${path}/:id`, update],
    ['DELETE', `${path}/:id`, remove],
  ];
}

/** Neutron v2.0 under /cloud/network/v2.0: method + path → response function. */
const API: Route[] = [
  ['GET', '/extensions', listExtensions],
  ['GET', '/extensions/:alias', showExtension],
  ...collection('/networks', listNetworks, withBulk('networks', 'network', createNetwork), showNetwork, updateNetwork, deleteNetwork),
  ...collection('/subnets', listSubnets, withBulk('subnets', 'subnet', createSubnet), showSubnet, updateSubnet, deleteSubnet),
  ...collection('/subnetpools', listSubnetPools, createSubnetPool, showSubnetPool, updateSubnetPool, deleteSubnetPool),
  ...collection('/ports', listPorts, withBulk('ports', 'port', createPort), showPort, updatePort, deletePort),
  ...collection('/routers', listRouters, createRouter, showRouter, updateRouter, deleteRouter),
  ['PUT', '/routers/:id/add_router_interface', addRouterInterface],
  ['PUT', '/routers/:id/remove_router_interface', removeRouterInterface],
  ...collection('/floatingips', listFloatingIps, createFloatingIp, showFloatingIp, updateFloatingIp, deleteFloatingIp),
  ...collection('/security-groups', listSecurityGroups, createSecurityGroup, showSecurityGroup, updateSecurityGroup, deleteSecurityGroup),
  ['GET', '/security-group-rules', listSecurityGroupRules],
  ['POST', '/security-group-rules', createSecurityGroupRule],
  ['GET', '/security-group-rules/:id', showSecurityGroupRule],
  ['DELETE', '/security-group-rules/:id', deleteSecurityGroupRule],
  ['GET', '/qos/rule-types', listRuleTypes],
  ...collection('/qos/policies', listPolicies, createPolicy, showPolicy, updatePolicy, deletePolicy),
  ['GET', '/qos/policies/:id/:kind', listPolicyRules],
  ['POST', '/qos/policies/:id/:kind', createPolicyRule],
  ['GET', '/qos/policies/:id/:kind/:ruleId', showPolicyRule],
  ['PUT', '/qos/policies/:id/:kind/:ruleId', updatePolicyRule],
  ['DELETE', '/qos/policies/:id/:kind/:ruleId', deletePolicyRule],
  ...collection('/trunks', listTrunks, createTrunk, showTrunk, updateTrunk, deleteTrunk),
  ['PUT', '/trunks/:id/add_subports', addTrunkSubports],
  ['PUT', '/trunks/:id/remove_subports', removeTrunkSubports],
  ['GET', '/trunks/:id/get_subports', getTrunkSubports],
  ['GET', '/availability_zones', listAvailabilityZones],
  ['GET', '/agents', listAgents],
  ['GET', '/agents/:id', showAgent],
  ['GET', '/quotas', listQuotas],
  ['GET', '/quotas/:project', showQuota],
  ['GET', '/quotas/:project/default', showDefaultQuota],
  ['GET', '/quotas/:project/details', showQuotaDetails],
  ['PUT', '/quotas/:project', updateQuota],
  ['DELETE', '/quotas/:project', deleteQuota],
];

export const networkRoutes: FastifyPluginAsync<ServiceOptions> = async (app, { deps }) => {
  acceptRawBodies(app);
  app.setErrorHandler(networkErrorHandler(deps));
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).header('Content-Type', 'application/json').send(JSON.stringify(neutronFaultBody('HTTPNotFound', 'The resource could not be found.'))),
  );
  app.addHook('onSend', decorateResponse);
  route(app, 'GET', '/', listVersions(deps));
  await app.register(
    async (api) => {
      api.addHook('preHandler', authenticate(deps));
      for (const [method, path, handler] of API) route(api, method, path, handler(deps));
    },
    { prefix: '/v2.0' },
  );
};
