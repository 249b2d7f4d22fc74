import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectContract } from '../support/contract';
import { renderWithApi, reply } from '../support/fake-api';

/**
 * The body the browser POSTs to /api/cinder/volumes/ for each Volume Source
 * (api-contract §5: all nine keys, nulls allowed; `image_id` becomes
 * Cinder's imageRef), through the real data provider and HTTP helper, and
 * the size following the chosen source as Horizon's form does.
 */
const GIB = 1073741824;
const volume = (overrides: Record<string, unknown>) => ({
  id: 'v-data',
  name: 'data',
  description: '',
  size: 3,
  status: 'available',
  volume_type: 'lvm',
  availability_zone: 'nova',
  bootable: 'false',
  encrypted: false,
  attachments: [],
  metadata: {},
  ...overrides,
});

const CINDER = {
  'GET /api/cinder/volumes/': () => ({ items: [volume({})], has_more_data: false, has_prev_data: false }),
  'GET /api/cinder/volumesnapshots/': () => ({ items: [{ id: 's-nightly', name: 'nightly', size: 2, status: 'available', volume_id: 'v-data' }] }),
  'GET /api/cinder/volumetypes/': () => ({ items: [{ id: 't-lvm', name: 'lvm' }] }),
  'GET /api/cinder/availzones/': () => ({ items: [{ zoneName: 'nova', zoneState: { available: true } }] }),
  'GET /api/cinder/tenantabsolutelimits/': () => ({ maxTotalVolumeGigabytes: 1000, totalGigabytesUsed: 0, maxTotalVolumes: 10, totalVolumesUsed: 1 }),
  'POST /api/cinder/volumes/': (request: { body: unknown }) => volume({ ...(request.body as object), id: 'v-new', status: 'creating' }),
  'GET /api/keystone/projects/': () => ({ items: [] }),
  // A 2 GiB + 5 bytes image with min_disk 1: Horizon's default size is 3 GiB (spec 2 §5).
  'GET /api/glance/images/': () => ({ items: [{ id: 'img-cirros', name: 'cirros', status: 'active', size: 2 * GIB + 5, min_disk: 1, min_ram: 0, disk_format: 'qcow2', container_format: 'bare', visibility: 'public', protected: false, owner: 'p-admin' }] }),
};

async function openCreateVolume() {
  const api = renderWithApi({ path: '/project/volumes', routes: CINDER });
  await screen.findByRole('link', { name: 'data' }, { timeout: 30_000 });
  await api.user.click(screen.getByRole('button', { name: 'Create Volume' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Volume' });
  const choose = async (field: string, option: string) => {
    await api.user.click(within(dialog).getByRole('combobox', { name: field }));
    await api.user.click(await screen.findByRole('option', { name: option }));
  };
  const size = () => Number((within(dialog).getByRole('spinbutton', { name: 'Size (GiB)' }) as HTMLInputElement).value);
  const submit = async () => {
    const button = within(dialog).getByRole('button', { name: 'Create Volume' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    await api.user.click(button);
    await waitFor(() => expect(api.sent('POST', '/api/cinder/volumes/')).toHaveLength(1));
    const [body] = api.sent('POST', '/api/cinder/volumes/');
    expectContract(body, 'volume.schema.json#/$defs/create');
    return body;
  };
  await api.user.type(within(dialog).getByRole('textbox', { name: 'Volume Name' }), 'new');
  return { ...api, dialog, choose, size, submit };
}

const EMPTY = { name: 'new', description: '', volume_type: null, snapshot_id: null, image_id: null, source_volid: null, metadata: {}, availability_zone: null };

describe('Create Volume sends the chosen source (api-contract §5)', { timeout: 60_000 }, () => {
  it('no source: an empty volume of the size given, in the type and zone chosen', async () => {
    const form = await openCreateVolume();
    await form.choose('Type', 'lvm');
    await form.choose('Availability Zone', 'nova');
    fireEvent.change(within(form.dialog).getByRole('spinbutton', { name: 'Size (GiB)' }), { target: { value: '4' } });
    expect(await form.submit()).toEqual({ ...EMPTY, size: 4, volume_type: 'lvm', availability_zone: 'nova' });
  });

  it('image: the image id, and the size the image needs (its size in GiB rounded up, at least min_disk)', async () => {
    const form = await openCreateVolume();
    await form.choose('Volume Source', 'Image');
    await form.choose('Use image as a source', 'cirros (2.00 GB)');
    await waitFor(() => expect(form.size()).toBe(3));
    expect(await form.submit()).toEqual({ ...EMPTY, size: 3, image_id: 'img-cirros' });
  });

  it('snapshot: the snapshot id, no volume type, and a size raised to the 2 GiB snapshot', async () => {
    const form = await openCreateVolume();
    await form.choose('Volume Source', 'Snapshot');
    await form.choose('Use snapshot as a source', 'nightly (2 GiB)');
    await waitFor(() => expect(form.size()).toBe(2));
    expect(await form.submit()).toEqual({ ...EMPTY, size: 2, snapshot_id: 's-nightly' });
  });

  it('volume: the source volume id and a size raised to the 3 GiB volume', async () => {
    const form = await openCreateVolume();
    await form.choose('Volume Source', 'Volume');
    await form.choose('Use a volume as source', 'data (3 GiB)');
    await waitFor(() => expect(form.size()).toBe(3));
    expect(await form.submit()).toEqual({ ...EMPTY, size: 3, source_volid: 'v-data' });
  });

  it('names the volume after the chosen source while the name is empty', async () => {
    const form = await openCreateVolume();
    await form.user.clear(within(form.dialog).getByRole('textbox', { name: 'Volume Name' }));
    await form.choose('Volume Source', 'Snapshot');
    await form.choose('Use snapshot as a source', 'nightly (2 GiB)');
    expect(await form.submit()).toMatchObject({ name: 'nightly', snapshot_id: 's-nightly' });
  });

  it('keeps a size the user made larger than the source needs', async () => {
    const form = await openCreateVolume();
    fireEvent.change(within(form.dialog).getByRole('spinbutton', { name: 'Size (GiB)' }), { target: { value: '8' } });
    await form.choose('Volume Source', 'Snapshot');
    await form.choose('Use snapshot as a source', 'nightly (2 GiB)');
    expect(await form.submit()).toMatchObject({ size: 8, snapshot_id: 's-nightly' });
  });
});

describe("the image's Create Volume row action (spec 2 §5)", { timeout: 60_000 }, () => {
  it('sends the image as the source, named after it until renamed, with the volume panel’s Type and Availability Zone lists', async () => {
    const api = renderWithApi({ path: '/project/images', routes: CINDER });
    await screen.findByRole('link', { name: 'cirros' }, { timeout: 30_000 });
    await api.user.click(screen.getByRole('button', { name: 'Actions for cirros' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Create Volume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Volume' });
    expect((within(dialog).getByRole('spinbutton', { name: 'Size (GiB)' }) as HTMLInputElement).value).toBe('3');
    expect(within(dialog).queryByRole('combobox', { name: 'Volume Source' })).toBeNull();
    // Horizon names the volume after the image until the user names it.
    const name = within(dialog).getByRole('textbox', { name: 'Volume Name' }) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('cirros'));
    await api.user.clear(name);
    await api.user.type(name, 'from-image');
    for (const [field, option] of [['Type', 'lvm'], ['Availability Zone', 'nova']]) {
      await api.user.click(within(dialog).getByRole('combobox', { name: field }));
      await api.user.click(await screen.findByRole('option', { name: option }));
    }
    const button = within(dialog).getByRole('button', { name: 'Create Volume' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    await api.user.click(button);
    await waitFor(() => expect(api.sent('POST', '/api/cinder/volumes/')).toHaveLength(1));
    const [body] = api.sent('POST', '/api/cinder/volumes/');
    expectContract(body, 'volume.schema.json#/$defs/create');
    expect(body).toEqual({ ...EMPTY, name: 'from-image', size: 3, image_id: 'img-cirros', volume_type: 'lvm', availability_zone: 'nova' });
  });
});

describe('Delete Volume (spec 2 §8, Horizon’s DeleteVolume)', { timeout: 60_000 }, () => {
  const routes = (refusal?: string) => ({
    ...CINDER,
    'GET /api/cinder/volumes/': () => ({ items: [volume({}), volume({ id: 'v-kept', name: 'kept' })], has_more_data: false, has_prev_data: false }),
    // 'kept' has a snapshot: Horizon does not offer its delete.
    'GET /api/cinder/volumesnapshots/': () => ({ items: [{ id: 's-kept', name: 'kept-snap', size: 1, status: 'available', volume_id: 'v-kept' }] }),
    'DELETE /api/cinder/volumes/:id/': () => (refusal ? reply(400, refusal) : reply(204)),
  });

  async function rowMenu(api: ReturnType<typeof renderWithApi>, name: string) {
    await screen.findByRole('link', { name }, { timeout: 30_000 });
    await api.user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
    return screen.findByRole('menu');
  }

  it('greys out Delete Volume on a volume that has snapshots', async () => {
    const api = renderWithApi({ path: '/project/volumes', routes: routes() });
    const menu = await rowMenu(api, 'kept');
    expect(within(menu).getByRole('menuitem', { name: 'Delete Volume' }).getAttribute('aria-disabled')).toBe('true');
  });

  it("says why Cinder refused the delete after 'Unable to delete Volume: <name>.'", async () => {
    const reason = 'Invalid volume: Volume status must be available or error or error_restoring or error_extending or error_managing and must not be migrating, attached, belong to a group, have snapshots, awaiting a transfer, or be disassociated from snapshots after volume transfer.';
    const api = renderWithApi({ path: '/project/volumes', routes: routes(reason) });
    const menu = await rowMenu(api, 'data');
    await api.user.click(within(menu).getByRole('menuitem', { name: 'Delete Volume' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete Volume' });
    await api.user.click(within(confirm).getByRole('button', { name: 'Delete Volume' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`Unable to delete Volume: data. ${reason}`);
    expect(api.calls('DELETE')).toEqual(['/api/cinder/volumes/v-data/']);
  });
});
