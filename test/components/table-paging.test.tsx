import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import keypair from '../../resources/keypair';
import type { AnyResourceDescriptor } from '../../src/descriptor';
import { signedInBackend } from '../support/fake-backend';
import { makeKeypair } from '../support/records';
import { renderApp } from '../support/render-app';
// Loaded up front: the route imports it lazily, which can outlast findBy's first wait on a busy machine.
import '../../src/engine/ResourceListPage';

afterEach(() => {
  document.cookie = 'API_RESULT_PAGE_SIZE=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

const paged: AnyResourceDescriptor = { ...keypair, paging: 'server' };
const ALL = Array.from({ length: 5 }, (_unused, index) => makeKeypair({ name: `key-${index + 1}` }));

/** A server paging like Glance (api-contract §1.6): `limit` rows after the `marker`. */
function serverPages() {
  const requests: { marker?: string; limit: number }[] = [];
  const getList = (params: any) => {
    const marker: string | undefined = params.meta?.marker;
    const limit: number = params.pagination.perPage;
    requests.push({ marker, limit });
    const start = marker ? ALL.findIndex((record) => record.name === marker) + 1 : 0;
    return { data: ALL.slice(start, start + limit), pageInfo: { hasNextPage: start + limit < ALL.length, hasPreviousPage: Boolean(marker) } };
  };
  return { requests, getList };
}

async function openList(server: ReturnType<typeof serverPages>) {
  const view = renderApp({ backend: signedInBackend({ resources: { keypair: { getList: server.getList } } }), path: '/project/key_pairs', descriptors: [paged] });
  const table = await screen.findByRole('table', { name: 'Key Pairs' });
  await within(table).findByRole('link', { name: 'key-1' });
  const names = () => within(table).getAllByRole('link').map((link) => link.textContent);
  return { ...view, table, names };
}

describe('server-side paging (spec 1 §9, api-contract §1.6)', () => {
  it('asks the server for 20 rows (the default page size) with no marker', async () => {
    const server = serverPages();
    await openList(server);
    expect(server.requests).toEqual([{ marker: undefined, limit: 20 }]);
    expect(screen.queryByRole('button', { name: 'Next »' })).toBeNull();
    expect(screen.queryByRole('button', { name: '« Prev' })).toBeNull();
  });

  it("pages with the API_RESULT_PAGE_SIZE cookie as the limit and the last row as the marker, with 'Next' and 'Prev'", async () => {
    document.cookie = 'API_RESULT_PAGE_SIZE=2';
    const server = serverPages();
    const { user, names } = await openList(server);
    expect(names()).toEqual(['key-1', 'key-2']);
    await user.click(screen.getByRole('button', { name: 'Next »' }));
    await screen.findByRole('link', { name: 'key-3' });
    expect(names()).toEqual(['key-3', 'key-4']);
    await user.click(screen.getByRole('button', { name: 'Next »' }));
    await screen.findByRole('link', { name: 'key-5' });
    expect(screen.queryByRole('button', { name: 'Next »' })).toBeNull();
    expect(server.requests).toEqual([
      { marker: undefined, limit: 2 },
      { marker: 'key-2', limit: 2 },
      { marker: 'key-4', limit: 2 },
    ]);
    await user.click(screen.getByRole('button', { name: '« Prev' }));
    await screen.findByRole('link', { name: 'key-3' });
    expect(names()).toEqual(['key-3', 'key-4']);
  });

  it('offers a page-size choice: the chosen size is asked from the first page and kept in API_RESULT_PAGE_SIZE', async () => {
    const server = serverPages();
    const { user, names } = await openList(server);
    await user.click(screen.getByRole('combobox', { name: 'Items per page' }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await screen.findByRole('link', { name: 'key-5' });
    expect(server.requests.at(-1)).toEqual({ marker: undefined, limit: 50 });
    expect(names()).toEqual(['key-1', 'key-2', 'key-3', 'key-4', 'key-5']);
    expect(document.cookie).toContain('API_RESULT_PAGE_SIZE=50');
  });
});
