import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import type { CloudClient } from '../openstack/client.js';

/**
 * (not in the contract: Horizon's admin filters, all server filters) The
 * search of an admin list of every project's records, as the service's own
 * query: the `allowed` parameters pass as they are, and `project` (a
 * project's name, Horizon's "Project =") becomes `project_id`, matched
 * ignoring case as Horizon's process_non_api_filters does. Null when no
 * project has that name: the list is empty without asking the service.
 *
 * @example
 * await adminFilters(request, client, ['name', 'status']); // { project_id: '9c…', name: 'web' }
 */
export async function adminFilters(request: FastifyRequest, client: CloudClient, allowed: readonly string[]): Promise<Record<string, string> | null> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const filters: Record<string, string> = {};
  for (const key of allowed) {
    const value = query[key];
    if (typeof value === 'string' && value !== '') filters[key] = value;
  }
  const project = query.project;
  if (typeof project === 'string' && project !== '') {
    const found = await projectIdByName(client, project);
    if (!found) return null;
    filters.project_id = found;
  }
  return filters;
}

/** The id of the project named `name`, ignoring case; undefined when none is. */
async function projectIdByName(client: CloudClient, name: string): Promise<string | undefined> {
  const response = await client.request<{ projects: { id: string; name: string }[] }>('identity', 'GET', '/projects');
  return response.body.projects.find((project) => project.name.toLowerCase() === name.toLowerCase())?.id;
}

/** A whole-number filter (a volume's size in GiB): anything else is the caller's error, named, before the service sees it. */
export function wholeNumberFilter(filters: Record<string, string>, key: string, label: string): void {
  if (filters[key] !== undefined && !/^\d+$/.test(filters[key])) throw new ApiError(400, `${label} must be a whole number, not '${filters[key]}'`);
}

/** The answer of a search that matched no project: an empty page. */
export const NO_ROWS_PAGE = { items: [], has_more_data: false, has_prev_data: false };
