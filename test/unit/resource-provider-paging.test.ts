import { describe, expect, it } from 'vitest';
import { createServiceProvider } from '../../dataProviders/resource-provider';

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
});
