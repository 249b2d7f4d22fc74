import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { volumeRecord } from '../../dataProviders/cinder';
import { defaultVolumeSize } from '../../resources/image';
import { signedInBackend } from '../support/fake-backend';
import { makeCatalog, makeImage } from '../support/records';
import { renderApp } from '../support/render-app';

const GIB = 1073741824;

describe('create volume from image: default size (spec 2 §5)', () => {
  it('is the larger of min_disk and the image size in GiB rounded up, at least 1', () => {
    expect(defaultVolumeSize({ size: 13_287_936, min_disk: 0 })).toBe(1);
    expect(defaultVolumeSize({ size: 2 * GIB + 1, min_disk: 1 })).toBe(3);
    expect(defaultVolumeSize({ size: GIB, min_disk: 5 })).toBe(5);
    expect(defaultVolumeSize({ size: 0, min_disk: 0 })).toBe(1);
  });
});

describe("the images panel's Create Volume (spec 2 §3, §5)", { timeout: 30_000 }, () => {
  function openImages(catalogTypes: string[], create = vi.fn()) {
    return renderApp({
      backend: signedInBackend({
        catalog: makeCatalog(catalogTypes),
        resources: {
          image: { getList: () => [makeImage({ size: 2 * GIB + 5, min_disk: 1 })], supports: () => true },
          volume: { getList: () => [], create },
        },
      }),
      path: '/project/images',
    });
  }

  it('opens the create volume form with the size defaulted and creates a volume with the image as source', async () => {
    const create = vi.fn(({ data }) => volumeRecord({ id: 'v-new', ...data, status: 'creating', bootable: 'false' }));
    const { user } = openImages(['identity', 'compute', 'image', 'volumev3'], create);
    await screen.findByRole('link', { name: 'cirros' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Actions for cirros' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create Volume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Volume' });
    expect((within(dialog).getByRole('spinbutton', { name: 'Size (GiB)' }) as HTMLInputElement).value).toBe('3');
    await user.type(within(dialog).getByRole('textbox', { name: 'Volume Name' }), 'from-cirros');
    const submit = within(dialog).getByRole('button', { name: 'Create Volume' }) as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toContain('Info: Creating volume from-cirros');
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        data: { size: 3, name: 'from-cirros', description: '', volume_type: null, snapshot_id: null, image_id: 'img-cirros', source_volid: null, metadata: {}, availability_zone: null },
      }),
    );
  });

  it('refuses a size below 1 GiB in the form', async () => {
    const { user } = openImages(['identity', 'compute', 'image', 'volumev3']);
    await screen.findByRole('link', { name: 'cirros' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Actions for cirros' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create Volume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Volume' });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Size (GiB)' }), { target: { value: '0' } });
    expect(await within(dialog).findByText('Ensure this value is greater than or equal to 1.')).toBeTruthy();
  });
});
