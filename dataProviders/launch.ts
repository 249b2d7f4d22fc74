import type { ServiceName } from '../src/backend/contract';
import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import type { ResourceHandlers } from './resource-provider';

/**
 * The reads and writes of the Launch Instance wizard and the Resize screen
 * (spec 2 §7.4, §7.5, §7.2) that no panel's resource covers. Each service's
 * provider spreads its part in, so the wizard reaches them through the data
 * provider like any other resource (and tests fake them the same way).
 *
 * Resources: nova `availability-zone`, `compute-limits`, `server-launch`,
 * `server-resize`; neutron `launch-network`, `launch-security-group`;
 * cinder `volume-limits`.
 */

type Json = Record<string, unknown>;

/** Limits come as one flat map; it is the one record of its resource. */
const LIMITS_ID = 'current';

const serverPath = (id: string) => `/api/nova/servers/${encodeURIComponent(id)}`;

export function novaLaunchHandlers(http: HttpClient): Record<string, ResourceHandlers> {
  return {
    'availability-zone': {
      // Zones are named, so the name is the id (api-contract §6: items with zoneName, zoneState.available).
      async list() {
        const { items } = await http.get<{ items: (Json & { zoneName: string })[] }>('/api/nova/availzones/');
        return items.map((zone) => ({ ...zone, id: zone.zoneName }));
      },
    },
    'compute-limits': {
      // reserved=true counts reserved resources as used (spec 2 §7.4).
      async get() {
        return { ...(await http.get<Json>('/api/nova/limits/', { query: { reserved: 'true' } })), id: LIMITS_ID };
      },
    },
    'server-launch': {
      /** `data` is the final server spec (spec 2 §7.9, api-contract §6.1). */
      async create(data) {
        const server = await http.post<Json & { id: string }>('/api/nova/servers/', data);
        return { ...server, id: String(server?.id ?? '') };
      },
    },
    'server-resize': {
      async get(id) {
        return { ...(await http.get<Json>(serverPath(id))), id } as ResourceRecord;
      },
    },
  };
}

export function neutronLaunchHandlers(http: HttpClient): Record<string, ResourceHandlers> {
  return {
    'launch-network': {
      // Shared networks first, then the project's, each with its subnets expanded (api-contract §8).
      async list() {
        const { items } = await http.get<{ items: (Json & { id: string })[] }>('/api/neutron/networks/');
        return items;
      },
    },
    'launch-security-group': {
      async list() {
        const { items } = await http.get<{ items: (Json & { id: string })[] }>('/api/network/securitygroups/');
        return items;
      },
    },
  };
}

export function cinderLaunchHandlers(http: HttpClient): Record<string, ResourceHandlers> {
  return {
    'volume-limits': {
      async get() {
        return { ...(await http.get<Json>('/api/cinder/tenantabsolutelimits/')), id: LIMITS_ID };
      },
    },
  };
}

/** The resources above and their services, for the app's resource → service map. */
export const LAUNCH_RESOURCES: Record<string, ServiceName> = {
  'availability-zone': 'nova',
  'compute-limits': 'nova',
  'server-launch': 'nova',
  'server-resize': 'nova',
  'launch-network': 'neutron',
  'launch-security-group': 'neutron',
  'volume-limits': 'cinder',
};
