import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import keypair from '../../resources/keypair';
import type { AnyResourceDescriptor } from '../../src/descriptor';
import { signedInBackend } from '../support/fake-backend';
import { makeKeypair } from '../support/records';
import { renderApp } from '../support/render-app';
// Loaded up front: the route imports it lazily, which can outlast findBy's first wait on a busy machine.
import '../../src/engine/ResourceListPage';

function listOf(names: string[], extra: (name: string) => Record<string, unknown> = () => ({})) {
  let current = names.map((name) => makeKeypair({ name, ...extra(name) }));
  const remove = vi.fn(async ({ id }: { id: string }) => {
    current = current.filter((record) => record.name !== id);
  });
  return { getList: () => current, delete: remove };
}

async function openList(descriptor: AnyResourceDescriptor, resource: ReturnType<typeof listOf>) {
  const view = renderApp({ backend: signedInBackend({ resources: { keypair: resource } }), path: '/project/key_pairs', descriptors: [descriptor] });
  const table = await screen.findByRole('table', { name: 'Key Pairs' });
  await within(table).findAllByRole('link');
  return { ...view, table };
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` }) as HTMLInputElement;

describe('expandable detail rows (spec 1 §2.2)', () => {
  it("shows the descriptor's expand fields under the row when it is expanded, and hides them again", async () => {
    const expandable: AnyResourceDescriptor = { ...keypair, expand: ['public_key', 'user_id'] };
    const { user, table } = await openList(expandable, listOf(['a', 'b'], (name) => ({ public_key: `ssh-rsa KEY-${name}`, user_id: `user-${name}` })));
    expect(within(table).queryByText('ssh-rsa KEY-a')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Expand a' }));
    const details = screen.getByRole('cell', { name: 'Details of a' });
    expect(within(details).getByText('ssh-rsa KEY-a')).toBeTruthy();
    expect(within(details).getByText('user-a')).toBeTruthy();
    expect(within(table).queryByText('ssh-rsa KEY-b')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Collapse a' }));
    expect(within(table).queryByText('ssh-rsa KEY-a')).toBeNull();
  });

  it('has no expand buttons when the descriptor lists no expand fields', async () => {
    await openList(keypair, listOf(['a']));
    expect(screen.queryByRole('button', { name: 'Expand a' })).toBeNull();
  });
});

describe('selection (spec 1 §3, §4.1)', () => {
  it('selects rows by the trackId (idField), so rows sharing an id stay apart', async () => {
    const tracked: AnyResourceDescriptor = { ...keypair, idField: 'name' };
    const { user } = await openList(tracked, listOf(['a', 'b'], () => ({ id: 'same' })));
    await user.click(checkbox('a'));
    expect(checkbox('a').checked).toBe(true);
    expect(checkbox('b').checked).toBe(false);
  });

  it('clears the selection after a row is deleted', async () => {
    const { user } = await openList(keypair, listOf(['a', 'b', 'c']));
    await user.click(checkbox('a'));
    await user.click(screen.getByRole('button', { name: 'Actions for b' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Key Pair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Key Pair' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Key Pair' }));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Select b' })).toBeNull());
    expect(checkbox('a').checked).toBe(false);
    expect((screen.getByRole('button', { name: 'Delete Key Pairs' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('disabled row action (spec 1 §8)', () => {
  const guarded: AnyResourceDescriptor = {
    ...keypair,
    expand: ['user_id'],
    actions: [{ id: 'delete', kind: 'delete', allowed: (record) => record.name !== 'locked' }],
  };

  it('shows the default tooltip on an action the row does not allow, and a click expands the row to show why', async () => {
    const { user } = await openList(guarded, listOf(['locked', 'free'], (name) => ({ user_id: `owner-${name}` })));
    await user.click(screen.getByRole('button', { name: 'Actions for locked' }));
    const item = await screen.findByRole('menuitem', { name: 'Delete Key Pair' });
    expect(item.getAttribute('aria-disabled')).toBe('true');
    await user.hover(item);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe(
      'The action cannot be performed. The contents of this row have errors or are missing information. Click here to expand the row and view the errors.',
    );
    await user.click(item);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(screen.getByRole('cell', { name: 'Details of locked' })).getByText('owner-locked')).toBeTruthy();
  });

  it('keeps the action usable on rows that allow it', async () => {
    const { user } = await openList(guarded, listOf(['locked', 'free']));
    await user.click(screen.getByRole('button', { name: 'Actions for free' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Key Pair' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm Delete Key Pair' })).toBeTruthy();
  });
});
