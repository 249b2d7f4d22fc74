import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import keypair from '../../resources/keypair';
import type { AnyResourceDescriptor } from '../../src/descriptor';
import { signedInBackend, type FakeBackendOptions } from '../support/fake-backend';
import { makeCatalog, makeKeypair } from '../support/records';
import { renderApp } from '../support/render-app';
// Loaded up front: the route imports it lazily, which can outlast findBy's first wait on a busy machine.
import '../../src/engine/ResourceListPage';

const initialWidth = window.innerWidth;
afterEach(() => resizeTo(initialWidth));

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

async function openList(descriptor: AnyResourceDescriptor, options: FakeBackendOptions & { catalog?: ReturnType<typeof makeCatalog> } = {}) {
  const view = renderApp({
    backend: signedInBackend({ ...options, resources: { keypair: { getList: () => [makeKeypair({ name: 'a' })] } } }),
    path: '/project/key_pairs',
    descriptors: [descriptor],
  });
  const table = await screen.findByRole('table', { name: 'Key Pairs' });
  await within(table).findByRole('link', { name: 'a' });
  const headers = () => within(table).getAllByRole('columnheader').map((cell) => cell.textContent).filter((text) => text && text !== 'Actions');
  return { ...view, table, headers };
}

describe('column priority (spec 1 §8, §9)', () => {
  const prioritised: AnyResourceDescriptor = {
    ...keypair,
    columns: [
      { field: 'name', link: 'detail' },
      { field: 'type', priority: 2 },
      { field: 'fingerprint', priority: 3 },
      { field: 'user_id', priority: 4, label: 'User' },
    ],
  };

  it('always shows priority 1 and hides higher numbers first as the window narrows', async () => {
    resizeTo(1300);
    const { headers } = await openList(prioritised);
    expect(headers()).toEqual(['Name', 'Type', 'Fingerprint', 'User']);
    resizeTo(1000);
    expect(headers()).toEqual(['Name', 'Type', 'Fingerprint']);
    resizeTo(700);
    expect(headers()).toEqual(['Name', 'Type']);
    resizeTo(400);
    expect(headers()).toEqual(['Name']);
    resizeTo(1300);
    expect(headers()).toEqual(['Name', 'Type', 'Fingerprint', 'User']);
  });

  it('logs a warning for an invalid priority and shows the column as priority 1', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    resizeTo(400);
    const { headers } = await openList({ ...keypair, columns: [{ field: 'name', link: 'detail' }, { field: 'type', priority: 0 }] });
    expect(headers()).toEqual(['Name', 'Type']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("'type'"));
  });
});

describe('permission conditions (spec 1 §6)', () => {
  it('hides a column whose policy, service or setting condition fails, and shows the ones that pass', async () => {
    const guarded: AnyResourceDescriptor = {
      ...keypair,
      columns: [
        { field: 'name', link: 'detail' },
        { field: 'type', requires: { policy: [['identity', 'get_project']] } },
        { field: 'fingerprint', requires: { services: ['volume'] } },
        { field: 'user_id', label: 'User', requires: { settings: ['SHOW_USER'] } },
        { field: 'created_at', label: 'Created', requires: { services: ['compute'], settings: ['SHOW_CREATED'] } },
      ],
    };
    const { headers } = await openList(guarded, {
      policy: (rules) => !rules.some(([, action]) => action === 'get_project'),
      settings: { SHOW_USER: false, SHOW_CREATED: true },
    });
    await vi.waitFor(() => expect(headers()).toEqual(['Name', 'Created']));
  });

  it('hides a column whose Cinder or Neutron extension is not enabled', async () => {
    const guarded: AnyResourceDescriptor = {
      ...keypair,
      columns: [
        { field: 'name', link: 'detail' },
        { field: 'type', requires: { extensions: [{ service: 'neutron', alias: 'trunk' }] } },
        { field: 'fingerprint', requires: { extensions: [{ service: 'cinder', alias: 'Backups' }] } },
      ],
    };
    const { headers } = await openList(guarded, { extensions: { neutron: ['trunk', 'qos'], cinder: [] } });
    await vi.waitFor(() => expect(headers()).toEqual(['Name', 'Type']));
  });

  it('hides an action whose service is missing from the catalog or whose setting is off', async () => {
    const guarded: AnyResourceDescriptor = {
      ...keypair,
      actions: (keypair.actions ?? []).map((action) =>
        action.id === 'create' ? { ...action, requires: { services: ['volume'] } } : action.id === 'import' ? { ...action, requires: { settings: ['ALLOW_IMPORT'] } } : action,
      ),
    };
    await openList(guarded, { settings: { ALLOW_IMPORT: true } });
    await screen.findByRole('button', { name: 'Import Public Key' });
    expect(screen.queryByRole('button', { name: 'Create Key Pair' })).toBeNull();
  });
});
