import type { FastifyPluginAsync, RouteHandlerMethod } from 'fastify';
import type { Db, Migration } from '../store/db.js';
import type { Clock } from './clock.js';
import type { Authenticator } from './context.js';

/** How a service appears in the Keystone catalog and where it is mounted under /cloud. */
export interface ServiceEntry {
  /** Catalog type, also the folder name (`identity`, `compute`, …). */
  type: string;
  /** Catalog name (`keystone`, `nova`, …). */
  name: string;
  /** Mount point under /cloud, e.g. `/compute`. */
  path: string;
  /** The endpoint URL's path under /cloud, e.g. `/compute/v2.1`. */
  endpointPath: string;
}

/** What every service's routes receive. */
export interface CloudDeps {
  db: Db;
  /** The data directory (SQLite file and image blobs). */
  dataDir: string;
  clock: Clock;
  /** Base URL of the process, no trailing slash; read per request. */
  publicUrl: () => string;
  tokenTtlSeconds: number;
  authenticate: Authenticator;
  /** The registered services, in catalog order. */
  services: readonly ServiceEntry[];
}

export interface ServiceOptions {
  deps: CloudDeps;
}

/** One emulated OpenStack service: its catalog entry, its tables and its routes. */
export interface EmulatedService extends ServiceEntry {
  migrations: Migration[];
  routes: FastifyPluginAsync<ServiceOptions>;
}

/** A response function: built once per service with its dependencies. */
export type Handler = (deps: CloudDeps) => RouteHandlerMethod;

/** The URL of a mounted path as clients must use it: `publicUrl() + /cloud + path`. */
export function cloudUrl(deps: CloudDeps, path: string): string {
  return `${deps.publicUrl().replace(/\/+$/, '')}/cloud${path}`;
}
