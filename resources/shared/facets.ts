/**
 * Facet pieces several panels share, so a boolean or an admin state is
 * searched the same way everywhere. Plain data, no React.
 */

import type { FacetDescriptor } from '../../src/descriptor';

/** The choices of a boolean field's facet, as Horizon's tables show booleans. */
export const YES_NO_OPTIONS = [
  { key: 'true', label: 'Yes' },
  { key: 'false', label: 'No' },
];

/** Neutron's admin state as the BFF derives it (`admin_state`: 'UP' or 'DOWN', api-contract §8). */
export const ADMIN_STATE_FACET = {
  name: 'admin_state',
  label: 'Admin State',
  singleton: true,
  options: [
    { key: 'UP', label: 'UP' },
    { key: 'DOWN', label: 'DOWN' },
  ],
};

/**
 * The admin panels' Project facet (Horizon's "Project ="): a project's name,
 * which the server turns into its id for the service, ignoring case as
 * Horizon does (no such project: no rows).
 */
export const ADMIN_PROJECT_FACET = { name: 'project', label: 'Project', singleton: true };

/** Neutron's `admin_state_up` as a server filter, shown as Horizon shows it. */
export const ADMIN_STATE_UP_FACET = {
  name: 'admin_state_up',
  label: 'Admin State',
  singleton: true,
  options: [
    { key: 'true', label: 'UP' },
    { key: 'false', label: 'DOWN' },
  ],
};

/**
 * A resource's facets when its admin panel lists every project's records a
 * page at a time: the project panel's search the loaded rows, the admin
 * panel's ask the server (Horizon's admin filters are all server filters), so
 * a search is never computed from the loaded page only. Each admin facet's
 * name is the query parameter the BFF list route takes.
 */
export function facetsByDashboard<T>(project: FacetDescriptor<T>[], admin: FacetDescriptor<T>[]): FacetDescriptor<T>[] {
  return [...project.map((facet) => ({ ...facet, dashboards: ['project' as const] })), ...admin.map((facet) => ({ ...facet, isServer: true, dashboards: ['admin' as const] }))];
}
