import { hkdfSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { authRoutes } from './api/auth.js';
import { baasRoutes } from './api/baas.js';
import { backupApi } from '../backup/api.js';
import { BackupService, type BackupServiceOptions } from '../backup/service.js';
import { BackupClient } from './openstack/backup-client.js';
import { cinderRoutes } from './api/cinder/index.js';
import { configRoutes } from './api/config.js';
import { glanceRoutes } from './api/glance/index.js';
import { swiftRoutes } from './api/swift/index.js';
import { lbaasRoutes } from './api/lbaas/index.js';
import { heatRoutes } from './api/heat/index.js';
import { keystoneRoutes } from './api/keystone.js';
import { networkRoutes } from './api/network.js';
import { securityGroupRoutes } from './api/network/security-groups.js';
import { floatingIpRoutes } from './api/network/floating-ips.js';
import { neutronRoutes } from './api/neutron/index.js';
import { novaRoutes } from './api/nova/index.js';
import type { BffContext } from './context.js';
import { CloudAccess } from './openstack/access.js';
import { KeystoneClient } from './openstack/keystone.js';
import { apiGuardPlugin, sendError } from './plugins/api-guard.js';
import { requestLogging } from './plugins/request-logging.js';
import { configureBreakers } from './openstack/breaker.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { acceptEmptyJsonBodies, limitApiBodies } from './plugins/request-bodies.js';
import { networkTopologyRoutes } from './api/network-topology.js';
import { routeTablePlugin } from './plugins/route-table.js';
import { addResourceSchemas } from './plugins/schemas.js';
import { sessionPlugin } from './plugins/session.js';
import { sendPage, serverEntryLoader } from './page-bootstrap.js';
import { ConsoleOrigins } from './console-origins.js';
import { buildSettings } from './settings.js';

export const PROJECT_ROOT = resolve(import.meta.dirname, '..');

export interface BuildOptions {
  /** Keystone's URL; a function when it is only known after listen (the emulator). */
  authUrl: string | (() => string);
  sessionSecret: string;
  /** Endpoint interface to use from the catalog. */
  interface?: string;
  settingsOverrides?: Record<string, unknown>;
  upstreamTimeoutMs?: number;
  /** How long a service that did not answer fails fast (the circuit breaker's cool-down). */
  upstreamDownMs?: number;
  /** How long a replica believes a token valid before asking Keystone again (default 30 s). */
  tokenRecheckMs?: number;
  /** Which proxies' X-Forwarded-* headers are believed; none by default (see config.trustProxy). */
  trustProxy?: boolean | string;
  defaultDomain?: string;
  defaultRegion?: string | null;
  loginAttemptLimit?: number;
  loginWindowMs?: number;
  /** The built SPA; null serves no pages (API tests). */
  staticDir?: string | null;
  /** Mounts more routes on the same server, e.g. the emulator at /cloud. */
  mount?: (app: FastifyInstance) => Promise<void>;
  logger?: FastifyServerOptions['logger'];
  /**
   * The backup service (ARCHITECTURE §4): run in this process (its API at
   * /backup/v1, its scheduler started unless `start` is false), or reached at
   * `url` when it runs alone. Default: in process, its database in memory.
   */
  backup?: Partial<Omit<BackupServiceOptions, 'cloud' | 'secret'>> & { url?: string; start?: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The backup service of this process, when it runs here (tests drive its scheduler). */
    backupService: BackupService | null;
  }
}

/**
 * Builds the backend-for-frontend without listening, so tests drive it with
 * `inject` and main.ts decides where it listens.
 */
export async function build(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Without a logger Fastify skips the per-request child itself; with one, ours is made lazily (request-logging.ts).
    ...(options.logger ? requestLogging() : {}),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 }, // both slash forms, never a redirect (api-contract §1.1)
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, strict: false, allErrors: false } },
  });
  await app.register(routeTablePlugin);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(cookie);
  await app.register(sessionPlugin, { secret: options.sessionSecret });
  await app.register(apiGuardPlugin);
  await app.register(inputGuardPlugin);
  limitApiBodies(app);
  acceptEmptyJsonBodies(app);
  addResourceSchemas(app, join(PROJECT_ROOT, 'schemas'));

  const timeoutMs = options.upstreamTimeoutMs ?? 30_000;
  if (options.upstreamDownMs !== undefined) configureBreakers({ cooldownMs: options.upstreamDownMs });
  const backupService = options.backup?.url
    ? null
    : new BackupService({
        dataDir: null,
        ...options.backup,
        cloud: { authUrl: options.authUrl, interface: options.interface ?? 'public', region: options.defaultRegion ?? null, timeoutMs },
        secret: options.sessionSecret,
      });
  app.decorate('backupService', backupService);
  if (backupService) {
    await app.register(backupApi, { prefix: '/backup/v1', service: backupService });
    if (options.backup?.start !== false) app.addHook('onReady', async () => backupService.start());
    app.addHook('onClose', async () => backupService.close());
  }
  const context: BffContext = {
    backup: new BackupClient(options.backup?.url ? { kind: 'url', url: options.backup.url } : { kind: 'in-process', app: () => app }, timeoutMs),
    access: new CloudAccess(new KeystoneClient(options.authUrl, timeoutMs), options.interface ?? 'public', timeoutMs, options.tokenRecheckMs),
    settings: buildSettings(options.settingsOverrides ?? {}),
    uploadTicketKey: Buffer.from(hkdfSync('sha256', options.sessionSecret, 'cloud-dashboard', 'image upload ticket v1', 32)),
    consoleOrigins: new ConsoleOrigins(),
    login: {
      defaultDomain: options.defaultDomain ?? 'Default',
      defaultRegion: options.defaultRegion ?? null,
      attemptLimit: options.loginAttemptLimit ?? 10,
      windowMs: options.loginWindowMs ?? 300_000,
    },
  };
  // A logged-out cookie is dead on every route, those that never call the cloud included (see CloudAccess).
  app.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config ?? {};
    const checked = request.url.startsWith('/api/') ? !config.public && !config.endsSession : request.routeOptions.url === '/header/';
    if (checked && request.session) await context.access.catalog(request.session);
  });
  for (const routes of [authRoutes, keystoneRoutes, configRoutes, novaRoutes, glanceRoutes, cinderRoutes, neutronRoutes, networkRoutes, securityGroupRoutes, floatingIpRoutes, swiftRoutes, baasRoutes, heatRoutes, lbaasRoutes]) await app.register(routes, context);
  await app.register(networkTopologyRoutes, context); // project/network_topology/json (api-contract §12)

  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/cloud/')) {
      reply.header('X-Frame-Options', 'DENY');
      reply.header(
        'Content-Security-Policy',
        `default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; ${context.consoleOrigins.frameSrc()}; frame-ancestors 'none'; base-uri 'self'`,
      );
    }
  });

  if (options.mount) await options.mount(app);
  await serveApp(app, options.staticDir === undefined ? join(PROJECT_ROOT, 'dist') : options.staticDir);
  return app;
}

/** The SPA: its files, and index.html for every other page path (HTML5 routing). */
async function serveApp(app: FastifyInstance, staticDir: string | null): Promise<void> {
  const hasApp = staticDir !== null && existsSync(join(staticDir, 'index.html'));
  const entry = hasApp ? serverEntryLoader(staticDir) : undefined;
  // Loaded now (seconds of a busy machine's time), not at the first page; a failure is logged at each page.
  entry?.().catch(() => undefined);
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      // The build writes each asset's .br and .gz (vite.config.ts): sent as they are, not compressed per request.
      preCompressed: true,
      setHeaders: (res, path) => {
        if (path.includes('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/cloud/')) {
      return sendError(reply, 404, `Not found: ${request.method} ${request.url.split('?')[0]}`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendError(reply, 404, 'Not found');
    if (!hasApp) return sendError(reply, 404, 'The dashboard is not built: run npm run build');
    // The page carries the session's data: never stored by a shared cache, and asked for again each time.
    reply.header('Cache-Control', 'no-cache, private');
    return sendPage(app, request, reply, await readFile(join(staticDir!, 'index.html'), 'utf8'), entry);
  });
}
