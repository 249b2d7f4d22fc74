import type { QueryClient } from '@tanstack/react-query';
import { type Backend, type ExtensionService, isServiceEnabled } from '../backend/contract';
import type { AnyResourceDescriptor, PanelDescriptor } from '../descriptor';
import { persistedTerms } from '../search/facets';
import { currentPageSize } from '../table/page-size';
import { catalogQuery, extensionsQuery, panelAccess, sessionQuery, settingsQuery } from './access';
import { listPanelKey, listRequest } from './list-request';
import { listQuery, pageQuery, prefetchForPage } from './queries';

/**
 * Starts a panel's first list call at navigation (the route's loader), so
 * it runs while the page renders instead of after it (issue 17: the list
 * call waited for a chain of calls and the page's code). The page then finds
 * the call under its own query key. Only when the panel is known to be
 * allowed without asking (the page's preloaded verdicts), so a member never
 * draws the refusal of a list they may not see; otherwise the page asks as
 * before. Never throws: the page asks again and reports what fails.
 */
export async function prefetchPanelList(queryClient: QueryClient, backend: Backend, descriptor: AnyResourceDescriptor): Promise<void> {
  const panel = descriptor.panel;
  if (!panel) return;
  const allowed = panel.policy?.length ? backend.policy.known?.(panel.policy) : true;
  if (allowed !== true) return;
  try {
    const [session, catalog, settings] = await Promise.all([
      queryClient.ensureQueryData(sessionQuery(backend.identity)),
      queryClient.ensureQueryData(catalogQuery(backend.identity)),
      queryClient.ensureQueryData(settingsQuery(backend.settings)),
    ]);
    const services = [...new Set((panel.extensions ?? []).map(({ service }) => service))];
    const lists = await Promise.all(services.map((service) => queryClient.ensureQueryData(extensionsQuery(backend.extensions, service))));
    const extensions = new Map(services.map((service, index) => [service, new Set(lists[index])]));
    if (panelAccess({ panel, serviceType: descriptor.serviceType }, { session, catalog, failed: false, extensions, allowed }) !== 'allowed') return;
    const request = listRequest(descriptor, { terms: persistedTerms.load(listPanelKey(descriptor), descriptor.facets ?? []), session, settings });
    if (request.waits) return;
    if (descriptor.paging === 'server') await prefetchOnce(queryClient, pageQuery(backend.dataProvider, descriptor, { filter: request.filter, limit: currentPageSize() }));
    else await prefetchOnce(queryClient, listQuery(backend.dataProvider, descriptor, request.filter));
  } catch {
    // Left to the page.
  }
}

/**
 * Reads the extension lists that gate `panels` (the sidebar's), for the
 * services the session's catalog has, before a page is drawn by the server:
 * a gate waiting on its list leaves its panel out, so the drawn sidebar
 * would lack Network QoS and Trunks until the browser, once it took the page
 * over, read the lists and added them. The page's bootstrap answers them, so
 * this makes no call. Never throws: a list that fails is the gate's to report.
 */
export async function prefetchGateExtensions(queryClient: QueryClient, backend: Backend, panels: readonly { panel: PanelDescriptor; serviceType: string }[]): Promise<void> {
  try {
    const [session, catalog] = await Promise.all([queryClient.ensureQueryData(sessionQuery(backend.identity)), queryClient.ensureQueryData(catalogQuery(backend.identity))]);
    const services = new Set<ExtensionService>();
    for (const { panel, serviceType } of panels) {
      if (!isServiceEnabled(catalog, serviceType, session.services_region)) continue;
      for (const { service } of panel.extensions ?? []) services.add(service);
    }
    await Promise.all([...services].map((service) => queryClient.prefetchQuery(extensionsQuery(backend.extensions, service))));
  } catch {
    // Left to the gates.
  }
}

/** Fetches a query the cache has no data for; one it has is the page's to refresh. */
async function prefetchOnce<T>(queryClient: QueryClient, query: { queryKey: unknown[]; queryFn: (context: { signal: AbortSignal }) => Promise<T> }): Promise<void> {
  if (queryClient.getQueryData(query.queryKey) !== undefined) return;
  await prefetchForPage(queryClient, query);
}
