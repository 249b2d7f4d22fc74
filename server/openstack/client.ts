import type { CatalogEntry } from '../../shared/catalog.js';
import { ApiError } from '../errors.js';
import { endpointUrl } from './catalog.js';
import { callUpstream, serviceName, type UpstreamResponse } from './http.js';
import { v3Root } from './keystone.js';

export interface CloudRequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Microversion, e.g. "2.9" for compute; sent in both header spellings Nova reads. */
  microversion?: string;
  headers?: Record<string, string>;
  /** JSON body media type other than application/json (Glance's JSON-patch). */
  contentType?: string;
  /** A raw body streamed upstream (image data); set its Content-Type in `headers`. */
  stream?: AsyncIterable<Uint8Array>;
  /** Overrides the default upstream timeout (a large upload takes longer). */
  timeoutMs?: number;
  /** How a success is read (see UpstreamRequest.answer); default JSON. */
  answer?: 'json' | 'text' | 'stream';
}

interface VersionRange {
  min: string;
  max: string;
}

/** Microversion ranges per endpoint URL, shared by every session of the process. */
const versionRanges = new Map<string, Promise<VersionRange | null>>();

/**
 * How long a failed discovery is remembered: the calls of that while go at the
 * base version instead of each asking again (and, with a service that does not
 * answer, each waiting a timeout first).
 */
export const FAILED_DISCOVERY_TTL_MS = 10_000;

/**
 * The discovery of `key` cached in `cache`: a success for the life of the
 * process, a failure (null) for FAILED_DISCOVERY_TTL_MS.
 */
export function cachedDiscovery<R>(cache: Map<string, Promise<R | null>>, key: string, discover: () => Promise<R | null>): Promise<R | null> {
  let known = cache.get(key);
  if (!known) {
    known = discover()
      .catch(() => null)
      .then((range) => {
        if (!range) setTimeout(() => cache.get(key) === known && cache.delete(key), FAILED_DISCOVERY_TTL_MS).unref();
        return range;
      });
    cache.set(key, known);
  }
  return known;
}

/**
 * The OpenStack client of one request: the session's token, catalog and
 * region. Route modules call services by catalog type, never by URL, so the
 * BFF works unchanged against the emulator or a real cloud.
 */
export class CloudClient {
  constructor(
    private readonly token: string,
    readonly catalog: CatalogEntry[],
    readonly region: string | null,
    private readonly iface: string,
    private readonly timeoutMs: number,
    /** When the request this client serves must have its answers (epoch ms): one request waits one timeout at most. */
    private readonly deadline: number = Date.now() + timeoutMs,
  ) {}

  /** What is left of the request's time for one more call; a 504 when nothing is. */
  remainingMs(serviceType: string): number {
    const left = this.deadline - Date.now();
    if (left <= 0) throw new ApiError(504, `The ${serviceName(serviceType)} service did not answer in time.`);
    return left;
  }

  /**
   * The service's base URL. Keystone is published with or without `/v3`
   * (the real one with, ours without), so identity paths are always
   * relative to the v3 root: `request('identity', 'GET', '/domains/x')`.
   */
  endpoint(serviceType: string): string {
    const url = endpointUrl(this.catalog, serviceType, this.region, this.iface);
    return serviceType === 'identity' ? v3Root(url) : url;
  }

  async request<T = unknown>(serviceType: string, method: string, path: string, options: CloudRequestOptions = {}): Promise<UpstreamResponse<T>> {
    const url = new URL(this.endpoint(serviceType) + path);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { 'X-Auth-Token': this.token, ...options.headers };
    if (options.microversion) {
      headers['OpenStack-API-Version'] = `${serviceType} ${options.microversion}`;
      if (serviceType === 'compute') headers['X-OpenStack-Nova-API-Version'] = options.microversion;
    }
    return callUpstream<T>({
      method,
      url: url.toString(),
      headers,
      body: options.body,
      stream: options.stream,
      contentType: options.contentType,
      timeoutMs: options.timeoutMs ?? this.remainingMs(serviceType),
      service: serviceType,
      answer: options.answer,
    });
  }

  /**
   * The highest of `candidates` inside the service's [min, max] microversion
   * range (api-contract §14.2), or undefined when none fits: the call then
   * goes without a header, i.e. base-version behaviour.
   */
  async microversion(serviceType: string, candidates: string[]): Promise<string | undefined> {
    const endpoint = this.endpoint(serviceType);
    const known = await cachedDiscovery(versionRanges, endpoint, () => this.fetchRange(endpoint, serviceType));
    if (!known) return undefined;
    const fitting = candidates.filter((v) => compareVersions(v, known.min) >= 0 && compareVersions(v, known.max) <= 0);
    return fitting.sort(compareVersions).at(-1);
  }

  private async fetchRange(endpoint: string, serviceType: string): Promise<VersionRange | null> {
    const response = await callUpstream<{ version?: { version?: string; min_version?: string } }>({
      method: 'GET',
      url: endpoint + '/',
      headers: { 'X-Auth-Token': this.token },
      timeoutMs: this.remainingMs(serviceType),
      service: serviceType,
    });
    const version = response.body?.version;
    if (!version?.version) return null;
    return { min: version.min_version || '2.1', max: version.version };
  }
}

export function compareVersions(a: string, b: string): number {
  const [aMajor, aMinor] = a.split('.').map(Number);
  const [bMajor, bMinor] = b.split('.').map(Number);
  return aMajor - bMajor || aMinor - bMinor;
}
