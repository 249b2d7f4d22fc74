import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import keypair from '../../resources/keypair';
import serverGroup from '../../resources/server-group';
import type { AnyResourceDescriptor } from '../../src/descriptor';
import { signedInBackend } from '../support/fake-backend';
import { makeKeypair, makeServerGroup } from '../support/records';
import { renderApp } from '../support/render-app';

/**
 * The engine's details tab that lists another resource narrowed to the record
 * (DetailTab.resource), and the details title template (DetailDescriptor.title):
 * key pairs whose details list server groups by a made-up `owner` filter.
 */
const owner: AnyResourceDescriptor = {
  ...keypair,
  detail: { title: 'Key pair {name} and its groups', tabs: [{ id: 'groups', label: 'Groups', fields: ['name'], resource: { name: 'server-group', filter: { owner: '{name}' } } }] },
};

describe('a details tab listing another resource', { timeout: 30_000 }, () => {
  it("lists the child's records narrowed by the record's values, under an h2 with the child's columns", async () => {
    const groups = vi.fn(() => [makeServerGroup({ id: 'sg1', name: 'near' })]);
    renderApp({
      backend: signedInBackend({ resources: { keypair: { getOne: () => makeKeypair({ name: 'k1' }) }, 'server-group': { getList: groups } } }),
      descriptors: [owner, serverGroup],
      path: '/ngdetails/OS::Nova::Keypair/k1',
    });
    expect(await screen.findByRole('heading', { name: 'Key pair k1 and its groups', level: 1 }, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Server Groups', level: 2 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Server Groups' });
    await within(table).findByRole('link', { name: 'near' });
    expect(groups).toHaveBeenCalledWith(expect.objectContaining({ filter: { owner: 'k1' } }));
  });
});
