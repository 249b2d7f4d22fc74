import { describe, expect, it } from 'vitest';
import { createCinderProvider } from '../../dataProviders/cinder';
import { createGlanceProvider } from '../../dataProviders/glance';
import type { HttpClient } from '../../src/backend/http';
import { createNovaProvider } from '../../dataProviders/nova';
import { createServiceProvider } from '../../dataProviders/resource-provider';

/** An HTTP client whose list routes answer one page with both flags set; every GET's path and query is recorded. */
function pagingHttp() {
  const gets: { path: string; query?: Record<string, unknown> }[] = [];
  const get = async (path: string, options?: { query?: Record<string, unknown> }) => {
    gets.push({ path, query: options?.query });
    if (path === '/api/keystone/user-session/') return { id: 'u1', project_id: 'p1', project_name: 'demo', is_superuser: false };
    if (path === '/api/nova/flavors/' || path === '/api/keystone/projects/') return { items: [] };
    return { items: [{ id: 'r3', name: 'third', volume_id: 'v1', image: '' }], has_more_data: true, has_prev_data: true };
  };
  return { http: { get } as unknown as HttpClient, gets };
}

describe('service provider lists', () => {
  it('passes marker, limit and facet params to a paging handler and reports its next/prev flags', async () => {
    const seen: unknown[] = [];
    const provider = createServiceProvider('glance', {
      image: {
        async list(params) {
          seen.push({ marker: params.meta?.marker, limit: params.pagination?.perPage, filter: params.filter });
          return { items: [{ id: 'i3' }, { id: 'i4' }], hasMore: true, hasPrev: true };
        },
      },
    });
    const result = await provider.getList('image', { pagination: { page: 1, perPage: 2 }, meta: { marker: 'i2' }, filter: { status: 'active' } });
    expect(seen).toEqual([{ marker: 'i2', limit: 2, filter: { status: 'active' } }]);
    expect(result.data.map((record) => record.id)).toEqual(['i3', 'i4']);
    expect(result.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true });
  });

  it('still filters, sorts and slices whole lists in the browser', async () => {
    const provider = createServiceProvider('nova', { thing: { list: async () => [{ id: 'b', kind: 'x' }, { id: 'a', kind: 'x' }, { id: 'c', kind: 'y' }] } });
    const result = await provider.getList('thing', { filter: { kind: 'x' }, sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 1 } });
    expect(result.data.map((record) => record.id)).toEqual(['a']);
    expect(result.total).toBe(2);
  });

  for (const [provider, resource, path] of [
    ['glance', 'image', '/api/glance/images/'],
    ['cinder', 'volume', '/api/cinder/volumes/'],
    ['cinder', 'volume-snapshot', '/api/cinder/volumesnapshots/'],
    ['nova', 'instance', '/api/nova/servers/'],
  ] as const) {
    it(`asks ${path} for one page (paginate, limit, marker) and passes has_more_data and has_prev_data to the table (${resource})`, async () => {
      const { http, gets } = pagingHttp();
      const create = { glance: createGlanceProvider, cinder: createCinderProvider, nova: createNovaProvider }[provider];
      const result = await create(http).getList(resource, { pagination: { page: 1, perPage: 50 }, meta: { marker: 'r2' } });
      expect(gets.find((call) => call.path === path)?.query).toMatchObject({ paginate: 'true', limit: '50', marker: 'r2' });
      expect(result.data.map((record) => record.id)).toEqual(['r3']);
      expect(result.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true });
    });

    it(`asks ${path} for the whole list when no page is asked for (${resource}'s option lists)`, async () => {
      const { http, gets } = pagingHttp();
      const create = { glance: createGlanceProvider, cinder: createCinderProvider, nova: createNovaProvider }[provider];
      await create(http).getList(resource, { pagination: { page: 1, perPage: 1000 } });
      expect(gets.find((call) => call.path === path)?.query ?? {}).not.toHaveProperty('paginate');
    });
  }
});
