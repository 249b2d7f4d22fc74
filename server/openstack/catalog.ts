import type { CatalogEntry } from '../../shared/catalog.js';
import { ApiError } from '../errors.js';

/**
 * Catalog types that name the same service. Cinder is published as
 * `block-storage`, `volumev3` or `volume` depending on the deployment.
 */
const TYPE_ALIASES: Record<string, string[]> = {
  'block-storage': ['block-storage', 'volumev3', 'volume'],
  volumev3: ['volumev3', 'block-storage', 'volume'],
};

/**
 * The URL of a service in the token's catalog, for the session's region and
 * the configured interface. Falls back to any region only for identity, which
 * Keystone may publish without one. A missing type is a 501 with Horizon's
 * sentence (api-contract §14.10).
 */
export function endpointUrl(catalog: CatalogEntry[], type: string, region: string | null, iface: string): string {
  const types = TYPE_ALIASES[type] ?? [type];
  for (const candidate of types) {
    const entries = catalog.filter((entry) => entry.type === candidate);
    for (const entry of entries) {
      const inRegion = entry.endpoints.filter(
        (endpoint) => endpoint.interface === iface && (!region || endpoint.region === region || endpoint.region_id === region),
      );
      const chosen = inRegion[0] ?? (candidate === 'identity' ? entry.endpoints.find((e) => e.interface === iface) : undefined);
      if (chosen) return chosen.url.replace(/\/+$/, '');
    }
  }
  throw new ApiError(501, `Invalid service catalog: ${type}`);
}

/** Distinct regions of the non-identity endpoints, for the region switcher. */
export function serviceRegions(catalog: CatalogEntry[]): string[] {
  const regions = new Set<string>();
  for (const entry of catalog) {
    if (entry.type === 'identity') continue;
    for (const endpoint of entry.endpoints) {
      const region = endpoint.region ?? endpoint.region_id;
      if (region) regions.add(region);
    }
  }
  return [...regions].sort();
}
