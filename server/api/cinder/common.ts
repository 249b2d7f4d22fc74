import { ApiError } from '../../errors.js';
import type { CloudClient, CloudRequestOptions } from '../../openstack/client.js';
import { cachedDiscovery, compareVersions } from '../../openstack/client.js';
import { callUpstream, type UpstreamResponse } from '../../openstack/http.js';

/**
 * Calls to Cinder v3 (api-contract §5, §14.5). The catalog entry is found as
 * `block-storage`, `volumev3` or `volume`; its URL already ends in
 * `/v3/{project_id}`. Cinder reads its microversion as `volume 3.x` whatever
 * the catalog type, so the header is set here rather than by the client.
 */

export const VOLUME_SERVICE = 'block-storage';

/** Microversions tried per feature, highest fitting first (api-contract §14.5). */
export const GROUPS = ['3.27', '3.43', '3.48', '3.58'];

const ranges = new Map<string, Promise<{ min: string; max: string } | null>>();

/** The unauthenticated version document at the root of the endpoint (`http://host:8776/`). */
function rootOf(endpoint: string): string {
  return endpoint.replace(/\/v3(\/[^/]*)?\/?$/, '/');
}

async function fetchRange(root: string, timeoutMs: number): Promise<{ min: string; max: string } | null> {
  const response = await callUpstream<{ versions?: { id: string; version?: string; min_version?: string }[] }>({
    method: 'GET',
    url: root,
    timeoutMs,
    service: VOLUME_SERVICE,
  });
  const v3 = response.body?.versions?.find((version) => version.id.startsWith('v3'));
  return v3?.version ? { min: v3.min_version || '3.0', max: v3.version } : null;
}

/** The highest of `candidates` the cloud's Cinder speaks, or undefined (base version). */
export async function cinderMicroversion(client: CloudClient, candidates: string[]): Promise<string | undefined> {
  const root = rootOf(client.endpoint(VOLUME_SERVICE));
  const known = await cachedDiscovery(ranges, root, () => fetchRange(root, client.remainingMs(VOLUME_SERVICE)));
  if (!known) return undefined;
  return candidates
    .filter((version) => compareVersions(version, known.min) >= 0 && compareVersions(version, known.max) <= 0)
    .sort(compareVersions)
    .at(-1);
}

export function cinder<T = unknown>(
  client: CloudClient,
  method: string,
  path: string,
  options: Omit<CloudRequestOptions, 'microversion'> & { microversion?: string } = {},
): Promise<UpstreamResponse<T>> {
  const { microversion, ...rest } = options;
  return client.request<T>(VOLUME_SERVICE, method, path, {
    ...rest,
    headers: { ...rest.headers, ...(microversion ? { 'OpenStack-API-Version': `volume ${microversion}` } : {}) },
  });
}

/** Whether the session's catalog has Cinder in its region. */
export function hasVolumeService(client: CloudClient): boolean {
  try {
    client.endpoint(VOLUME_SERVICE);
    return true;
  } catch {
    return false;
  }
}

/** The quota routes' 501 when there is no volume service (api-contract §1.4). */
export function requireVolumeService(client: CloudClient): void {
  if (!hasVolumeService(client)) throw new ApiError(501, 'Service Cinder is disabled.');
}

export const encode = encodeURIComponent;

/** Query values as Horizon's `parse_filters_kwargs` gives them: `True`/`False`/`None` become literals (api-contract §1.5). */
export function filtersOf(query: Record<string, string | string[] | undefined>, clientKeywords: string[]): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [key, raw] of Object.entries(query)) {
    if (clientKeywords.includes(key) || raw === undefined) continue;
    const value = Array.isArray(raw) ? raw[0] : raw;
    filters[key] = value === 'True' ? 'true' : value === 'False' ? 'false' : value;
  }
  return filters;
}

/** The `{updated, removed}` PATCH body of every metadata editor (api-contract §1.7). */
export const METADATA_PATCH = {
  type: 'object',
  properties: {
    updated: { type: 'object', additionalProperties: { type: 'string' } },
    removed: { type: 'array', items: { type: 'string' } },
  },
  required: ['updated', 'removed'],
  additionalProperties: false,
};

export interface MetadataPatch {
  updated: Record<string, string>;
  removed: string[];
}

/**
 * Applies a metadata editor's PATCH to a Cinder metadata collection at `path`
 * (`…/metadata` or a type's `…/extra_specs`): one POST merging the updated
 * keys under `bodyKey`, then a DELETE per removed key, as Horizon's cinder API does.
 */
export async function applyMetadataPatch(client: CloudClient, path: string, bodyKey: 'metadata' | 'extra_specs', { updated, removed }: MetadataPatch): Promise<void> {
  if (Object.keys(updated).length) await cinder(client, 'POST', path, { body: { [bodyKey]: updated } });
  for (const key of removed) await cinder(client, 'DELETE', `${path}/${encode(key)}`);
}
