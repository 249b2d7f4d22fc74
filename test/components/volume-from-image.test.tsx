import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { imageVolumeSize } from '../../dataProviders/cinder';
import { signedInBackend } from '../support/fake-backend';
import { makeCatalog, makeImage } from '../support/records';
import { renderApp } from '../support/render-app';

const GIB = 1073741824;

describe('create volume from image: default size (spec 2 §5)', () => {
  it('is the larger of min_disk and the image size in GiB rounded up, at least 1', () => {
    expect(imageVolumeSize({ size: 13_287_936, min_disk: 0 })).toBe(1);
    expect(imageVolumeSize({ size: 2 * GIB + 1, min_disk: 1 })).toBe(3);
    expect(imageVolumeSize({ size: GIB, min_disk: 5 })).toBe(5);
    expect(imageVolumeSize({ size: 0, min_disk: 0 })).toBe(1);
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
          // The volumes panel's form: its lists and the sources its size follows.
          'volume-snapshot': { getList: () => [] },
          'volume-type': { getList: () => [] },
          'volume-zone': { getList: () => [] },
        },
      }),
      path: '/project/images',
    });
  }

  // The body it sends, the Type and Availability Zone lists and the size: volume-requests.test.tsx.
  it('refuses a size below 1 GiB in the form', async () => {
    const { user } = openImages(['identity', 'compute', 'image', 'volumev3']);
    await screen.findByRole('link', { name: 'cirros' }, { timeout: 30_000 });
    await user.click(screen.getByRole('button', { name: 'Actions for cirros' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create Volume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Volume' });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Size (GiB)' }), { target: { value: '0' } });
    expect(await within(dialog).findByText('Ensure this value is greater than or equal to 1.')).toBeTruthy();
  });
});
