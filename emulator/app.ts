import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { systemClock } from './core/clock.js';
import { acceptRawBodies } from './core/http.js';
import type { CloudDeps, EmulatedService } from './core/service.js';
import { objectStoreService } from './object-store/index.js';
import { showInfo } from './object-store/responses/info.js';
import { cachedTokenContexts } from './identity/models/tokens.js';
import { resolveCredentials } from './seed/credentials.js';
import { seedCloud } from './seed/index.js';
import { SERVICES } from './services.js';
import { migrate, openDatabase } from './store/db.js';

export interface EmulatorOptions {
  /** SQLite file and blobs live here; created if missing. */
  dataDir: string;
  /** Base like "http://127.0.0.1:8080" (no trailing slash); read per request, since the port is known only after listen. */
  publicUrl: () => string;
  /** The seeded users' passwords; when absent, generated on first start and kept in dataDir. */
  adminPassword?: string;
  demoPassword?: string;
  /** Token lifetime; default 3600. */
  tokenTtlSeconds?: number;
  /** Injectable clock (ms); default Date.now. */
  now?: () => number;
  /** The services to run; default SERVICES (tests swap one for a configured instance). */
  services?: readonly EmulatedService[];
}

export interface Emulator {
  /** Register with `{ prefix: '/cloud' }`. */
  plugin: FastifyPluginAsync;
  /** Register without a prefix: what a cloud serves at its host root (Swift's `/info`, where swiftclient looks for it). */
  hostPlugin: FastifyPluginAsync;
  /** The passwords in force (printed at start). */
  credentials: { admin: string; demo: string };
  /** Closes SQLite. */
  close(): void;
}

export const DATABASE_FILE = 'cloud.sqlite';

/**
 * Opens (creating if needed) the emulated cloud in `dataDir`: applies pending
 * migrations, seeds the demo cloud, and returns the Fastify plugin serving
 * every service under the prefix it is registered with (`/cloud`).
 */
export function openEmulator(opts: EmulatorOptions): Emulator {
  mkdirSync(opts.dataDir, { recursive: true });
  const db = openDatabase(join(opts.dataDir, DATABASE_FILE));
  const services = opts.services ?? SERVICES;
  try {
    migrate(
      db,
      services.flatMap((service) => service.migrations.map((migration) => ({ id: `${service.type}:${migration.id}`, sql: migration.sql }))),
    );
    const clock = systemClock(opts.now);
    const credentials = resolveCredentials(opts.dataDir, { admin: opts.adminPassword, demo: opts.demoPassword });
    seedCloud(db, { credentials, services, now: clock.now(), dataDir: opts.dataDir });

    const tokenContext = cachedTokenContexts(db);
    const deps: CloudDeps = {
      db,
      dataDir: opts.dataDir,
      clock,
      publicUrl: opts.publicUrl,
      tokenTtlSeconds: opts.tokenTtlSeconds ?? 3600,
      authenticate: (token) => tokenContext(clock.now(), token),
      services,
    };

    const plugin: FastifyPluginAsync = async (app) => {
      acceptRawBodies(app);
      for (const service of services) await app.register(service.routes, { prefix: service.path, deps });
      app.setNotFoundHandler((request, reply) =>
        reply
          .code(404)
          .header('Content-Type', 'application/json')
          .send(JSON.stringify({ error: { code: 404, title: 'Not Found', message: `No service at ${request.url.split('?')[0]}` } })),
      );
    };

    const hostPlugin: FastifyPluginAsync = async (app) => {
      if (services.some((service) => service.type === objectStoreService.type)) app.get('/info', showInfo(deps));
    };

    return { plugin, hostPlugin, credentials: { ...credentials.passwords }, close: () => db.close() };
  } catch (error) {
    db.close();
    throw error;
  }
}

/** A standalone Fastify with the emulator at /cloud, for tests and benchmarks (not listening). */
export async function buildEmulatorApp(opts: EmulatorOptions): Promise<{ app: FastifyInstance; emulator: Emulator }> {
  const emulator = openEmulator(opts);
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 } });
  app.addHook('onClose', async () => emulator.close());
  await app.register(emulator.plugin, { prefix: '/cloud' });
  await app.register(emulator.hostPlugin);
  return { app, emulator };
}
