import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { renderApp } from '../support/render-app';

const USERS = [
  { id: 'u-alice', name: 'alice', enabled: true, domain_id: 'default' },
  { id: 'u-bob', name: 'bob', enabled: true, domain_id: 'default' },
];
// Keystone's role ids differ per cloud: the default role is found by its name, member.
const ROLES = [
  { id: 'r-admin', name: 'admin' },
  { id: 'r-member', name: 'member' },
  { id: 'r-reader', name: 'reader' },
];
const WEB = { id: 'p-web', name: 'web', description: 'shop', domain_id: 'default', enabled: true };

function openProjects(resources: Record<string, (params: any) => unknown> = {}) {
  const backend = signedInBackend({
    admin: true,
    resources: {
      project: { getList: () => [WEB], ...resources },
      user: { getList: () => USERS },
      role: { getList: () => ROLES },
      domain: { getList: () => [{ id: 'd-lab', name: 'Lab', enabled: true }, { id: 'default', name: 'Default', enabled: true }] },
    },
  });
  return renderApp({ backend, path: '/identity/projects' });
}

describe('Identity › Projects: the Project Members step (spec 1 §4.9; Horizon Create/Edit Project)', { timeout: 60_000 }, () => {
  it('creates a project with the users added on the Project Members step, each with the default role member', async () => {
    const create = vi.fn(({ data }) => ({ id: 'p-new', ...data }));
    const { user } = openProjects({ create });
    await user.click(await screen.findByRole('button', { name: 'Create Project' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Project' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'shop');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Allocate alice' }));
    expect((within(dialog).getByRole('checkbox', { name: 'member role of alice' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'reader role of alice' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Project' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Created new project "shop".');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ data: expect.objectContaining({ name: 'shop', members: { 'u-alice': ['r-member', 'r-reader'] } }) }));
  });

  it("starts Create Project's Domain at the signed-in user's domain and sends it", async () => {
    const create = vi.fn(({ data }) => ({ id: 'p-new', ...data }));
    const { user } = openProjects({ create });
    await user.click(await screen.findByRole('button', { name: 'Create Project' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Project' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Domain/ }).textContent).toBe('Default'));
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'lab-project');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Create Project' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Created new project "lab-project".');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ data: expect.objectContaining({ name: 'lab-project', domain_id: 'default' }) }));
  });

  it("starts Edit Project's members step from the project's current members and saves the changed membership", async () => {
    const getOne = vi.fn(() => ({ ...WEB, members: { 'u-bob': ['r-reader'] } }));
    const update = vi.fn(({ id, data }) => ({ id, ...data }));
    const { user } = openProjects({ getOne, update });
    const row = (await screen.findByText('web', undefined, { timeout: 10_000 })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /actions/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Project' });
    expect(getOne).toHaveBeenCalledWith(expect.objectContaining({ id: 'p-web', meta: { members: true } }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect((await within(dialog).findByRole('checkbox', { name: 'reader role of bob' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Remove bob' }));
    await user.click(within(dialog).getByRole('button', { name: 'Allocate alice' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: 'p-web', data: expect.objectContaining({ name: 'web', members: { 'u-alice': ['r-member'] } }) }));
  });
});
