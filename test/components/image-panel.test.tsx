import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import type { MetadefNamespaceRecord, PolicyRules } from '../../src/backend/contract';
import { signedInBackend } from '../support/fake-backend';
import { makeCatalog, makeImage } from '../support/records';
import { renderApp } from '../support/render-app';

const CATALOG = makeCatalog(['identity', 'compute', 'image']);

function openImages(options: { images?: () => unknown[]; resources?: Record<string, (params: any) => unknown>; policy?: (rules: PolicyRules) => boolean; admin?: boolean } = {}) {
  const view = renderApp({
    backend: signedInBackend({
      admin: options.admin,
      catalog: CATALOG,
      policy: options.policy,
      resources: { image: { getList: options.images ?? (() => [makeImage()]), supports: () => true, ...options.resources } },
      metadefs: { namespaces: async () => NAMESPACES },
    }),
    path: '/project/images',
  });
  return view;
}

const NAMESPACES: MetadefNamespaceRecord[] = [
  {
    namespace: 'OS::Compute::Watchdog',
    display_name: 'Watchdog Behavior',
    properties: { hw_watchdog_action: { title: 'Watchdog Action', type: 'string', enum: ['disabled', 'reset', 'poweroff'] } },
  },
  {
    namespace: 'OS::Compute::Libvirt',
    display_name: 'libvirt Driver Options',
    properties: { hw_boot_menu: { title: 'Boot Menu', type: 'boolean' }, hw_cpu_cores: { title: 'CPU Cores', type: 'integer', minimum: 1 } },
  },
];

/** Waits for an alert (toast or in-dialog) with this text. */
async function findAlert(text: string) {
  await waitFor(() => expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes(text))).toBe(true), { timeout: 5000 });
}

async function rowMenu(user: ReturnType<typeof renderApp>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }, { timeout: 10_000 }));
  return screen.findByRole('menu');
}

describe('Images list (spec 2 §2.3, §4, §5)', { timeout: 20_000 }, () => {
  it('shows owner, name, type, status, visibility, protected, disk format and size, with the visibility text of spec 2 §4', async () => {
    openImages({
      images: () => [makeImage(), makeImage({ name: 'other', owner: 'p-x', owner_name: 'p-x', visibility_text: 'Image from Other Project - Non-Public', type: 'Snapshot' })],
    });
    await screen.findByRole('link', { name: 'cirros' }, { timeout: 10_000 });
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent?.trim()).filter((text) => text && text !== 'Actions');
    expect(headers).toEqual(['Owner', 'Name', 'Type', 'Status', 'Visibility', 'Protected', 'Disk Format', 'Size']);
    const other = screen.getByRole('link', { name: 'other' }).closest('tr')!;
    expect(within(other).getByText('Image from Other Project - Non-Public')).toBeTruthy();
    expect(within(other).getByText('Snapshot')).toBeTruthy();
    const cirros = screen.getByRole('link', { name: 'cirros' }).closest('tr')!;
    expect(within(cirros).getByText('Shared With Project')).toBeTruthy();
    expect(within(cirros).getByText('12.67 MB')).toBeTruthy();
    expect(within(cirros).getByText('Active')).toBeTruthy();
  });

  it('hides the owner column unless identity:get_project allows it', async () => {
    openImages({ policy: (rules) => !rules.some(([scope]) => scope === 'identity') });
    await screen.findByRole('link', { name: 'cirros' }, { timeout: 10_000 });
    expect(screen.queryByRole('columnheader', { name: 'Owner' })).toBeNull();
  });

  it('offers edit, launch and delete on an active image; no delete on a protected one', async () => {
    const { user } = openImages({ images: () => [makeImage(), makeImage({ name: 'locked', protected: true })] });
    const menu = await rowMenu(user, 'cirros');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit Image', 'Update Metadata', 'Launch', 'Delete Image']);
    expect(within(menu).getByRole('menuitem', { name: 'Launch' }).getAttribute('aria-disabled')).toBeNull();
    await user.keyboard('{Escape}');
    const locked = await rowMenu(user, 'locked');
    expect(within(locked).getByRole('menuitem', { name: 'Delete Image' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('offers neither edit nor update metadata on an image that is not active', async () => {
    const { user } = openImages({ images: () => [makeImage({ name: 'busy', status: 'killed' })] });
    const menu = await rowMenu(user, 'busy');
    expect(within(menu).queryByRole('menuitem', { name: 'Edit Image' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Update Metadata' })).toBeNull();
  });

  it("refuses protected images in a batch delete: 'You are not allowed to delete images: <names>', and deletes the rest", async () => {
    const remove = vi.fn(() => undefined);
    const { user } = openImages({ images: () => [makeImage(), makeImage({ name: 'locked', protected: true })], resources: { delete: remove } });
    await screen.findByRole('link', { name: 'locked' }, { timeout: 10_000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select cirros' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select locked' }));
    await user.click(screen.getByRole('button', { name: 'Delete Images' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('You are not allowed to delete images: locked')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Image' }));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ id: 'img-cirros' }));
  });

  it('shows a progress bar on a saving image and polls it until it is active', async () => {
    let status = 'saving';
    const getOne = vi.fn(() => makeImage({ status }));
    openImages({ images: () => [makeImage({ status: 'saving' })], resources: { getOne } });
    const row = (await screen.findByRole('link', { name: 'cirros' }, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByRole('progressbar')).toBeTruthy();
    status = 'active';
    await waitFor(() => expect(within(screen.getByRole('link', { name: 'cirros' }).closest('tr')!).getByText('Active')).toBeTruthy(), { timeout: 8000 });
    expect(getOne).toHaveBeenCalled();
  });
});

describe('Create Image (spec 2 §4)', { timeout: 20_000 }, () => {
  async function openCreate(create: (params: any) => unknown) {
    const view = openImages({ resources: { create } });
    await screen.findByRole('link', { name: 'cirros' }, { timeout: 10_000 });
    await view.user.click(screen.getByRole('button', { name: 'Create Image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Image' }, { timeout: 10_000 });
    return { ...view, dialog };
  }

  it('uploads the chosen file, shows the progress in whole percents, and toasts "Image <name> was successfully created."', async () => {
    let finish!: () => void;
    const create = vi.fn(
      ({ data, meta }) =>
        new Promise((resolve) => {
          meta.onProgress(-1);
          meta.onProgress(42);
          finish = () => resolve(makeImage({ id: 'img-new', name: data.name, status: 'queued' }));
        }),
    );
    const { user, dialog } = await openCreate(create);
    expect(within(dialog).getByText('Image Details')).toBeTruthy();
    expect(within(dialog).getByText('Metadata')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Image Name' }), { target: { value: 'my-disk' } });
    await user.click(within(dialog).getByRole('combobox', { name: 'Format' }));
    await user.click(await screen.findByRole('option', { name: 'QCOW2 - QEMU Emulator' }));
    // The file goes last: jsdom's File does not survive rjsf's structuredClone of the form data, as a browser's does.
    const file = new File([new Uint8Array(2048)], 'disk.qcow2', { type: 'application/octet-stream' });
    fireEvent.change(within(dialog).getByLabelText('File', { selector: 'input' }), { target: { files: [file] } });
    expect(within(dialog).getByText('disk.qcow2 (2.00 KB)')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Create Image' }));
    expect(await screen.findByText('Uploading 42%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('42');
    finish();
    expect((await screen.findByRole('alert')).textContent).toContain('Image my-disk was successfully created.');
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        data: expect.objectContaining({ name: 'my-disk', source_type: 'file', data: file, disk_format: 'qcow2', visibility: 'shared', protected: false, min_disk: 0, min_ram: 0 }),
      }),
    );
    await waitFor(() => expect(screen.queryByText(/Uploading/)).toBeNull());
  });

  it("requires a file for the File source, and toasts 'Unable to create the image.' when the upload fails", async () => {
    const create = vi.fn(() => Promise.reject(new HttpError('Glance refused', 400, 'Glance refused')));
    const { user, dialog } = await openCreate(create);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Image Name' }), { target: { value: 'x' } });
    await user.click(within(dialog).getByRole('combobox', { name: 'Format' }));
    await user.click(await screen.findByRole('option', { name: 'Raw' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(dialog).getAllByText('This field is required.').length).toBeGreaterThan(0));
    expect(within(dialog).queryByRole('region', { name: 'Available Metadata' })).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('File', { selector: 'input' }), { target: { files: [new File(['x'], 'a.raw')] } });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Create Image' }));
    await findAlert('Unable to create the image.');
    expect(screen.getByRole('dialog', { name: 'Create Image' })).toBeTruthy();
  });
});

describe('Create Image defaults (spec 2 §4)', { timeout: 20_000 }, () => {
  it('opens with visibility Private when CREATE_IMAGE_DEFAULTS says private, and the URL source where locations are allowed', async () => {
    const view = renderApp({
      backend: signedInBackend({
        catalog: CATALOG,
        settings: { CREATE_IMAGE_DEFAULTS: { image_visibility: 'private' }, IMAGES_ALLOW_LOCATION: true },
        resources: { image: { getList: () => [makeImage()], supports: () => true } },
      }),
      path: '/project/images',
    });
    await screen.findByRole('link', { name: 'cirros' }, { timeout: 10_000 });
    await view.user.click(screen.getByRole('button', { name: 'Create Image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Image' }, { timeout: 10_000 });
    expect(within(dialog).getByRole('combobox', { name: 'Visibility' }).textContent).toBe('Private');
    expect(within(dialog).getByRole('combobox', { name: 'Source Type' }).textContent).toBe('URL');
    expect(within(dialog).getByRole('textbox', { name: 'Location' })).toBeTruthy();
    expect(within(dialog).queryByLabelText('File', { selector: 'input' })).toBeNull();
  });
});

describe('Update Metadata (spec 1 §4.7, spec 2 §4)', { timeout: 20_000 }, () => {
  async function openMetadata(resources: Record<string, (params: any) => unknown>) {
    const view = openImages({ admin: true, resources });
    await rowMenu(view.user, 'cirros');
    await view.user.click(screen.getByRole('menuitem', { name: 'Update Metadata' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Metadata: cirros' });
    await within(dialog).findByRole('tree', {}, { timeout: 10_000 });
    return { ...view, dialog };
  }

  it('shows existing keys matched to definitions (case-insensitively) and custom ones, then saves updated and removed', async () => {
    const updateMetadata = vi.fn(() => null);
    const { user, dialog } = await openMetadata({ getMetadata: () => ({ HW_WATCHDOG_ACTION: 'reset', note: 'old' }), updateMetadata });
    const existing = within(dialog).getByRole('region', { name: 'Existing Metadata' });
    expect(within(existing).getByRole('group', { name: 'Watchdog Action' })).toBeTruthy();
    expect(within(existing).getByRole('group', { name: 'note' })).toBeTruthy();
    // Remove the custom key, add a definition from the tree and a new custom key.
    await user.click(within(existing).getByRole('button', { name: 'Remove note' }));
    await user.click(within(dialog).getByRole('button', { name: 'libvirt Driver Options' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add CPU Cores' }));
    const cores = within(existing).getByRole('textbox', { name: 'CPU Cores' });
    fireEvent.change(cores, { target: { value: '0' } });
    expect(within(existing).getByText('Min 1')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(cores, { target: { value: 'x' } });
    expect(within(existing).getByText('Integer required')).toBeTruthy();
    fireEvent.change(cores, { target: { value: '4' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Custom' }), { target: { value: 'hw_cpu_cores' } });
    expect(within(dialog).getByText('Duplicate keys are not allowed')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Custom' }), { target: { value: 'owner_note' } });
    await user.click(within(dialog).getByRole('button', { name: 'Add custom property' }));
    fireEvent.change(within(existing).getByRole('textbox', { name: 'owner_note' }), { target: { value: 'hi' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Metadata was successfully updated.');
    expect(updateMetadata).toHaveBeenCalledWith({ id: 'img-cirros', data: { updated: { hw_watchdog_action: 'reset', hw_cpu_cores: '4', owner_note: 'hi' }, removed: ['note'] } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("toasts 'Unable to update metadata.' and stays open when the save fails", async () => {
    const { user, dialog } = await openMetadata({ getMetadata: () => ({}), updateMetadata: () => Promise.reject(new HttpError('no', 400, 'no')) });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await findAlert('Unable to update metadata.');
    expect(screen.getByRole('dialog', { name: 'Update Metadata: cirros' })).toBeTruthy();
  });
});

describe('Admin images (spec 2 §2.1, §2.2, §9)', { timeout: 20_000 }, () => {
  function openAdmin(path: string, settings: Record<string, unknown> = {}, getList = vi.fn(() => [makeImage()])) {
    const view = renderApp({
      backend: signedInBackend({
        admin: true,
        catalog: CATALOG,
        settings,
        resources: { image: { getList, getOne: () => makeImage(), supports: () => true } },
      }),
      path,
    });
    return { ...view, getList };
  }

  it("waits for a search when FILTER_DATA_FIRST['admin.images'] is set: 'Please provide a search criteria first.'", async () => {
    const { getList } = openAdmin('/admin/images', { FILTER_DATA_FIRST: { 'admin.images': true } });
    expect(await screen.findByText('Please provide a search criteria first.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(getList).not.toHaveBeenCalled();
  });

  it('links names to the details with nav back to the admin list, and the details lead back there', async () => {
    const { user, router } = openAdmin('/admin/images');
    const link = await screen.findByRole('link', { name: 'cirros' }, { timeout: 10_000 });
    expect(link.getAttribute('href')).toBe('/ngdetails/OS::Glance::Image/img-cirros?nav=%2Fadmin%2Fimages');
    await user.click(link);
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' }, { timeout: 10_000 });
    expect(within(breadcrumb).getByRole('link', { name: 'Images' }).getAttribute('href')).toBe('/admin/images');
    expect(router.state.location.search).toBe('?nav=%2Fadmin%2Fimages');
  });

  it('redirects /admin/images/{id}/detail to the details route with nav (spec 2 §2.2)', async () => {
    const { router } = openAdmin('/admin/images/img-cirros/detail');
    await screen.findByRole('heading', { name: 'cirros', level: 1 }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/ngdetails/OS::Glance::Image/img-cirros');
    expect(within(screen.getByRole('tabpanel')).getByText('Shared With Project')).toBeTruthy();
  });
});

describe('Flavor Update Metadata (extra specs)', { timeout: 20_000 }, () => {
  it("edits a flavor's extra specs with the OS::Nova::Flavor namespaces and saves them", async () => {
    const namespaces = vi.fn(async () => [{ namespace: 'OS::Compute::Watchdog', display_name: 'Watchdog Behavior', properties: { 'hw:watchdog_action': { title: 'Watchdog Action', type: 'string' } } }]);
    const updateMetadata = vi.fn(() => null);
    const view = renderApp({
      backend: signedInBackend({
        admin: true,
        metadefs: { namespaces },
        resources: { flavor: { getList: () => [{ id: 'f1', name: 'm1.tiny', vcpus: 1, ram: 512, disk: 1 }], getMetadata: () => ({ 'hw:watchdog_action': 'reset' }), updateMetadata } },
      }),
      path: '/admin/flavors',
    });
    await view.user.click(await screen.findByRole('button', { name: 'Actions for m1.tiny' }, { timeout: 10_000 }));
    await view.user.click(screen.getByRole('menuitem', { name: 'Update Metadata' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Metadata: m1.tiny' });
    const existing = await within(dialog).findByRole('region', { name: 'Existing Metadata' }, { timeout: 5000 });
    expect(namespaces).toHaveBeenCalledWith('OS::Nova::Flavor');
    await view.user.click(within(existing).getByRole('button', { name: 'Remove Watchdog Action' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await findAlert('Metadata was successfully updated.');
    expect(updateMetadata).toHaveBeenCalledWith({ id: 'f1', data: { updated: {}, removed: ['hw:watchdog_action'] } });
  });
});
