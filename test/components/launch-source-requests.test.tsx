import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectContract } from '../support/contract';
import { renderWithApi } from '../support/fake-api';
import { makeFlavor, makeImage, makeKeypair } from '../support/records';

/**
 * The body the browser POSTs to /api/nova/servers/ for each boot source of
 * the Launch Instance wizard (spec 2 §7.9, api-contract §6.1), through the
 * real data provider and HTTP helper: an image or instance snapshot boots
 * directly (`source_id`), or through a new volume (a BDM of source image with
 * the size and `source_id` null); a volume or volume snapshot boots through a
 * BDM of its own kind (and `source_id` "").
 */
const LAUNCH = '/project/instances/launch';
const GIB = 1073741824;

const ROUTES = {
  'GET /api/nova/availzones/': () => ({ items: [{ zoneName: 'nova', zoneState: { available: true } }] }),
  'GET /api/nova/limits/': () => ({ maxTotalInstances: 10, totalInstancesUsed: 0, maxTotalCores: 20, totalCoresUsed: 0, maxTotalRAMSize: 51200, totalRAMUsed: 0 }),
  'GET /api/cinder/tenantabsolutelimits/': () => ({ maxTotalVolumes: 10, totalVolumesUsed: 1, maxTotalVolumeGigabytes: 1000, totalGigabytesUsed: 10 }),
  'GET /api/glance/images/': () => ({
    items: [makeImage({ id: 'img-cirros', name: 'cirros', size: GIB }), makeImage({ id: 'img-web-snap', name: 'web-snap', image_type: 'snapshot', min_disk: 3 })],
    has_more_data: false,
    has_prev_data: false,
  }),
  'GET /api/cinder/volumes/': () => ({ items: [{ id: 'vol-boot', name: 'bootable', size: 10, status: 'available', bootable: 'true', availability_zone: 'nova', attachments: [], metadata: {} }], has_more_data: false, has_prev_data: false }),
  'GET /api/cinder/volumesnapshots/': () => ({ items: [{ id: 'vs-nightly', name: 'nightly', size: 10, status: 'available', volume_id: 'vol-boot' }], has_more_data: false, has_prev_data: false }),
  'GET /api/nova/flavors/': () => ({ items: [makeFlavor({ id: 'f-small', name: 'm1.small', vcpus: 1, ram: 2048, disk: 20 })] }),
  'GET /api/neutron/networks/': () => ({ items: [{ id: 'net-private', name: 'private', shared: false, admin_state_up: true, status: 'ACTIVE', subnets: [{ id: 'sub-private', name: 'private-subnet', cidr: '10.0.0.0/24' }] }] }),
  'GET /api/neutron/ports/': () => ({ items: [] }),
  'GET /api/network/securitygroups/': () => ({ items: [{ id: 'sg-default', name: 'default', description: 'Default security group', security_group_rules: [] }] }),
  'GET /api/nova/keypairs/': () => ({ items: [{ keypair: makeKeypair({ name: 'mykey' }) }] }),
  'GET /api/nova/servergroups/': () => ({ items: [] }),
  'GET /api/nova/features/:name/': () => true,
  'GET /api/keystone/projects/': () => ({ items: [] }),
  'POST /api/nova/servers/': (request: { body: unknown }) => ({ id: 'srv-new', ...(request.body as object) }),
};

async function launchFrom(query: string, chooseSource: (source: HTMLElement, api: ReturnType<typeof renderWithApi>) => Promise<void>) {
  const api = renderWithApi({ path: `${LAUNCH}${query}`, routes: ROUTES });
  await screen.findByRole('group', { name: 'Details' }, { timeout: 20_000 });
  const dialog = screen.getByRole('dialog', { name: 'Launch Instance' });
  await api.user.type(within(dialog).getByRole('textbox', { name: 'Instance Name' }), 'web');
  await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
  const source = await within(dialog).findByRole('group', { name: 'Source' });
  await chooseSource(source, api);
  await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
  const flavor = await within(dialog).findByRole('group', { name: 'Flavor' });
  await api.user.click(within(flavor).getByRole('button', { name: 'Allocate m1.small' }));
  await api.user.click(within(dialog).getByRole('button', { name: 'Launch Instance' }));
  await waitFor(() => expect(api.sent('POST', '/api/nova/servers/')).toHaveLength(1));
  const [body] = api.sent('POST', '/api/nova/servers/') as Record<string, unknown>[];
  expectContract(body, 'instance.schema.json#/$defs/createBody');
  return body;
}

const createNewVolume = (answer: 'Yes' | 'No') => async (source: HTMLElement, api: ReturnType<typeof renderWithApi>) => {
  await api.user.click(within(within(source).getByRole('radiogroup', { name: 'Create New Volume' })).getByRole('radio', { name: answer }));
};

const pickType = async (source: HTMLElement, api: ReturnType<typeof renderWithApi>, type: string, row: string) => {
  await api.user.click(within(source).getByRole('combobox', { name: 'Select Boot Source' }));
  await api.user.click(await screen.findByRole('option', { name: type }));
  await api.user.click(await within(source).findByRole('button', { name: `Allocate ${row}` }));
};

describe('Launch Instance sends the chosen boot source (api-contract §6.1)', { timeout: 90_000 }, () => {
  it('Image, no new volume: the image id as source_id and no block devices', async () => {
    const body = await launchFrom('?imageId=img-cirros', createNewVolume('No'));
    expect(body.source_id).toBe('img-cirros');
    expect(body.block_device_mapping_v2).toBeUndefined();
  });

  it('Image with a new volume: source_id null and one image→volume device with the size and the delete choice', async () => {
    const body = await launchFrom('?imageId=img-cirros', async (source, api) => {
      await createNewVolume('Yes')(source, api);
      fireEvent.change(within(source).getByRole('spinbutton', { name: 'Volume Size (GB)' }), { target: { value: '25' } });
      await api.user.click(within(within(source).getByRole('radiogroup', { name: 'Delete Volume on Instance Delete' })).getByRole('radio', { name: 'Yes' }));
    });
    expect(body.source_id).toBeNull();
    expect(body.block_device_mapping_v2).toEqual([
      { source_type: 'image', destination_type: 'volume', delete_on_termination: true, uuid: 'img-cirros', boot_index: '0', volume_size: 25 },
    ]);
  });

  it("Instance Snapshot with a new volume: the snapshot image as the device, sized up to the flavor's root disk (spec 2 §5)", async () => {
    const body = await launchFrom('', async (source, api) => {
      await pickType(source, api, 'Instance Snapshot', 'web-snap');
      await createNewVolume('Yes')(source, api);
    });
    expect(body.source_id).toBeNull();
    expect(body.block_device_mapping_v2).toEqual([
      { source_type: 'image', destination_type: 'volume', delete_on_termination: false, uuid: 'img-web-snap', boot_index: '0', volume_size: 20 },
    ]);
  });

  it('Volume: source_id "" and one volume device that boots', async () => {
    const body = await launchFrom('', (source, api) => pickType(source, api, 'Volume', 'bootable'));
    expect(body.source_id).toBe('');
    expect(body.block_device_mapping_v2).toEqual([{ source_type: 'volume', destination_type: 'volume', delete_on_termination: false, uuid: 'vol-boot', boot_index: '0' }]);
  });

  it('Volume Snapshot: source_id "" and one snapshot device, deleted with the instance when chosen', async () => {
    const body = await launchFrom('', async (source, api) => {
      await pickType(source, api, 'Volume Snapshot', 'nightly');
      await api.user.click(within(within(source).getByRole('radiogroup', { name: 'Delete Volume on Instance Delete' })).getByRole('radio', { name: 'Yes' }));
    });
    expect(body.source_id).toBe('');
    expect(body.block_device_mapping_v2).toEqual([{ source_type: 'snapshot', destination_type: 'volume', delete_on_termination: true, uuid: 'vs-nightly', boot_index: '0' }]);
  });
});
