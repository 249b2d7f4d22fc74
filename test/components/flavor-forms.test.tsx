import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApi } from '../support/fake-api';
import { signedInBackend } from '../support/fake-backend';
import { makeFlavor } from '../support/records';
import { renderApp } from '../support/render-app';

const existing = () => [makeFlavor({ id: 'f-taken', name: 'taken' })];

const PROJECTS = [
  { id: 'p-admin', name: 'admin' },
  { id: 'p-demo', name: 'demo' },
];

async function openCreate(resources: Record<string, (params: any) => unknown> = {}) {
  const view = renderApp({
    backend: signedInBackend({ admin: true, resources: { flavor: { getList: existing, ...resources } }, identity: { listProjects: async () => PROJECTS } }),
    path: '/admin/flavors',
  });
  await screen.findByRole('link', { name: 'taken' }, { timeout: 5000 });
  await view.user.click(screen.getByRole('button', { name: 'Create Flavor' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Flavor' }, { timeout: 5000 });
  return { ...view, dialog };
}

/** Fills the required fields of the first step. */
function fillRequired(dialog: HTMLElement, name: string, sizes = { vcpus: '1', ram: '256', disk: '1' }) {
  fill(dialog, 'Name', name);
  fill(dialog, 'VCPUs', sizes.vcpus);
  fill(dialog, 'RAM (MB)', sizes.ram);
  fill(dialog, 'Root Disk (GB)', sizes.disk);
}

/** Next to 'Flavor Access', then the wizard's finish button 'Create Flavor'. */
async function finish(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  await user.click(await within(dialog).findByRole('button', { name: 'Create Flavor' }));
}

function fill(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByRole(/Name|ID/.test(label) ? 'textbox' : 'spinbutton', { name: label }), { target: { value } });
}

describe('Create Flavor (spec 2 §3, §8; spec 1 §5)', { timeout: 20_000 }, () => {
  it("is a two-step workflow: 'Flavor Information' (name, ID auto, VCPUs, RAM, disks, RX/TX factor, Public), then 'Flavor Access'", async () => {
    const { user, dialog } = await openCreate();
    expect(within(dialog).getByText('Flavor Information')).toBeTruthy();
    expect(within(dialog).getByText('Flavor Access')).toBeTruthy();
    for (const label of ['Name', 'ID']) expect(within(dialog).getByRole('textbox', { name: label })).toBeTruthy();
    for (const label of ['VCPUs', 'RAM (MB)', 'Root Disk (GB)', 'Ephemeral Disk (GB)', 'Swap Disk (MB)', 'RX/TX Factor']) {
      expect(within(dialog).getByRole('spinbutton', { name: label })).toBeTruthy();
    }
    expect((within(dialog).getByRole('textbox', { name: 'ID' }) as HTMLInputElement).value).toBe('auto');
    expect((within(dialog).getByRole('checkbox', { name: 'Public' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Create Flavor' })).toBeNull();
    fillRequired(dialog, 'm1.x');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByRole('region', { name: 'All Projects' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Create Flavor' })).toBeTruthy();
  });

  it('creates the flavor with the form\'s values and toasts \'Created new flavor "<name>".\'', async () => {
    const create = vi.fn(({ data }) => makeFlavor({ id: 'f-new', ...data }));
    const getList = vi.fn(existing);
    const { user, dialog } = await openCreate({ create, getList });
    fillRequired(dialog, 'm1.new', { vcpus: '2', ram: '1024', disk: '10' });
    await finish(user, dialog);
    expect((await screen.findByRole('alert')).textContent).toContain('Created new flavor "m1.new".');
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        data: expect.objectContaining({ name: 'm1.new', id: 'auto', vcpus: 2, ram: 1024, disk: 10, 'OS-FLV-EXT-DATA:ephemeral': 0, swap: 0, rxtx_factor: 1, is_public: true }),
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("limits the flavor to the projects moved to 'Selected Projects' (Flavor Access transfer table)", async () => {
    const create = vi.fn(({ data }) => makeFlavor({ id: 'f-private', ...data, 'os-flavor-access:is_public': false }));
    const { user, dialog } = await openCreate({ create });
    fillRequired(dialog, 'm1.private');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const selected = await within(dialog).findByRole('region', { name: 'Selected Projects' });
    expect(within(selected).getByText('No projects selected. All projects can use the flavor.')).toBeTruthy();
    const all = within(dialog).getByRole('region', { name: 'All Projects' });
    await user.click(await within(all).findByRole('button', { name: 'Allocate demo' }));
    expect(within(selected).getByText('demo')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create Flavor' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Created new flavor "m1.private".');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ data: expect.objectContaining({ name: 'm1.private', flavor_access: [{ id: 'p-demo' }] }) }));
  });

  it("does not move past 'Flavor Information' while name, VCPUs, RAM or root disk is missing: 'This field is required.'", async () => {
    const { user, dialog } = await openCreate();
    fill(dialog, 'Name', 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(dialog).getAllByText('This field is required.')).toHaveLength(3));
    expect(within(dialog).queryByRole('region', { name: 'All Projects' })).toBeNull();
  });

  it("refuses a VCPU count below 1: 'Ensure this value is greater than or equal to 1.'", async () => {
    const { user, dialog } = await openCreate();
    await user.type(within(dialog).getByRole('spinbutton', { name: 'VCPUs' }), '0');
    await user.tab();
    expect(await within(dialog).findByText('Ensure this value is greater than or equal to 1.')).toBeTruthy();
  });

  it('says a taken name is \'already used by another flavor\' as it is typed', async () => {
    const { dialog } = await openCreate();
    fill(dialog, 'Name', 'taken');
    expect(await within(dialog).findByText('The name "taken" is already used by another flavor.')).toBeTruthy();
  });

  it("checks the name and ID on the server when moving past 'Flavor Information' (spec 1 §4.2), catching a flavor created meanwhile", async () => {
    const createdMeanwhile = makeFlavor({ id: 'f-race', name: 'raced' });
    // The list shown predates the other flavor; the server's answer now has it.
    const getList = vi.fn(({ filter }: { filter?: Record<string, unknown> }) => (filter?.name || filter?.id ? [...existing(), createdMeanwhile] : existing()));
    const { user, dialog } = await openCreate({ getList });
    fillRequired(dialog, 'raced');
    fill(dialog, 'ID', 'f-race');
    expect(within(dialog).queryByText('The name "raced" is already used by another flavor.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('The name "raced" is already used by another flavor.')).toBeTruthy();
    expect(within(dialog).getByText('The ID "f-race" is already used by another flavor.')).toBeTruthy();
    expect(within(dialog).queryByRole('region', { name: 'All Projects' })).toBeNull();
    expect(getList).toHaveBeenCalledWith(expect.objectContaining({ filter: { name: 'raced' } }));
  });

  it('toasts \'Unable to create flavor "<name>".\' and keeps the form open with the reason when the call fails', async () => {
    const create = vi.fn(() => Promise.reject(new HttpError('Flavor with ID x already exists.', 409, 'Flavor with ID x already exists.')));
    const { user, dialog } = await openCreate({ create });
    fillRequired(dialog, 'dup', { vcpus: '1', ram: '64', disk: '0' });
    await finish(user, dialog);
    expect(await within(dialog).findByText('Flavor with ID x already exists.')).toBeTruthy();
    expect((await screen.findAllByRole('alert')).some((alert) => alert.textContent?.includes('Unable to create flavor "dup".'))).toBe(true);
  });
});

describe('flavor details (spec 2 §2.2, §3)', { timeout: 20_000 }, () => {
  it('shows the overview with sizes in their units and Public as Yes/No', async () => {
    const flavor = makeFlavor({ id: 'f1', name: 'm1.one', ram: 512, disk: 5, 'OS-FLV-EXT-DATA:ephemeral': 1, swap: 256, 'os-flavor-access:is_public': false });
    renderApp({ backend: signedInBackend({ admin: true, resources: { flavor: { getOne: () => flavor } } }), path: '/ngdetails/OS::Nova::Flavor/f1' });
    expect(await screen.findByRole('heading', { name: 'm1.one', level: 1 }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();
    const panel = screen.getByRole('tabpanel');
    const terms = within(panel).getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['Name', 'ID', 'VCPUs', 'RAM', 'Root Disk', 'Ephemeral Disk', 'Swap Disk', 'RX/TX Factor', 'Public', 'Description']);
    for (const text of ['512 MB', '5 GB', '1 GB', '256 MB', 'No']) expect(within(panel).getByText(text)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Flavor' })).toBeTruthy();
  });

  it('lists the extra specs, key and value, under Extra Specs', async () => {
    const flavor = { id: 'f1', name: 'm1.pinned', vcpus: 2, ram: 512, disk: 5, 'OS-FLV-EXT-DATA:ephemeral': 0, swap: '', rxtx_factor: 1, 'os-flavor-access:is_public': true };
    renderWithApi({
      path: '/ngdetails/OS::Nova::Flavor/f1',
      admin: true,
      routes: { 'GET /api/nova/flavors/:id/': () => ({ ...flavor, extras: { 'hw:mem_page_size': 'large', 'hw:cpu_policy': 'dedicated' } }) },
    });
    const table = await screen.findByRole('table', { name: 'Extra Specs' }, { timeout: 15_000 });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['hw:cpu_policy', 'dedicated'],
      ['hw:mem_page_size', 'large'],
    ]);
  });

  it('offers no delete to a member who opens a flavor', async () => {
    const flavor = makeFlavor({ id: 'f1', name: 'm1.one' });
    renderApp({ backend: signedInBackend({ admin: false, resources: { flavor: { getOne: () => flavor } } }), path: '/ngdetails/OS::Nova::Flavor/f1' });
    expect(await screen.findByRole('heading', { name: 'm1.one', level: 1 }, { timeout: 5000 })).toBeTruthy();
    await within(screen.getByRole('tabpanel')).findByText('2048 MB');
    expect(screen.queryByRole('button', { name: 'Delete Flavor' })).toBeNull();
  });
});

describe('Update Access (flavor access, spec 1 §4.9; api-contract §6)', { timeout: 20_000 }, () => {
  it("loads the flavor's access list, lets admin change it, and sends the whole flavor with the new projects", async () => {
    const listed = makeFlavor({ id: 'f-priv', name: 'm1.priv', ram: 512, vcpus: 2, disk: 5, swap: '', 'os-flavor-access:is_public': false });
    const getOne = vi.fn(({ meta }) => ({ ...listed, ...(meta?.get_access_list ? { 'access-list': ['p-admin'] } : {}) }));
    const update = vi.fn(({ data }) => ({ ...listed, ...data }));
    const { user } = renderApp({
      backend: signedInBackend({ admin: true, resources: { flavor: { getList: () => [listed], getOne, update } }, identity: { listProjects: async () => PROJECTS } }),
      path: '/admin/flavors',
    });
    await screen.findByRole('link', { name: 'm1.priv' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Actions for m1.priv' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Update Access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Access' }, { timeout: 5000 });
    expect(getOne).toHaveBeenCalledWith(expect.objectContaining({ id: 'f-priv', meta: { get_access_list: true } }));
    const selected = within(dialog).getByRole('region', { name: 'Selected Projects' });
    expect(await within(selected).findByText('admin')).toBeTruthy();
    await user.click(await within(within(dialog).getByRole('region', { name: 'All Projects' })).findByRole('button', { name: 'Allocate demo' }));
    await user.click(within(selected).getByRole('button', { name: 'Remove admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Modified access of flavor "m1.priv".');
    expect(update).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 'f-priv',
        data: { name: 'm1.priv', vcpus: 2, ram: 512, disk: 5, 'OS-FLV-EXT-DATA:ephemeral': 0, swap: 0, rxtx_factor: 1, is_public: false, flavor_access: [{ id: 'p-demo' }] },
      }),
    );
  });

  it('makes the flavor public again when every project is removed', async () => {
    const listed = makeFlavor({ id: 'f-one', name: 'm1.one', 'os-flavor-access:is_public': false });
    const update = vi.fn(({ data }) => ({ ...listed, ...data }));
    const { user } = renderApp({
      backend: signedInBackend({
        admin: true,
        resources: { flavor: { getList: () => [listed], getOne: () => ({ ...listed, 'access-list': ['p-demo'] }), update } },
        identity: { listProjects: async () => PROJECTS },
      }),
      path: '/admin/flavors',
    });
    await screen.findByRole('link', { name: 'm1.one' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Actions for m1.one' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Update Access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Access' }, { timeout: 5000 });
    const selected = within(dialog).getByRole('region', { name: 'Selected Projects' });
    await user.click(await within(selected).findByRole('button', { name: 'Remove demo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith(expect.objectContaining({ data: expect.objectContaining({ is_public: true, flavor_access: [] }) })));
  });

  it("is offered on the flavor's details page too, and the page shows the record as updated", async () => {
    let flavor = makeFlavor({ id: 'f-d', name: 'm1.detail', 'os-flavor-access:is_public': true });
    const getOne = vi.fn(({ meta }) => ({ ...flavor, ...(meta?.get_access_list ? { 'access-list': [] } : {}) }));
    const update = vi.fn(({ data }) => (flavor = { ...flavor, 'os-flavor-access:is_public': data.is_public }));
    const { user } = renderApp({
      backend: signedInBackend({ admin: true, resources: { flavor: { getOne, update } }, identity: { listProjects: async () => PROJECTS } }),
      path: '/ngdetails/OS::Nova::Flavor/f-d',
    });
    const panel = async () => within(await screen.findByRole('tabpanel', {}, { timeout: 5000 }));
    expect(await (await panel()).findByText('Yes')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Update Access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Access' }, { timeout: 5000 });
    await user.click(await within(within(dialog).getByRole('region', { name: 'All Projects' })).findByRole('button', { name: 'Allocate demo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Modified access of flavor "m1.detail".');
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ id: 'f-d', data: expect.objectContaining({ is_public: false, flavor_access: [{ id: 'p-demo' }] }) }));
    expect(await (await panel()).findByText('No')).toBeTruthy();
  });

  it('is not offered to a member', async () => {
    const flavor = makeFlavor({ id: 'f1', name: 'm1.one' });
    renderApp({ backend: signedInBackend({ admin: false, resources: { flavor: { getOne: () => flavor } } }), path: '/ngdetails/OS::Nova::Flavor/f1' });
    expect(await screen.findByRole('heading', { name: 'm1.one', level: 1 }, { timeout: 5000 })).toBeTruthy();
    await within(screen.getByRole('tabpanel')).findByText('2048 MB');
    expect(screen.queryByRole('button', { name: 'Update Access' })).toBeNull();
  });
});
