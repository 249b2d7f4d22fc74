import type { Settings, UserSession } from '../backend/contract';
import type { AnyResourceDescriptor } from '../descriptor';
import { type Facet, type SearchTerm, serverParams } from '../search/facets';

/** What a list page asks the server for, and whether it must wait before asking anything. */
export interface ListRequest {
  /** The server facets' params, the session's project where the panel filters by it, and a details page's scope. */
  filter: Record<string, string>;
  /** Spec 2 §9 FILTER_DATA_FIRST: nothing is loaded until a search term is given. */
  waitsForFilter: boolean;
  /** Nothing may be asked yet: a filter-first panel without a term, or a project panel before the session. */
  waits: boolean;
}

/**
 * The list request of a page from its state, the one rule for the page and
 * for the prefetch started at navigation, so both ask with the same query key.
 * `settings` undefined means not loaded yet; `scope` is a details page's list.
 */
export function listRequest(
  descriptor: AnyResourceDescriptor,
  { terms, session, settings, scope }: { terms: SearchTerm[]; session?: UserSession; settings?: Settings; scope?: { filter: Record<string, string> } },
): ListRequest {
  // A project panel's list waits for the session, then asks for that project's records only.
  const projectFilter = scope ? undefined : descriptor.panel?.projectFilter;
  const projectId = projectFilter ? session?.project_id : undefined;
  const filter = {
    ...serverParams(terms, panelFacets(descriptor)),
    ...(projectFilter && projectId ? { [projectFilter]: projectId } : {}),
    // A panel's own fixed filter (e.g. the admin list of all projects); a details page's scope replaces it.
    ...(scope ? undefined : descriptor.panel?.filter),
    ...scope?.filter,
  };
  const filterFirstKey = descriptor.panel?.filterFirst;
  const filterFirst = filterFirstKey ? (settings ? (settings.FILTER_DATA_FIRST as Record<string, unknown> | undefined)?.[filterFirstKey] === true : true) : false;
  const waitsForFilter = filterFirst && terms.length === 0;
  return { filter, waitsForFilter, waits: waitsForFilter || (projectFilter !== undefined && !projectId) };
}

/** The key a list page keeps its persisted search under. */
export function listPanelKey(descriptor: AnyResourceDescriptor, scope?: { filter: Record<string, string> }): string {
  return scope ? `${descriptor.name}:${JSON.stringify(scope.filter)}` : (descriptor.panel?.path ?? descriptor.name);
}

const NO_FACETS: Facet[] = [];

/**
 * The facets the list's panel offers: those of some dashboards only are left
 * out elsewhere (the admin panels' server facets, whose names may repeat a
 * project panel's client facet: Name searches the loaded rows there and asks
 * the server here).
 */
export function panelFacets(descriptor: AnyResourceDescriptor): Facet[] {
  const all = descriptor.facets ?? NO_FACETS;
  const dashboard = descriptor.panel?.dashboard;
  return all.some((facet) => facet.dashboards) ? all.filter((facet) => !facet.dashboards || (dashboard !== undefined && facet.dashboards.includes(dashboard))) : all;
}
