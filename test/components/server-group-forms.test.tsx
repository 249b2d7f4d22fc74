import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeServerGroup } from '../support/records';
import { renderApp } from '../support/render-app';

async function openCreate(resources: Record<string, (params: any) => unknown>) {
  const view = renderApp({
    backend: signedInBackend({ resources: { 'server-group': { getList: () => [makeServerGroup({ name: 'existing' })], ...resources } } }),
    path: '/project/server_groups',
  });
  await screen.findByRole('link', { name: 'existing' }, { timeout: 5000 });
  await view.user.click(screen.getByRole('button', { name: 'Create Server Group' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Server Group' });
  return { ...view, dialog };
}

async function policyChoices(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('combobox', { name: 'Policy' }));
  const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
  return options.filter((text) => text !== '');
}

describe('Create Server Group (spec 2 §5, §8)', () => {
  it('offers Affinity, Anti Affinity and the soft policies where the soft-policies feature is supported', async () => {
    const supports = vi.fn(({ feature }: { feature: string }) => feature === 'servergroup_soft_policies');
    const { user, dialog } = await openCreate({ supports });
    expect(await policyChoices(user, dialog)).toEqual(['Affinity', 'Anti Affinity', 'Soft Anti Affinity', 'Soft Affinity']);
    expect(supports).toHaveBeenCalledWith({ feature: 'servergroup_soft_policies' });
  });

  it('offers only Affinity and Anti Affinity where the microversion lacks the soft policies', async () => {
    const { user, dialog } = await openCreate({ supports: () => false });
    expect(await policyChoices(user, dialog)).toEqual(['Affinity', 'Anti Affinity']);
  });

  it("creates the group with the chosen policy and toasts 'Server Group <name> was successfully created.'", async () => {
    const create = vi.fn(({ data }) => makeServerGroup({ id: 'sg-new', name: data.name, policies: [data.policy] }));
    const { user, dialog } = await openCreate({ create, supports: () => true });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'grp');
    await user.click(within(dialog).getByRole('combobox', { name: 'Policy' }));
    await user.click(await screen.findByRole('option', { name: 'Soft Affinity' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Server Group' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Server Group grp was successfully created.');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ data: { name: 'grp', policy: 'soft-affinity' } }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps Create Server Group disabled until both the name and the policy are given', async () => {
    const { user, dialog } = await openCreate({ supports: () => false });
    const submit = () => within(dialog).getByRole('button', { name: 'Create Server Group' }) as HTMLButtonElement;
    expect(submit().disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'grp');
    expect(submit().disabled).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: 'Policy' }));
    await user.click(await screen.findByRole('option', { name: 'Anti Affinity' }));
    await waitFor(() => expect(submit().disabled).toBe(false));
  });
});
