import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeKeypair } from '../support/records';
import { renderApp } from '../support/render-app';

const names = (count: number) => Array.from({ length: count }, (_unused, index) => `key-${String(index + 1).padStart(2, '0')}`);

async function openList(keypairNames: string[]) {
  const view = renderApp({
    backend: signedInBackend({ resources: { keypair: { getList: () => keypairNames.map((name) => makeKeypair({ name })) } } }),
    path: '/project/key_pairs',
  });
  const table = await screen.findByRole('table', { name: 'Key Pairs' });
  if (keypairNames.length) await within(table).findByRole('link', { name: [...keypairNames].sort()[0] });
  return { ...view, table, bodyRows: () => within(table).getAllByRole('row').slice(1) };
}

afterEach(() => {
  document.cookie = 'API_RESULT_PAGE_SIZE=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('data table (spec 1 §4.1, §8, §9)', () => {
  it("shows 'No items to display.' for an empty list", async () => {
    await openList([]);
    expect(await screen.findByText('No items to display.')).toBeTruthy();
  });

  it('pages 20 rows by default', async () => {
    const { bodyRows } = await openList(names(25));
    expect(bodyRows()).toHaveLength(20);
    expect(screen.getByText('1–20 of 25')).toBeTruthy();
  });

  it('takes the page size from the API_RESULT_PAGE_SIZE cookie', async () => {
    document.cookie = 'API_RESULT_PAGE_SIZE=2';
    const { bodyRows, user } = await openList(names(3));
    expect(bodyRows()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(bodyRows().map((row) => within(row).getByRole('link').textContent)).toEqual(['key-03']);
  });

  it("'Select all' checks every row on the page and unchecks them again", async () => {
    const { user } = await openList(['a', 'b']);
    const all = screen.getByRole('checkbox', { name: 'Select all' });
    await user.click(all);
    expect((screen.getByRole('checkbox', { name: 'Select a' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Select b' }) as HTMLInputElement).checked).toBe(true);
    await user.click(all);
    expect((screen.getByRole('checkbox', { name: 'Select a' }) as HTMLInputElement).checked).toBe(false);
  });

  it('sorts by name first, and a header click reverses the order', async () => {
    const { bodyRows, user, table } = await openList(['b', 'c', 'a']);
    const order = () => bodyRows().map((row) => within(row).getByRole('link').textContent);
    expect(order()).toEqual(['a', 'b', 'c']);
    expect(within(table).getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(table).getByRole('button', { name: 'Name' }));
    expect(order()).toEqual(['c', 'b', 'a']);
  });

  it('renders a name containing <img src=x onerror=alert(1)> as text', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const { table } = await openList([hostile]);
    expect(within(table).getByRole('link', { name: hostile }).textContent).toBe(hostile);
    expect(within(table).getByRole('checkbox', { name: `Select ${hostile}` })).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });

  it("keeps the visually hidden 'Actions' header label one pixel wide, so it cannot stretch the page", async () => {
    const { table } = await openList(['a']);
    const label = within(table).getByText('Actions');
    const style = getComputedStyle(label);
    expect([style.position, style.width, style.height]).toEqual(['absolute', '1px', '1px']);
  });
});
