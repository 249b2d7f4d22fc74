import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import keypair from '../../resources/keypair';
import type { Backend } from '../../src/backend/contract';
import { BackendContext } from '../../src/engine/context';
import { forgetPrefetches, hydrateWithPage, listQuery, prefetchForPage, useResourceList } from '../../src/engine/queries';
import { ToastContext } from '../../src/toasts/context';
import { createToastStore } from '../../src/toasts/store';

/**
 * Issue 17: the list call starts at navigation (`prefetchPanelList`), and the
 * page mounting over its answer takes it rather than asking again.
 */
describe('a list the navigation prefetched', () => {
  function mountList(getList: ReturnType<typeof vi.fn>, queryClient: QueryClient) {
    const backend = { dataProvider: { getList } } as unknown as Backend;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <BackendContext.Provider value={backend}>
          <ToastContext.Provider value={createToastStore()}>{children}</ToastContext.Provider>
        </BackendContext.Provider>
      </QueryClientProvider>
    );
    return renderHook(() => useResourceList(keypair), { wrapper });
  }

  it('is asked once when the page mounts after the prefetched answer arrived, and again on a later mount once that answer is older than the prefetch window', async () => {
    const getList = vi.fn(async () => ({ data: [{ id: 'k1', name: 'k1' }], total: 1 }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const query = listQuery({ getList } as never, keypair);
    await prefetchForPage(queryClient, query);

    const first = mountList(getList, queryClient);
    await waitFor(() => expect(first.result.current.data).toHaveLength(1));
    expect(getList).toHaveBeenCalledTimes(1);
    first.unmount();

    // An answer older than the window: the next mount refreshes it as any page would.
    const cached = queryClient.getQueryCache().find({ queryKey: query.queryKey, exact: true })!;
    cached.setState({ dataUpdatedAt: Date.now() - 60_000 });
    const second = mountList(getList, queryClient);
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
    second.unmount();
  });

  it('drawn by the server, is not asked for when the browser\'s page mounts over it, and a refresh (a poll) asks the server', async () => {
    // The server's render: its prefetched list, dehydrated into the page (an hour-old clock there changes nothing).
    const server = new QueryClient();
    const query = listQuery({ getList: async () => ({ data: [{ id: 'k1', name: 'drawn' }], total: 1 }) } as never, keypair);
    await server.prefetchQuery(query);
    const dehydrated = dehydrate(server);
    dehydrated.queries[0].state.dataUpdatedAt -= 3_600_000;

    const getList = vi.fn(async () => ({ data: [{ id: 'k1', name: 'polled' }], total: 1 }));
    const browser = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    hydrateWithPage(browser, dehydrated);
    const page = mountList(getList, browser);
    expect(page.result.current.data).toEqual([{ id: 'k1', name: 'drawn' }]);
    // A refetch on mount would have started in the mount's effects, which renderHook has run.
    expect(browser.isFetching()).toBe(0);
    expect(getList).not.toHaveBeenCalled();
    await browser.refetchQueries({ queryKey: query.queryKey });
    expect(getList).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(page.result.current.data).toEqual([{ id: 'k1', name: 'polled' }]));
    page.unmount();
  });

  it('is asked again by the next page mounting after a change was asked for, however new the prefetched answer (a launch from its own route)', async () => {
    const getList = vi.fn(async () => ({ data: [{ id: 'k1', name: 'k1' }], total: 1 }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetchForPage(queryClient, listQuery({ getList } as never, keypair));
    forgetPrefetches();
    const page = mountList(getList, queryClient);
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
    page.unmount();
  });

  it("is asked once when the page subscribes as soon as the prefetch's answer lands, before the prefetch itself has resumed", async () => {
    const getList = vi.fn(async () => ({ data: [{ id: 'k1', name: 'k1' }], total: 1 }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const query = listQuery({ getList } as never, keypair);
    const prefetching = prefetchForPage(queryClient, query);
    // Mounts the moment the answer is in the cache, without awaiting the prefetch's promise.
    await waitFor(() => expect(queryClient.getQueryData(query.queryKey)).toBeDefined());
    const page = mountList(getList, queryClient);
    await waitFor(() => expect(page.result.current.data).toHaveLength(1));
    await prefetching;
    expect(getList).toHaveBeenCalledTimes(1);
    page.unmount();
  });

  it('is asked once when the page mounts during the prefetch, leaves at once and mounts again (a gate resolving remounts it)', async () => {
    let answer!: (value: { data: { id: string; name: string }[]; total: number }) => void;
    const getList = vi.fn(() => new Promise<{ data: { id: string; name: string }[]; total: number }>((resolve) => (answer = resolve)));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const query = listQuery({ getList } as never, keypair);
    const prefetching = prefetchForPage(queryClient, query);
    const first = mountList(getList, queryClient);
    first.unmount();
    const second = mountList(getList, queryClient);
    answer({ data: [{ id: 'k1', name: 'k1' }], total: 1 });
    await waitFor(() => expect(second.result.current.data).toHaveLength(1));
    await prefetching;
    expect(getList).toHaveBeenCalledTimes(1);
    second.unmount();
  });
});
