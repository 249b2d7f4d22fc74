import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import type { ResourceHandlers } from './resource-provider';

type Native = Record<string, unknown> & { id: string };
type Items = { items: Native[] };

const path = (kind: string, id?: string) => `/api/lbaas/${kind}/${id === undefined ? '' : `${encodeURIComponent(id)}/`}`;

/** A string field of a form's values, or undefined when empty (Octavia keeps what a body leaves out). */
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The operator's side of `/api/lbaas/` (api-contract §10; the admin panels
 * Load Balancer Flavors, Flavor Profiles and Amphorae): flavors with their
 * `is_enabled` edited as `enabled`, flavor profiles, the providers a profile
 * names and the availability zones (both keyed by name) and the amphorae
 * (not in the contract), read only.
 * Bodies are the contract's (`{ flavor: {…} }`, `{ flavor_profile: {…} }`),
 * with the record's id in the body as Horizon sends it.
 */
export function lbaasOperatorHandlers(http: HttpClient): Record<string, ResourceHandlers> {
  const flavorBody = (data: Record<string, unknown>) => ({ name: text(data.name), description: text(data.description), enabled: typeof data.is_enabled === 'boolean' ? data.is_enabled : undefined });
  const profileBody = (data: Record<string, unknown>) => ({ name: text(data.name), provider_name: text(data.provider_name), flavor_data: text(data.flavor_data) });
  return {
    'lb-flavor': {
      async list(params) {
        return (await http.get<Items>(path('flavors'), { signal: params.signal })).items;
      },
      async get(id) {
        return http.get<Native>(path('flavors', id));
      },
      async create(data) {
        return http.post<Native>(path('flavors'), { flavor: { ...flavorBody(data), flavor_profile_id: text(data.flavor_profile_id) } });
      },
      async update(id, data) {
        await http.put(path('flavors', id), { flavor: { id, ...flavorBody(data) } });
        return { id, ...data } as ResourceRecord;
      },
      async remove(id) {
        await http.delete(path('flavors', id));
      },
    },
    'lb-flavor-profile': {
      async list(params) {
        return (await http.get<Items>(path('flavorprofiles'), { signal: params.signal })).items;
      },
      async get(id) {
        return http.get<Native>(path('flavorprofiles', id));
      },
      async create(data) {
        return http.post<Native>(path('flavorprofiles'), { flavor_profile: profileBody(data) });
      },
      /** Only the changed fields: Octavia refuses a new provider or data while a flavor uses the profile, not a new name. */
      async update(id, data) {
        const current = await http.get<Native>(path('flavorprofiles', id));
        const changed = Object.entries(profileBody(data)).filter(([field, value]) => value !== undefined && value !== current[field]);
        await http.put(path('flavorprofiles', id), { flavor_profile: { id, ...Object.fromEntries(changed) } });
        return { id, ...data } as ResourceRecord;
      },
      async remove(id) {
        await http.delete(path('flavorprofiles', id));
      },
    },
    // The load balancer wizard's zone choices: Octavia's zones have a name and no id.
    'lb-availability-zone': {
      async list(params) {
        return (await http.get<{ items: { name: string; is_enabled?: boolean }[] }>(path('availabilityzones'), { signal: params.signal })).items.map((zone) => ({ ...zone, id: zone.name }));
      },
    },
    // A flavor profile's provider choices: Octavia's providers have a name and no id.
    'lb-provider': {
      async list(params) {
        return (await http.get<{ items: { name: string; description: string }[] }>(path('providers'), { signal: params.signal })).items.map((provider) => ({ ...provider, id: provider.name }));
      },
    },
    'lb-amphora': {
      async list(params) {
        return (await http.get<Items>(path('amphorae'), { signal: params.signal })).items;
      },
      async get(id) {
        return http.get<Native>(path('amphorae', id));
      },
    },
  };
}
