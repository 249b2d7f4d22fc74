import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeServerGroup } from '../support/records';
import { renderApp } from '../support/render-app';

describe('server group list (spec 2 §2.3, §3)', () => {
  it('lists server groups with Name, ID and Policy, sorted by name, the policy by its label', async () => {
    const getList = () => [makeServerGroup({ name: 'web', policies: ['soft-anti-affinity'] }), makeServerGroup({ name: 'db', policies: ['affinity'] })];
    renderApp({ backend: signedInBackend({ resources: { 'server-group': { getList } } }), path: '/project/server_groups' });
    expect(await screen.findByRole('heading', { name: 'Server Groups', level: 1 }, { timeout: 5000 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Server Groups' });
    await within(table).findByRole('link', { name: 'db' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Name', 'ID', 'Policy', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['db', 'web']);
    expect(within(rows[0]).getByText('Affinity')).toBeTruthy();
    expect(within(rows[1]).getByText('Soft Anti Affinity')).toBeTruthy();
    expect(within(rows[1]).getByText('sg-web')).toBeTruthy();
  });

  it('shows a name with HTML as text, never as markup', async () => {
    const getList = () => [makeServerGroup({ id: 'sg-html', name: '<b>grp</b>' })];
    const { container } = renderApp({ backend: signedInBackend({ resources: { 'server-group': { getList } } }), path: '/project/server_groups' });
    expect(await screen.findByRole('link', { name: '<b>grp</b>' }, { timeout: 5000 })).toBeTruthy();
    expect(container.querySelector('table b')).toBeNull();
  });

  it("deletes with 'Confirm Delete Server Group' and toasts 'Deleted Server Group: <name>.'", async () => {
    let current = [makeServerGroup({ name: 'g1' }), makeServerGroup({ name: 'g2' })];
    const remove = vi.fn(async ({ id }: { id: string }) => {
      current = current.filter((group) => group.id !== id);
    });
    const { user } = renderApp({ backend: signedInBackend({ resources: { 'server-group': { getList: () => current, delete: remove } } }), path: '/project/server_groups' });
    await screen.findByRole('link', { name: 'g1' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Actions for g1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Server Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Server Group' });
    expect(within(dialog).getByText('You have selected "g1". Deleted Server Group is not recoverable.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Server Group' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Deleted Server Group: g1.');
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ id: 'sg-g1' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'g1' })).toBeNull());
  });

  it("says 'Unable to delete Server Group: <name>.' when the delete fails", async () => {
    const remove = vi.fn(() => Promise.reject(new Error('boom')));
    const { user } = renderApp({ backend: signedInBackend({ resources: { 'server-group': { getList: () => [makeServerGroup({ name: 'g1' })], delete: remove } } }), path: '/project/server_groups' });
    await screen.findByRole('link', { name: 'g1' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Actions for g1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Server Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Server Group' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Server Group' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes('Unable to delete Server Group: g1.'))).toBe(true));
  });
});

describe('server group overview (spec 2 §2.3)', () => {
  it('shows the overview and the members table with Instance Name and Instance ID', async () => {
    const group = makeServerGroup({ id: 'sg1', name: 'web', policies: ['anti-affinity'], members: ['srv-1', 'srv-2'], project_id: 'p-demo', user_id: 'u-demo' });
    renderApp({ backend: signedInBackend({ resources: { 'server-group': { getOne: () => group } } }), path: '/ngdetails/OS::Nova::ServerGroup/sg1' });
    expect(await screen.findByRole('heading', { name: 'web', level: 1 }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('term').map((term) => term.textContent)).toEqual(['Name', 'ID', 'Policy', 'Project ID', 'User ID']);
    expect(within(panel).getByText('Anti Affinity')).toBeTruthy();
    const members = within(panel).getByRole('table', { name: 'Members' });
    expect(within(members).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Instance Name', 'Instance ID']);
    const rows = within(members).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['-', 'srv-1'],
      ['-', 'srv-2'],
    ]);
  });

  it("says 'No items to display.' for a group without members", async () => {
    const group = makeServerGroup({ id: 'sg2', name: 'empty' });
    renderApp({ backend: signedInBackend({ resources: { 'server-group': { getOne: () => group } } }), path: '/ngdetails/OS::Nova::ServerGroup/sg2' });
    const members = await screen.findByRole('table', { name: 'Members' }, { timeout: 5000 });
    expect(within(members).getByText('No items to display.')).toBeTruthy();
  });

  it('redirects /project/server_groups/<id> to the details route', async () => {
    const group = makeServerGroup({ id: 'sg3', name: 'g3' });
    renderApp({ backend: signedInBackend({ resources: { 'server-group': { getOne: () => group } } }), path: '/project/server_groups/sg3' });
    expect(await screen.findByRole('heading', { name: 'g3', level: 1 }, { timeout: 5000 })).toBeTruthy();
  });
});
