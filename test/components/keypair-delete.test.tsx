import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeKeypair } from '../support/records';
import { renderApp } from '../support/render-app';

function listOf(names: string[]) {
  let current = names.map((name) => makeKeypair({ name }));
  const remove = vi.fn(async ({ id }: { id: string }) => {
    current = current.filter((keypair) => keypair.id !== id);
  });
  return { getList: () => current, delete: remove, remove };
}

async function openList(keypair: ReturnType<typeof listOf>) {
  const view = renderApp({ backend: signedInBackend({ resources: { keypair } }), path: '/project/key_pairs' });
  // The first lazy page load takes a while on a loaded two-core machine.
  await screen.findByRole('table', { name: 'Key Pairs' }, { timeout: 5000 });
  await screen.findAllByRole('link', { name: /./ }, { timeout: 5000 });
  return view;
}

describe('delete key pairs (spec 2 §8, spec 1 §4.1)', () => {
  it("keeps 'Delete Key Pairs' disabled while no row is checked", async () => {
    const { user } = await openList(listOf(['a', 'b']));
    const batch = screen.getByRole('button', { name: 'Delete Key Pairs' }) as HTMLButtonElement;
    expect(batch.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select a' }));
    expect(batch.disabled).toBe(false);
  });

  it('asks to confirm one key pair with the singular title and button, then deletes it', async () => {
    const keypair = listOf(['k1', 'k2']);
    const { user } = await openList(keypair);
    await user.click(screen.getByRole('button', { name: 'Actions for k1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Key Pair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Key Pair' });
    expect(within(dialog).getByText('You have selected "k1". Deleted Key Pair is not recoverable.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Key Pair' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Deleted Key Pair: k1.');
    expect(keypair.remove).toHaveBeenCalledWith(expect.objectContaining({ id: 'k1' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'k1' })).toBeNull());
    expect(screen.getByRole('link', { name: 'k2' })).toBeTruthy();
  });

  it('asks to confirm two key pairs with the plural title and button, and clears the selection', async () => {
    const keypair = listOf(['k1', 'k2', 'k3']);
    const { user } = await openList(keypair);
    await user.click(screen.getByRole('checkbox', { name: 'Select k1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select k2' }));
    await user.click(screen.getByRole('button', { name: 'Delete Key Pairs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Key Pairs' });
    expect(within(dialog).getByText('You have selected "k1", "k2". Deleted Key Pairs are not recoverable.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Key Pairs' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Deleted Key Pairs: k1, k2.');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'k1' })).toBeNull());
    expect((screen.getByRole('checkbox', { name: 'Select k3' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('button', { name: 'Delete Key Pairs' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("reports what could not be deleted: 'Unable to delete Key Pair: <names>.'", async () => {
    const keypair = listOf(['ok', 'stuck']);
    keypair.delete = vi.fn(async ({ id }: { id: string }) => {
      if (id === 'stuck') throw new HttpError('Conflict', 409, 'Conflict');
    });
    const { user } = await openList(keypair);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Delete Key Pairs' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Key Pairs' }));
    const texts = async () => (await screen.findAllByRole('alert')).map((alert) => alert.textContent);
    await waitFor(async () => expect(await texts()).toEqual(['Success: Deleted Key Pair: ok.', 'Error: Unable to delete Key Pair: stuck.']));
  });

  it("shows 'No items to display.' once the last key pair is gone", async () => {
    const { user } = await openList(listOf(['only']));
    await user.click(screen.getByRole('button', { name: 'Actions for only' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Key Pair' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Key Pair' }));
    expect(await screen.findByText('No items to display.')).toBeTruthy();
  });
});
