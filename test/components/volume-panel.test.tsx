import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { volumeRecord } from '../../dataProviders/cinder';
import { signedInBackend } from '../support/fake-backend';
import { launchResources } from '../support/launch-fixtures';
import { makeCatalog } from '../support/records';
import { renderApp } from '../support/render-app';

const catalog = makeCatalog(['identity', 'compute', 'image', 'volumev3']);

function makeVolume(overrides: Record<string, unknown> = {}) {
  const name = (overrides.name as string | undefined) ?? 'vol';
  return volumeRecord({
    id: `v-${name}`,
    name,
    description: '',
    size: 1,
    status: 'available',
    volume_type: '__DEFAULT__',
    availability_zone: 'nova',
    bootable: 'false',
    encrypted: false,
    attachments: [],
    metadata: {},
    ...overrides,
  });
}

// The first lazy page load and typing into modals take a while on a loaded two-core machine.
describe('Volumes list (spec 2 §3, §7.2)', { timeout: 30_000 }, () => {
  it('shows Horizon’s volume columns, sorted by name, the name a link to the details', async () => {
    const getList = () => [
      makeVolume({ name: 'data', description: 'scratch', size: 10, bootable: 'true', attachments: [{ server_id: 's1', instance_name: 'web', device: '/dev/vdb' }] }),
      makeVolume({ name: 'boot', status: 'error', encrypted: true }),
    ];
    renderApp({ backend: signedInBackend({ catalog, resources: { volume: { getList } } }), path: '/project/volumes' });
    const table = await screen.findByRole('table', { name: 'Volumes' }, { timeout: 5000 });
    await within(table).findByRole('link', { name: 'boot' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '',
      'Name',
      'Description',
      'Size',
      'Status',
      'Type',
      'Attached To',
      'Availability Zone',
      'Bootable',
      'Encrypted',
      'Actions',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['boot', 'data']);
    expect(within(rows[1]).getByText('web on /dev/vdb')).toBeTruthy();
    expect(within(rows[1]).getByText('scratch')).toBeTruthy();
    expect(within(rows[1]).getByText(/10\s*GiB/)).toBeTruthy();
    expect(within(rows[0]).getByText('Error')).toBeTruthy();
  });

  it('hides the panel without a volume service in the catalog', async () => {
    renderApp({ backend: signedInBackend({ catalog: makeCatalog(['identity', 'compute']), resources: { volume: { getList: () => [] }, keypair: { getList: () => [] } } }), path: '/project/key_pairs' });
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'Volumes' })).toBeNull();
  });
});

describe('Create Volume form (spec 1 §2.6, §5)', { timeout: 30_000 }, () => {
  // The form's choices: Cinder's types and zones, and the sources in the states a new volume may copy.
  const choices = {
    'volume-type': { getList: () => [{ id: 't1', name: '__DEFAULT__' }, { id: 't2', name: 'fast' }] },
    'volume-zone': { getList: () => [{ id: 'nova', name: 'nova', available: true }, { id: 'down', name: 'down', available: false }] },
    'volume-snapshot': { getList: () => [{ id: 's-ok', name: 'nightly', size: 2, status: 'available' }, { id: 's-busy', name: 'busy', size: 1, status: 'creating' }] },
    image: { getList: () => [] },
  };

  async function openCreate(create = vi.fn(({ data }) => makeVolume({ ...data, id: 'v-new', status: 'creating' }))) {
    const resources = { ...choices, volume: { getList: () => [makeVolume({ name: 'existing' })], create } };
    const rendered = renderApp({ backend: signedInBackend({ catalog, resources }), path: '/project/volumes' });
    await screen.findByRole('link', { name: 'existing' }, { timeout: 5000 });
    await rendered.user.click(screen.getByRole('button', { name: 'Create Volume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Volume' });
    return { ...rendered, dialog, create };
  }

  async function choose(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, field: string, option: string) {
    await user.click(within(dialog).getByRole('combobox', { name: field }));
    await user.click(await screen.findByRole('option', { name: option }));
  }

  async function optionsOf(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, field: string) {
    await user.click(within(dialog).getByRole('combobox', { name: field }));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Loading…' })).toBeNull());
    const labels = screen.getAllByRole('option').map((option) => option.textContent);
    await user.keyboard('{Escape}');
    return labels;
  }

  it('hides the volume type when the source is a snapshot, and offers the available snapshots as "name (size GiB)"', async () => {
    const { dialog, user } = await openCreate();
    expect(await optionsOf(user, dialog, 'Type')).toEqual(['No volume type', '__DEFAULT__', 'fast']);
    await user.click(within(dialog).getByRole('combobox', { name: 'Volume Source' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent).filter(Boolean)).toEqual(['No source, empty volume', 'Snapshot', 'Image', 'Volume']);
    await user.click(await screen.findByRole('option', { name: 'Snapshot' }));
    await waitFor(() => expect(within(dialog).queryByRole('combobox', { name: 'Type' })).toBeNull());
    expect(await optionsOf(user, dialog, 'Use snapshot as a source')).toEqual(['Choose a snapshot', 'nightly (2 GiB)']);
  });

  it('offers only the zones that are up, after "Any Availability Zone"', async () => {
    const { dialog, user } = await openCreate();
    expect(await optionsOf(user, dialog, 'Availability Zone')).toEqual(['Any Availability Zone', 'nova']);
  });

  it('creates from a chosen snapshot in a chosen zone, without a volume type', async () => {
    const { dialog, user, create } = await openCreate();
    await user.type(within(dialog).getByRole('textbox', { name: 'Volume Name' }), 'restored');
    await choose(user, dialog, 'Volume Source', 'Snapshot');
    await choose(user, dialog, 'Use snapshot as a source', 'nightly (2 GiB)');
    await choose(user, dialog, 'Availability Zone', 'nova');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Size (GiB)' }), { target: { value: '2' } });
    const submit = within(dialog).getByRole('button', { name: 'Create Volume' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    // The provider turns these values into the request body (checked in volume-requests.test.tsx).
    await waitFor(() => expect(create).toHaveBeenCalledWith(expect.objectContaining({ data: { source_type: 'snapshot', snapshot_id: 's-ok', size: 2, name: 'restored', availability_zone: 'nova' } })));
  });

  it('asks for the snapshot when the source is a snapshot: "This field is required."', async () => {
    const { dialog, user } = await openCreate();
    await choose(user, dialog, 'Volume Source', 'Snapshot');
    const submit = within(dialog).getByRole('button', { name: 'Create Volume' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await choose(user, dialog, 'Use snapshot as a source', 'nightly (2 GiB)');
    await waitFor(() => expect(submit.disabled).toBe(false));
    await choose(user, dialog, 'Use snapshot as a source', 'Choose a snapshot');
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(submit.disabled).toBe(true);
  });

  it('refuses a size below 1 GiB', async () => {
    const { dialog } = await openCreate();
    const size = within(dialog).getByRole('spinbutton', { name: 'Size (GiB)' }) as HTMLInputElement;
    expect(size.value).toBe('1');
    fireEvent.change(size, { target: { value: '0' } });
    expect(await within(dialog).findByText('Ensure this value is greater than or equal to 1.')).toBeTruthy();
  });

  it('asks for a size: “Volume size is required and must be an integer”', async () => {
    const { dialog } = await openCreate();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Size (GiB)' }), { target: { value: '' } });
    expect(await within(dialog).findByText('Volume size is required and must be an integer')).toBeTruthy();
  });

  it('creates an empty volume and shows the info toast ‘Creating volume <name>’', async () => {
    const { dialog, user, create } = await openCreate();
    await user.type(within(dialog).getByRole('textbox', { name: 'Volume Name' }), 'scratch');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Size (GiB)' }), { target: { value: '3' } });
    const submit = within(dialog).getByRole('button', { name: 'Create Volume' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('Info: Creating volume scratch');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ data: { source_type: 'no_source', size: 3, name: 'scratch' } }));
  });
});

describe('Launch as Instance from a volume (spec 2 §2.4)', { timeout: 30_000 }, () => {
  it("links a bootable, available volume to the launch wizard with it as the source, and leaves it out of other rows' actions as Horizon does", async () => {
    const getList = () => [makeVolume({ name: 'boot', bootable: 'true' }), makeVolume({ name: 'data', bootable: 'false' })];
    // With the wizard's reads too: it starts loading as soon as the link is followed.
    const { user, router } = renderApp({ backend: signedInBackend({ catalog, policy: () => true, resources: { ...launchResources(), volume: { getList } } }), path: '/project/volumes' });
    await screen.findByRole('link', { name: 'boot' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Actions for data' }));
    await screen.findByRole('menuitem', { name: 'Edit Volume' });
    expect(screen.queryByRole('menuitem', { name: 'Launch as Instance' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for boot' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Launch as Instance' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/project/instances/launch?volumeId=v-boot&dismissUrl=/project/volumes'));
    await screen.findByRole('group', { name: 'Details' }, { timeout: 10_000 });
  });
});

describe('Deleting volumes (spec 2 §8)', { timeout: 30_000 }, () => {
  it("deletes with 'Confirm Delete Volume' and toasts 'Deleted Volume: <name>.'", async () => {
    let current = [makeVolume({ name: 'v1' }), makeVolume({ name: 'v2' })];
    const remove = vi.fn(async ({ id }: { id: string }) => {
      current = current.filter((item) => item.id !== id);
    });
    const { user } = renderApp({ backend: signedInBackend({ catalog, resources: { volume: { getList: () => current, delete: remove } } }), path: '/project/volumes' });
    await screen.findByRole('link', { name: 'v1' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Actions for v1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Volume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Volume' });
    expect(within(dialog).getByText('You have selected "v1". Deleted Volume is not recoverable.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Volume' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Deleted Volume: v1.');
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ id: 'v-v1' }));
  });

  it('greys out Delete Volume on an attached volume', async () => {
    const attached = makeVolume({ name: 'busy', status: 'in-use', attachments: [{ server_id: 's1', instance_name: 'web', device: '/dev/vdb' }] });
    const { user } = renderApp({ backend: signedInBackend({ catalog, resources: { volume: { getList: () => [attached] } } }), path: '/project/volumes' });
    await screen.findByRole('link', { name: 'busy' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Actions for busy' }));
    await screen.findByRole('menuitem', { name: 'Update Metadata' });
    // Refused rows keep the action greyed out, as every panel does.
    expect(screen.getByRole('menuitem', { name: 'Delete Volume' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('menuitem', { name: 'Update Metadata' }).getAttribute('aria-disabled')).not.toBe('true');
  });
});

describe('Volume details (spec 2 §3)', { timeout: 30_000 }, () => {
  it('shows the Overview with size, status and bootable', async () => {
    const volume = makeVolume({ id: 'v1', name: 'data', size: 4, bootable: 'true', description: 'my disk' });
    renderApp({ backend: signedInBackend({ catalog, resources: { volume: { getOne: () => volume } } }), path: '/project/volumes/v1' });
    expect(await screen.findByRole('heading', { name: 'data', level: 1 }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Overview', selected: true })).toBeTruthy();
    expect(screen.getByText('my disk')).toBeTruthy();
    expect(screen.getByText(/4\s*GiB/)).toBeTruthy();
  });
});
