import { type DehydratedState, hashKey, hydrate, type Query, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { DataProvider } from 'ra-core';
import { errorStatus, isAlreadyReported, serverMessage } from '../backend/http';
import type { AnyResourceDescriptor, ResourceRecord } from '../descriptor';
import { useToastStore } from '../toasts/context';
import { useSettings } from './access';
import { useBackend } from './context';
import { isTransitional, pollDelay, pollInterval } from './polling';
import { defaultSort } from './columns';
import type { SortState } from '../table/types';

/** Query keys of one resource; invalidating `resourceKey(name)` refreshes all its views. */
export const resourceKey = (name: string) => ['resource', name] as const;

/**
 * Lists the navigation's prefetch (`prefetchPanelList`) asks for: the page
 * mounting over one takes the prefetch's answer as its first instead of
 * asking again. With React Query's default staleness every mount (and every
 * enabling of the page's query, which waits for the session and settings)
 * refetched, so a page that subscribed after the answer came sent its list
 * call twice (issue 17). Noted when the prefetch starts, not when it ends: a
 * page subscribing between the answer and the prefetch's own continuation
 * asked again when the note came after the answer.
 */
const prefetchStarts = new Map<string, number>();
const PREFETCH_FRESH_MS = 5_000;

/**
 * Fetches a list's query for the page the user is navigating to (see above).
 * Its call gets a signal of its own, never aborted: React Query aborts a call
 * that read the query's signal when the query's last observer leaves, and the
 * page's first observer may leave at once (a gate that resolves remounts the
 * page), so the prefetched call was dropped and the page sent it again.
 */
export async function prefetchForPage<T>(queryClient: QueryClient, query: { queryKey: unknown[]; queryFn: (context: { signal: AbortSignal }) => Promise<T> }): Promise<void> {
  prefetchStarts.set(hashKey(query.queryKey), Date.now());
  await queryClient.prefetchQuery({ queryKey: query.queryKey, queryFn: () => query.queryFn({ signal: new AbortController().signal }) });
}

/**
 * A change was asked for: no answer from before it counts as just
 * prefetched any more, so a page mounting next (the instances list after a
 * launch from its own route) asks again.
 */
export function forgetPrefetches(): void {
  prefetchStarts.clear();
}

/**
 * Takes the queries the server's render of the page ended with (the page's
 * hydration, `dehydrate` on the server) as answered now and just prefetched:
 * the page the server drew starts from them, and does not ask again on mount.
 */
export function hydrateWithPage(queryClient: QueryClient, dehydrated: DehydratedState): void {
  const now = Date.now();
  const queries = dehydrated.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } }));
  hydrate(queryClient, { ...dehydrated, queries });
  for (const query of queries) prefetchStarts.set(query.queryHash, now);
}

/**
 * The prefetch's answer stays fresh for PREFETCH_FRESH_MS; any other answer
 * (a poll, a refresh, one older than the window) is stale at once, as React
 * Query's default. Invalidation and polling ignore staleness.
 */
export function freshWhileJustPrefetched(query: { queryHash: string; state: { dataUpdatedAt: number } }): number {
  const startedAt = prefetchStarts.get(query.queryHash);
  const answeredAt = query.state.dataUpdatedAt;
  return startedAt !== undefined && answeredAt >= startedAt && answeredAt - startedAt <= PREFETCH_FRESH_MS ? PREFETCH_FRESH_MS : 0;
}

/**
 * The whole list of a resource. Tables sort and page on the client, as the
 * spec's browser does (api-contract §1.6), so all records are fetched.
 * `filter` holds the server facets' params (spec 1 §4.6); each filter is its
 * own cached list.
 */
export function useResourceList(descriptor: AnyResourceDescriptor, options: { enabled?: boolean; filter?: Record<string, string> } = {}) {
  const { dataProvider } = useBackend();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...listQuery(dataProvider, descriptor, options.filter),
    enabled: options.enabled ?? true,
    placeholderData: keepRowsOf(queryClient),
    staleTime: freshWhileJustPrefetched,
    refetchInterval: descriptor.refresh ?? false,
  });
  useErrorToast(query.error, descriptor.texts?.listError);
  return query;
}

/**
 * While a list's new search or page loads, the rows shown so far stay
 * (rather than a blank table) until the new ones arrive; not across a sign-in
 * or project switch, which drops the previous queries from the cache.
 */
function keepRowsOf(queryClient: QueryClient) {
  return <T,>(previous: T | undefined, previousQuery: Query<T, Error, T, readonly unknown[]> | undefined): T | undefined =>
    previousQuery && queryClient.getQueryCache().get(previousQuery.queryHash) === previousQuery ? previous : undefined;
}

/** The whole list's query, for the page and for the prefetch at navigation (`prefetchPanelList`) alike. */
export function listQuery(dataProvider: DataProvider, descriptor: AnyResourceDescriptor, filter?: Record<string, string>) {
  const given = filter && Object.keys(filter).length ? filter : undefined;
  return {
    queryKey: listKey(descriptor, given),
    queryFn: async ({ signal }: { signal: AbortSignal }) => (await dataProvider.getList<ResourceRecord & { id: string }>(descriptor.name, { filter: given, signal })).data,
  };
}

/** The query key of a list, for updating it in place (polling). */
export function listKey(descriptor: AnyResourceDescriptor, filter?: Record<string, string>): unknown[] {
  return filter ? [...resourceKey(descriptor.name), 'list', filter] : [...resourceKey(descriptor.name), 'list'];
}

export interface ResourcePage {
  rows: ResourceRecord[];
  hasNext: boolean;
  hasPrev: boolean;
  /** How many rows all pages hold, when the service says (offset paging: the page count, spec 3 §9.3). */
  total?: number;
  /** The provider's word that the page is about to change (`ListPage.changing`): it is fetched again at the poll interval. */
  changing?: boolean;
}

/** What one server page is: its search, its place (marker or page number), its size and, when the server sorts, its order. */
export interface PageOptions {
  filter?: Record<string, string>;
  marker?: string;
  limit: number;
  page?: number;
  /** Only for `sorting: 'server'`; the descriptor's default sort when not given. */
  sort?: SortState;
}

/**
 * One page of a list the server pages (descriptor `paging: 'server'`,
 * api-contract §1.6): `limit` rows after `marker` (the id of the previous
 * page's last row; none for the first page).
 */
export function useResourcePage(descriptor: AnyResourceDescriptor, options: PageOptions & { enabled?: boolean }) {
  const { dataProvider } = useBackend();
  const queryClient = useQueryClient();
  const interval = pollInterval(useSettings().data);
  const query = useQuery({
    ...pageQuery(dataProvider, descriptor, options),
    enabled: options.enabled ?? (descriptor.paging === 'server'),
    placeholderData: keepRowsOf(queryClient),
    staleTime: freshWhileJustPrefetched,
    // A page about to change (Task History while tasks run) follows at the poll interval, else the descriptor's refresh.
    refetchInterval: ({ state }) => (state.data?.changing ? interval : (descriptor.refresh ?? false)),
  });
  useErrorToast(query.error, descriptor.texts?.listError);
  return query;
}

/**
 * One page's query, for the page and for the prefetch at navigation alike.
 * `page` (from 1) is how many pages the user went forward, for a service
 * that pages by offset rather than by marker (Task History's `start`). A
 * descriptor that sorts on the server (`sorting: 'server'`) sends its sort,
 * the default one unless `sort` is given.
 */
export function pageQuery(dataProvider: DataProvider, descriptor: AnyResourceDescriptor, options: PageOptions) {
  const { filter, marker, limit, page = 1 } = options;
  const sort = serverSort(descriptor, options.sort);
  return {
    queryKey: pageKey(descriptor, options),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<ResourcePage> => {
      const result = await dataProvider.getList<ResourceRecord & { id: string }>(descriptor.name, {
        filter,
        pagination: { page, perPage: limit },
        ...(sort ? { sort: { field: sort.column, order: sort.direction === 'desc' ? 'DESC' : 'ASC' } } : {}),
        meta: { marker },
        signal,
      });
      return {
        rows: result.data,
        hasNext: result.pageInfo?.hasNextPage ?? false,
        hasPrev: result.pageInfo?.hasPreviousPage ?? marker !== undefined,
        total: result.total,
        changing: (result.meta as { changing?: boolean } | undefined)?.changing === true,
      };
    },
  };
}

/** The sort a server-sorted list asks for: the one chosen, else the descriptor's default; none when the table sorts. */
function serverSort(descriptor: AnyResourceDescriptor, sort: SortState | undefined): SortState | undefined {
  return descriptor.sorting === 'server' ? (sort ?? defaultSort(descriptor)) : undefined;
}

export function pageKey(descriptor: AnyResourceDescriptor, options: PageOptions): unknown[] {
  const { filter, marker, limit, page = 1 } = options;
  const sort = serverSort(descriptor, options.sort);
  return [...resourceKey(descriptor.name), 'page', sort ? { filter, marker, limit, page, sort } : { filter, marker, limit, page }];
}

/**
 * One record by id; a 404 is reported as `notFound` rather than toasted.
 * While the record is in one of the descriptor's transitional states (its
 * `poll` rule) it is re-fetched as a list's row is, at the poll interval
 * growing each round (spec 1 §4.1), so a details page follows an action.
 */
export function useResourceRecord(descriptor: AnyResourceDescriptor | undefined, id: string, meta?: Record<string, unknown>) {
  const { dataProvider } = useBackend();
  const interval = pollInterval(useSettings().data);
  // The fetch count when the record became transitional: rounds count from there.
  const pollingSince = useRef<number | null>(null);
  const backoff = descriptor?.detailBackoff;
  const query = useQuery({
    queryKey: [...resourceKey(descriptor?.name ?? ''), 'one', id],
    queryFn: async ({ signal }) => (await dataProvider.getOne<ResourceRecord & { id: string }>(descriptor!.name, { id, signal, meta })).data,
    enabled: Boolean(descriptor),
    retry: false,
    refetchInterval: ({ state }) => {
      if (!descriptor || !state.data || state.error || !isTransitional(descriptor, state.data)) {
        pollingSince.current = null;
        return false;
      }
      pollingSince.current ??= state.dataUpdateCount;
      const round = state.dataUpdateCount - pollingSince.current + 1;
      // A descriptor's own backoff (spec 3 §4.1: 250 ms doubling to 5,000 ms); an action's refetch of a settled record starts it again.
      return backoff ? Math.min(backoff.first * backoff.factor ** (round - 1), backoff.max) : pollDelay(interval, round);
    },
  });
  const notFound = (query.error as { status?: number } | null)?.status === 404;
  useErrorToast(notFound ? null : query.error, descriptor?.texts?.loadError);
  return { ...query, notFound };
}

export function useInvalidateResource() {
  const queryClient = useQueryClient();
  /**
   * Refetches the resource's lists and records, except the records named in `gone` (just
   * deleted): refetching those would only 404 and send a details page to not_found while it
   * is leaving for the list.
   */
  return (descriptor: AnyResourceDescriptor, gone: string[] = []) =>
    queryClient.invalidateQueries({
      queryKey: resourceKey(descriptor.name),
      predicate: ({ queryKey }) => !(queryKey[2] === 'one' && gone.includes(String(queryKey[3]))),
    });
}

/** A failed load toasts the resource's message, unless a 401/403 toast already explained it. */
function useErrorToast(error: unknown, message: string | undefined) {
  const toasts = useToastStore();
  useEffect(() => {
    if (error && !isAlreadyReported(error)) toasts.error(loadErrorText(error, message));
  }, [error, message, toasts]);
}

/** Statuses of a cloud service that is down or broke, whose server message names the service. */
const SERVICE_FAILURES = new Set([502, 503, 504]);

/**
 * The toast of a failed load: the resource's sentence, followed, when a cloud
 * service is down or broke, by the server's sentence naming it ("The volume
 * service is unavailable."), so the user knows which service to wait for.
 */
export function loadErrorText(error: unknown, message: string | undefined): string {
  const text = message ?? 'An error occurred. Please try again later.';
  const status = errorStatus(error);
  const detail = serverMessage(error);
  return status !== undefined && SERVICE_FAILURES.has(status) && detail ? `${text} ${detail}` : text;
}
