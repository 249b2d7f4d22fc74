import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import keypair from '../../resources/keypair';
import type { AnyResourceDescriptor } from '../../src/descriptor';
import { signedInBackend } from '../support/fake-backend';
import { makeKeypair } from '../support/records';
import { renderApp } from '../support/render-app';
// Loaded up front: the route imports it lazily, which can outlast findBy's first wait on a busy machine.
import '../../src/engine/ResourceListPage';

const KEYS = [makeKeypair({ name: 'web-ssh', type: 'ssh' }), makeKeypair({ name: 'db-cert', type: 'x509' }), makeKeypair({ name: 'web-cert', type: 'x509' })];

async function openList(descriptor: AnyResourceDescriptor = keypair, getList: (params: any) => unknown = () => KEYS, shownRow = 'db-cert') {
  const view = renderApp({
    backend: signedInBackend({ resources: { keypair: { getList } } }),
    path: '/project/key_pairs',
    descriptors: [descriptor],
  });
  const table = await screen.findByRole('table', { name: 'Key Pairs' });
  await within(table).findByRole('link', { name: shownRow });
  const names = () => within(table).queryAllByRole('link').map((link) => link.textContent);
  return { ...view, table, names, search: screen.getByRole('textbox', { name: 'Search' }) };
}

describe('search bar with facets (spec 1 §4.6)', () => {
  it('filters on the client by free text typed, after the 300 ms quick-search delay', async () => {
    const { user, search, names } = await openList();
    await user.type(search, 'cert');
    expect(names()).toEqual(['db-cert', 'web-cert', 'web-ssh']); // not yet: the delay has not passed
    await vi.waitFor(() => expect(names()).toEqual(['db-cert', 'web-cert']), { timeout: 1000 });
  });

  it('turns Enter on text matching no facet into a free-text term; empty input is ignored', async () => {
    const { user, search, names } = await openList();
    await user.type(search, '{Enter}');
    expect(screen.queryByLabelText(/^Remove /)).toBeNull();
    await user.type(search, 'web{Enter}');
    expect(screen.getByLabelText('Remove web')).toBeTruthy();
    expect(names()).toEqual(['web-cert', 'web-ssh']);
  });

  it('opens the facet menu on a single space; a facet with options opens its options, and the choice filters', async () => {
    const { user, search, names } = await openList();
    await user.type(search, ' ');
    const menu = await screen.findByRole('menu', { name: 'Facets' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Name', 'Type']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Type' }));
    const options = await screen.findByRole('menu', { name: 'Type options' });
    await user.click(within(options).getByRole('menuitem', { name: 'X509 Certificate' }));
    expect(screen.getByLabelText('Remove Type: X509 Certificate')).toBeTruthy();
    expect(names()).toEqual(['db-cert', 'web-cert']);
  });

  it("opens the facet menu on a click in the field ('Click here for filters …'); after choosing Name the typed text goes to the field and Enter applies it", async () => {
    const { user, search, names } = await openList();
    await user.click(search);
    const menu = await screen.findByRole('menu', { name: 'Facets' });
    expect(document.activeElement).toBe(search);
    await user.click(within(menu).getByRole('menuitem', { name: 'Name' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(search));
    await user.keyboard('db{Enter}');
    expect(screen.getByLabelText('Remove Name: db')).toBeTruthy();
    expect(names()).toEqual(['db-cert']);
  });

  it('lets free text be typed after a click opened the facet menu, and closes the menu', async () => {
    const { user, search } = await openList();
    await user.click(search);
    await screen.findByRole('menu', { name: 'Facets' });
    await user.keyboard('web');
    expect((search as HTMLInputElement).value).toBe('web');
    expect(screen.queryByRole('menu', { name: 'Facets' })).toBeNull();
  });

  it('returns the focus to the field after a facet is chosen from the search button', async () => {
    const { user, search } = await openList();
    await user.click(screen.getByRole('button', { name: 'Search options' }));
    await user.click(within(await screen.findByRole('menu', { name: 'Facets' })).getByRole('menuitem', { name: 'Name' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(search));
  });

  it('drops a singleton facet from the menu once used', async () => {
    const { user, search } = await openList();
    await user.click(screen.getByRole('button', { name: 'Search options' }));
    await user.click(within(await screen.findByRole('menu', { name: 'Facets' })).getByRole('menuitem', { name: 'Name' }));
    expect((search as HTMLInputElement).value).toBe('Name: ');
    await user.type(search, 'web{Enter}');
    expect(screen.getByLabelText('Remove Name: web')).toBeTruthy();
    await user.type(search, ' ');
    const menu = await screen.findByRole('menu', { name: 'Facets' });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Type']);
  });

  it('re-emits the search when a facet is removed, and clearing resets all facets', async () => {
    const { user, search, names } = await openList();
    await user.type(search, 'Type: SSH Key{Enter}');
    expect(names()).toEqual(['web-ssh']);
    await user.type(search, 'db{Enter}');
    expect(names()).toEqual([]);
    expect(screen.getByText('No items to display.')).toBeTruthy();
    await user.click(screen.getByLabelText('Remove Type: SSH Key'));
    expect(names()).toEqual(['db-cert']);
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.queryByLabelText(/^Remove /)).toBeNull();
    expect(names()).toEqual(['db-cert', 'web-cert', 'web-ssh']);
  });

  it("remembers a persistent facet's term when the panel is left and opened again; other terms start empty", async () => {
    const withPersistentName: AnyResourceDescriptor = { ...keypair, facets: keypair.facets!.map((facet) => (facet.name === 'name' ? { ...facet, persistent: true } : facet)) };
    const first = await openList(withPersistentName);
    await first.user.type(first.search, 'Name: web{Enter}');
    await first.user.type(first.search, 'Type: X509 Certificate{Enter}');
    expect(first.names()).toEqual(['web-cert']);
    first.unmount();

    const again = await openList(withPersistentName, undefined, 'web-cert');
    expect(screen.getByLabelText('Remove Name: web')).toBeTruthy();
    expect(screen.queryByLabelText('Remove Type: X509 Certificate')).toBeNull();
    expect(again.names()).toEqual(['web-cert', 'web-ssh']);
    await again.user.click(screen.getByRole('button', { name: 'Clear search' }));
    again.unmount();

    await openList(withPersistentName);
    expect(screen.queryByLabelText(/^Remove /)).toBeNull();
  });

  it('does not remember terms of facets that are not persistent', async () => {
    const first = await openList();
    await first.user.type(first.search, 'Name: web{Enter}');
    first.unmount();
    await openList();
    expect(screen.queryByLabelText(/^Remove /)).toBeNull();
  });

  it('sends isServer facets to the server as request params', async () => {
    const calls: unknown[] = [];
    const descriptor: AnyResourceDescriptor = { ...keypair, facets: [{ name: 'user_id', label: 'User', isServer: true }] };
    const { user, search, names } = await openList(descriptor, (params) => {
      calls.push(params.filter);
      return params.filter?.user_id ? [KEYS[1]] : KEYS;
    });
    expect(calls).toEqual([undefined]);
    await user.type(search, 'User: u-2{Enter}');
    await vi.waitFor(() => expect(names()).toEqual(['db-cert']));
    expect(calls).toEqual([undefined, { user_id: 'u-2' }]);
  });

  it('keeps the rows shown while a new search is fetched, until the new rows arrive', async () => {
    let answer: (rows: unknown[]) => void = () => {};
    const descriptor: AnyResourceDescriptor = { ...keypair, facets: [{ name: 'user_id', label: 'User', isServer: true }] };
    const { user, search, names } = await openList(descriptor, (params) =>
      params.filter?.user_id ? new Promise((resolve) => (answer = resolve)) : KEYS,
    );
    await user.type(search, 'User: u-2{Enter}');
    await vi.waitFor(() => expect(screen.getByLabelText('Remove User: u-2')).toBeTruthy());
    expect(names()).toEqual(['db-cert', 'web-cert', 'web-ssh']);
    expect(screen.queryByText('Loading…')).toBeNull();
    answer([KEYS[1]]);
    await vi.waitFor(() => expect(names()).toEqual(['db-cert']));
  });
});
