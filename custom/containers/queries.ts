import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataProvider } from 'ra-core';
import type { SwiftObjectRecord } from '../../dataProviders/swift';
import { useBackend } from '../../src/engine/context';
import { prefetchForPage } from '../../src/engine/queries';

/** A container of the list (spec 2 §3: name, count, bytes) and, once fetched, its details. */
export interface ContainerRecord {
  id: string;
  name: string;
  count?: number;
  bytes?: number;
  last_modified?: string;
}

/** `GET containers/{c}/metadata/` (api-contract §9). */
export interface ContainerDetails {
  id: string;
  name: string;
  container_object_count: string | null;
  container_bytes_used: string | null;
  timestamp: string | null;
  is_public: boolean;
  storage_policy: { name: string; display_name?: string } | null;
  public_url: string | null;
}

export const CONTAINERS_KEY = ['swift', 'containers'] as const;
export const containerKey = (name: string) => ['swift', 'container', name] as const;
export const objectsKey = (container: string) => ['swift', 'objects', container] as const;

/** Rows per page: the server pages the folder (marker, limit), so a folder of 100,000 objects opens on its first page. */
export const OBJECTS_PER_PAGE = 200;

/** One page of a folder: its rows and whether more follow. */
export interface ObjectsPage {
  items: SwiftObjectRecord[];
  hasMore: boolean;
}

/** The page of `folder` after `marker` (the last path of the page before; null for the first): the table's query and the screen's early start alike. */
export function objectsPageQuery(dataProvider: DataProvider, container: string, folder: string, marker: string | null) {
  return {
    queryKey: [...objectsKey(container), folder, marker],
    queryFn: async (): Promise<ObjectsPage> => {
      const answer = await dataProvider.getList<SwiftObjectRecord>('swift-object', {
        filter: { container, path: folder },
        pagination: { page: 1, perPage: OBJECTS_PER_PAGE },
        sort: { field: 'name', order: 'ASC' },
        meta: { marker },
      });
      return { items: answer.data, hasMore: answer.pageInfo?.hasNextPage === true };
    },
  };
}

/**
 * Starts the first page of the folder the URL names as the screen starts to
 * render, before the table mounts: a query asks only once its component is
 * committed and its effects run, on a cold load after the whole screen's
 * first render and paint, on a click after the new folder's (issue 18: a
 * folder opens in under a second). The table then finds the call under its
 * own key, fresh (`freshWhileJustPrefetched`), and does not ask again. A
 * folder already in the cache is the table's to refresh. In a microtask, not
 * in the render itself: a request starting updates the request spinner, and
 * React refuses another component's update during a render.
 */
export function usePrefetchFirstPage(container: string | null, folder: string): void {
  const queryClient = useQueryClient();
  const { dataProvider } = useBackend();
  if (!container) return;
  const query = objectsPageQuery(dataProvider, container, folder, null);
  const unasked = () => queryClient.getQueryState(query.queryKey) === undefined;
  if (unasked()) queueMicrotask(() => unasked() && void prefetchForPage(queryClient, query));
}

export function useContainerDetails(name: string) {
  const { dataProvider } = useBackend();
  return useQuery({
    queryKey: containerKey(name),
    queryFn: async () => (await dataProvider.getOne<ContainerDetails>('container', { id: name })).data,
  });
}

/** Spec 2 §4: after an upload, edit, folder creation or delete, the container details and the object list reload. */
export function useReloadContainer(container: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: containerKey(container) }),
      queryClient.invalidateQueries({ queryKey: objectsKey(container) }),
      queryClient.invalidateQueries({ queryKey: CONTAINERS_KEY }),
    ]);
}
