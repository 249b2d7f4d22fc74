/**
 * The Keystone service catalog as the server reads it from a token and serves
 * it at `/api/keystone/svc-catalog/` (public endpoints only).
 */
export interface CatalogEndpoint {
  id: string;
  interface: string;
  region: string | null;
  region_id: string | null;
  url: string;
}

export interface CatalogEntry {
  id: string;
  type: string;
  name: string;
  endpoints: CatalogEndpoint[];
}
