import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeFlavor } from '../support/records';
import { renderApp } from '../support/render-app';

function flavors() {
  return [
    makeFlavor({ id: 'f-big', name: 'm1.big', vcpus: 4, ram: 8192, disk: 80 }),
    makeFlavor({ id: 'f-tiny', name: 'm1.tiny', vcpus: 1, ram: 512, disk: 1, 'os-flavor-access:is_public': false }),
    makeFlavor({ id: 'f-mid', name: 'm1.mid', vcpus: 2, ram: 2048, disk: 20 }),
  ];
}

describe('flavor list (spec 2 §2.3, §3)', () => {
  it('lists flavors with Name, VCPUs, RAM, Root Disk, ID and Public, sorted by RAM, RAM in MB', async () => {
    renderApp({ backend: signedInBackend({ admin: true, resources: { flavor: { getList: flavors } } }), path: '/admin/flavors' });
    expect(await screen.findByRole('heading', { name: 'Flavors', level: 1 }, { timeout: 5000 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Flavors' });
    await within(table).findByRole('link', { name: 'm1.tiny' });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['', 'Name', 'VCPUs', 'RAM', 'Root Disk', 'ID', 'Public', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['m1.tiny', 'm1.mid', 'm1.big']);
    const cells = within(rows[0]).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(1, 7)).toEqual(['m1.tiny', '1', '512 MB', '1 GB', 'f-tiny', 'No']);
    expect(within(rows[1]).getByText('Yes')).toBeTruthy();
  });

  it('is an admin panel: a member does not get it in the menu and is turned away from /admin/flavors', async () => {
    const getList = vi.fn(flavors);
    renderApp({ backend: signedInBackend({ admin: false, resources: { flavor: { getList } } }), path: '/admin/flavors' });
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Flavors' })).toBeNull());
    expect(screen.queryByRole('link', { name: 'Flavors' })).toBeNull();
    expect(getList).not.toHaveBeenCalled();
  });

  it('sorts by name when its header is clicked', async () => {
    const { user } = renderApp({ backend: signedInBackend({ admin: true, resources: { flavor: { getList: flavors } } }), path: '/admin/flavors' });
    const table = await screen.findByRole('table', { name: 'Flavors' });
    await within(table).findByRole('link', { name: 'm1.tiny' });
    await user.click(within(table).getByRole('button', { name: 'Name' }));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['m1.big', 'm1.mid', 'm1.tiny']);
  });
});

describe('flavor search facets (spec 1 §4.6)', () => {
  it('sends the Public facet to the server as is_public=true, and filters names on the client', async () => {
    const getList = vi.fn(({ filter }: { filter?: Record<string, string> }) => (filter?.is_public === 'true' ? flavors().filter((flavor) => flavor['os-flavor-access:is_public']) : flavors()));
    const { user } = renderApp({ backend: signedInBackend({ admin: true, resources: { flavor: { getList } } }), path: '/admin/flavors' });
    const table = await screen.findByRole('table', { name: 'Flavors' }, { timeout: 5000 });
    await within(table).findByRole('link', { name: 'm1.tiny' });
    const names = () => within(table).queryAllByRole('link').map((link) => link.textContent);
    const search = screen.getByRole('textbox', { name: 'Search' });
    await user.type(search, ' ');
    const menu = await screen.findByRole('menu', { name: 'Facets' }, { timeout: 3000 });
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Name', 'Public']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Public' }));
    await user.click(within(await screen.findByRole('menu', { name: 'Public options' })).getByRole('menuitem', { name: 'Yes' }));
    await waitFor(() => expect(names()).toEqual(['m1.mid', 'm1.big']));
    expect(getList).toHaveBeenLastCalledWith(expect.objectContaining({ filter: { is_public: 'true' } }));
    const calls = getList.mock.calls.length;
    await user.type(search, 'big{Enter}');
    await waitFor(() => expect(names()).toEqual(['m1.big']));
    expect(getList.mock.calls.length).toBe(calls); // the free text filters on the client
  });
});

describe('delete flavors (spec 2 §8)', () => {
  it("confirms with 'Confirm Delete Flavor' and toasts 'Deleted Flavor: <name>.'", async () => {
    let current = flavors();
    const remove = vi.fn(async ({ id }: { id: string }) => {
      current = current.filter((flavor) => flavor.id !== id);
    });
    const { user } = renderApp({ backend: signedInBackend({ admin: true, resources: { flavor: { getList: () => current, delete: remove } } }), path: '/admin/flavors' });
    await screen.findByRole('link', { name: 'm1.mid' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Actions for m1.mid' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Flavor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Flavor' });
    expect(within(dialog).getByText('You have selected "m1.mid". Deleted Flavor is not recoverable.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Flavor' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Deleted Flavor: m1.mid.');
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ id: 'f-mid' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'm1.mid' })).toBeNull());
  });

  it("deletes several with 'Confirm Delete Flavors' and lists them in the result", async () => {
    let current = flavors();
    const remove = vi.fn(async ({ id }: { id: string }) => {
      current = current.filter((flavor) => flavor.id !== id);
    });
    const { user } = renderApp({ backend: signedInBackend({ admin: true, resources: { flavor: { getList: () => current, delete: remove } } }), path: '/admin/flavors' });
    await screen.findByRole('link', { name: 'm1.mid' }, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select m1.tiny' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select m1.big' }));
    await user.click(screen.getByRole('button', { name: 'Delete Flavors' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Flavors' });
    expect(within(dialog).getByText('You have selected "m1.big", "m1.tiny". Deleted Flavors are not recoverable.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Flavors' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Deleted Flavors: m1.big, m1.tiny.');
  });
});
