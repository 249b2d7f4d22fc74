import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { acceptRawBodies, route } from '../core/http.js';
import type { CloudDeps, ServiceOptions } from '../core/service.js';
import { octaviaErrorHandler, octaviaFault } from './faults.js';
import type { CollaboratorFactories, LoadBalancerCollaborators } from './models/collaborators.js';
import type { Kind } from './models/fields.js';
import { settleLoadBalancers } from './models/objects.js';
import { catalogHandlers, deleteQuota, listProviders, listQuotas, listVersions, showDefaultQuota, showQuota, updateQuota } from './responses/catalog.js';
import { authenticate, type LbDeps, lbUrl } from './responses/common.js';
import {
  createLoadBalancerHandler,
  createOf,
  createUnder,
  deleteOf,
  deleteUnder,
  listAmphorae,
  showAmphora,
  listOf,
  listUnder,
  replaceMemberList,
  showOf,
  showStats,
  showStatusTree,
  showUnder,
  updateOf,
  updateUnder,
} from './responses/tree.js';

type Handler = (deps: LbDeps) => (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
type Route = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, handler: Handler];

function collection(path: string, kind: Kind, create: Handler): Route[] {
  return [
    ['GET', path, listOf(kind)],
    ['POST', path, create],
    ['GET', `${path}/:id`, showOf(kind)],
    ['PUT', `${path}/:id`, updateOf(kind)],
    ['DELETE', `${path}/:id`, deleteOf(kind)],
  ];
}

function catalog(path: string, kind: Parameters<typeof catalogHandlers>[0]): Route[] {
  const handlers = catalogHandlers(kind);
  return [
    ['GET', path, handlers.list],
    ['POST', path, handlers.create],
    ['GET', `${path}/:id`, handlers.show],
    ['PUT', `${path}/:id`, handlers.update],
    ['DELETE', `${path}/:id`, handlers.remove],
  ];
}

/** Octavia v2 under /cloud/load-balancer/v2/lbaas (and /v2.0/lbaas, its alias): method + path → response. */
const API: Route[] = [
  ...collection('/loadbalancers', 'loadbalancer', createLoadBalancerHandler),
  ['GET', '/loadbalancers/:id/status', showStatusTree],
  ['GET', '/loadbalancers/:id/stats', showStats],
  ...collection('/listeners', 'listener', createOf('listener')),
  ['GET', '/listeners/:id/stats', showStats],
  ...collection('/pools', 'pool', createOf('pool')),
  ['GET', '/pools/:parent/members', listUnder('pool', 'member')],
  ['POST', '/pools/:parent/members', createUnder('member')],
  ['PUT', '/pools/:parent/members', replaceMemberList],
  ['GET', '/pools/:parent/members/:id', showUnder('pool', 'member')],
  ['PUT', '/pools/:parent/members/:id', updateUnder('pool', 'member')],
  ['DELETE', '/pools/:parent/members/:id', deleteUnder('pool', 'member')],
  ...collection('/healthmonitors', 'healthmonitor', createOf('healthmonitor')),
  ...collection('/l7policies', 'l7policy', createOf('l7policy')),
  ['GET', '/l7policies/:parent/rules', listUnder('l7policy', 'l7rule')],
  ['POST', '/l7policies/:parent/rules', createUnder('l7rule')],
  ['GET', '/l7policies/:parent/rules/:id', showUnder('l7policy', 'l7rule')],
  ['PUT', '/l7policies/:parent/rules/:id', updateUnder('l7policy', 'l7rule')],
  ['DELETE', '/l7policies/:parent/rules/:id', deleteUnder('l7policy', 'l7rule')],
  ...catalog('/flavors', 'flavor'),
  ...catalog('/flavorprofiles', 'flavorprofile'),
  ...catalog('/availabilityzones', 'availabilityzone'),
  ...catalog('/availabilityzoneprofiles', 'availabilityzoneprofile'),
  ['GET', '/providers', listProviders],
  ['GET', '/quotas', listQuotas],
  ['GET', '/quotas/defaults', showDefaultQuota],
  ['GET', '/quotas/:project', showQuota],
  ['PUT', '/quotas/:project', updateQuota],
  ['DELETE', '/quotas/:project', deleteQuota],
];

/** Octavia's operator API beside it, under /v2/octavia (and /v2.0/octavia). */
const OPERATOR_API: Route[] = [
  ['GET', '/amphorae', listAmphorae],
  ['GET', '/amphorae/:id', showAmphora],
];

const UNCONNECTED: LoadBalancerCollaborators = {
  networking: {
    findSubnet: () => null,
    subnetOfNetwork: () => null,
    findPort: () => null,
    createVipPort: () => {
      throw new Error('no network service');
    },
    deleteVipPort: () => undefined,
    memberAnswers: () => false,
  },
  certificates: { resolves: () => false, consume: () => undefined },
};

export interface LoadBalancerServiceOptions {
  collaborators?: CollaboratorFactories;
  transitionMs: number;
}

export const loadBalancerRoutes =
  (options: LoadBalancerServiceOptions): FastifyPluginAsync<ServiceOptions> =>
  async (app, { deps: cloud }) => {
    const deps: LbDeps = {
      ...cloud,
      transitionMs: options.transitionMs,
      collaborators: {
        networking: options.collaborators?.networking?.(cloud) ?? UNCONNECTED.networking,
        certificates: options.collaborators?.certificates?.(cloud) ?? UNCONNECTED.certificates,
      },
    };
    const settle = () => settleLoadBalancers(deps.db, deps.clock.now(), deps.collaborators, (id) => lbUrl(deps, id));
    acceptRawBodies(app);
    app.setErrorHandler(octaviaErrorHandler(cloud));
    app.setNotFoundHandler((_request, reply) => reply.code(404).header('Content-Type', 'application/json').send(JSON.stringify(octaviaFault(404, 'The resource could not be found.'))));
    route(app, 'GET', '/', listVersions(cloud));
    const mounts: [string, Route[]][] = ['/v2', '/v2.0'].flatMap((version): [string, Route[]][] => [
      [`${version}/lbaas`, API],
      [`${version}/octavia`, OPERATOR_API],
    ]);
    for (const [prefix, routes] of mounts) {
      await app.register(
        async (api) => {
          api.addHook('preHandler', authenticate(cloud));
          api.addHook('preHandler', async () => settle());
          for (const [method, path, handler] of routes) route(api, method, path, handler(deps));
        },
        { prefix },
      );
    }
    // A pending change ends whoever asks next, and also on a tick: the floating IP list (Neutron) must see a deleted VIP port gone.
    const tick = setInterval(() => {
      try {
        settle();
      } catch {
        // The database closed under the tick (the cloud is stopping): the next start settles what is due.
      }
    }, 250);
    tick.unref();
    app.addHook('onClose', async () => clearInterval(tick));
  };

export type { CloudDeps };
