import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeFlavor, makeImage } from '../support/records';
import { currentPath, renderApp } from '../support/render-app';

const SERVER = {
  id: 'srv-1',
  name: 'web',
  status: 'ACTIVE',
  image: { id: 'img-cirros' },
  flavor: { original_name: 'm1.small', vcpus: 1, ram: 2048, disk: 20, ephemeral: 0 },
  'OS-DCF:diskConfig': 'AUTO',
};

function openResize(update = vi.fn(async () => undefined), limits = { maxTotalCores: 3, totalCoresUsed: 1, maxTotalRAMSize: 6144, totalRAMUsed: 2048, maxTotalInstances: 10, totalInstancesUsed: 1 }) {
  const backend = signedInBackend({
    resources: {
      'server-resize': { getOne: () => SERVER },
      // The resize is the instance's named call (dataProviders/nova-servers.ts); the instances list is where it lands.
      instance: { call: update, getList: () => [] },
      flavor: {
        getList: () => [
          makeFlavor({ id: 'f-tiny', name: 'm1.tiny', vcpus: 1, ram: 512, disk: 1 }),
          makeFlavor({ id: 'f-small', name: 'm1.small', vcpus: 1, ram: 2048, disk: 20 }),
          makeFlavor({ id: 'f-medium', name: 'm1.medium', vcpus: 2, ram: 4096, disk: 40 }),
          makeFlavor({ id: 'f-large', name: 'm1.large', vcpus: 4, ram: 8192, disk: 80 }),
        ],
      },
      'compute-limits': { getOne: () => ({ id: 'current', ...limits }) },
      image: { getOne: () => makeImage({ min_disk: 10 }) },
    },
  });
  return { ...renderApp({ backend, path: '/project/instances/srv-1/resize' }), update };
}

async function resizeDialog() {
  await screen.findByRole('group', { name: 'Flavor Choice' }, { timeout: 10_000 });
  return screen.getByRole('dialog', { name: 'Resize Instance' });
}

describe('Resize Instance (Horizon resize workflow, spec 2 §5 flavor rules)', { timeout: 60_000 }, () => {
  it('shows the old flavor and offers the others, those the quota or the image rules out disabled with the launch messages', async () => {
    const { user } = openResize();
    const dialog = await resizeDialog();
    expect((within(dialog).getByRole('textbox', { name: 'Old Flavor' }) as HTMLInputElement).value).toBe('m1.small');
    await user.click(within(dialog).getByRole('combobox', { name: /New Flavor/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent?.split(' (')[0])).toEqual(['Select a New Flavor', 'm1.tiny', 'm1.medium', 'm1.large']);
    // m1.tiny: the image needs 10 GB of root disk; m1.large: 4 VCPUs and 8192 MB beyond what the freed quota allows.
    expect(options.find((option) => option.textContent?.startsWith('m1.tiny'))!.getAttribute('aria-disabled')).toBe('true');
    expect(options.find((option) => option.textContent?.startsWith('m1.medium'))!.getAttribute('aria-disabled')).toBeNull();
    expect(options.find((option) => option.textContent?.startsWith('m1.large'))!.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('The selected image source requires a flavor with at least 10 GB of root disk. Select a flavor with a larger root disk or use a different image source.')).toBeTruthy();
    expect(screen.getByText('This flavor requires more VCPUs than your quota allows. Please select a smaller flavor or decrease the instance count.')).toBeTruthy();
    expect(screen.getByText('This flavor requires more RAM than your quota allows. Please select a smaller flavor or decrease the instance count.')).toBeTruthy();
  });

  it('submits the new flavor and disk partition, toasts in Horizon words and goes to the instances list', async () => {
    const { user, update, router } = openResize();
    const dialog = await resizeDialog();
    await user.click(within(dialog).getByRole('combobox', { name: /New Flavor/ }));
    await user.click(await screen.findByRole('option', { name: /^m1\.medium/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const advanced = await within(dialog).findByRole('group', { name: 'Advanced Options' });
    await user.click(within(advanced).getByRole('combobox', { name: 'Disk Partition' }));
    await user.click(await screen.findByRole('option', { name: 'Manual' }));
    await user.click(within(dialog).getByRole('button', { name: 'Resize' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Request for resizing of instance "web" has been submitted.');
    expect(update).toHaveBeenCalledWith({ id: 'srv-1', name: 'resize', data: { flavor_id: 'f-medium', disk_config: 'MANUAL' } });
    await waitFor(() => expect(currentPath(router)).toBe('/project/instances'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Instances' })).toBeTruthy();
  });

  it('needs a new flavor', async () => {
    const { user, update } = openResize();
    const dialog = await resizeDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Resize' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and stays open", async () => {
    const update = vi.fn(() => {
      throw new HttpError('Cannot resize: instance is in state SHUTOFF', 409, 'Cannot resize: instance is in state SHUTOFF');
    });
    const { user } = openResize(update);
    const dialog = await resizeDialog();
    await user.click(within(dialog).getByRole('combobox', { name: /New Flavor/ }));
    await user.click(await screen.findByRole('option', { name: /^m1\.medium/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Resize' }));
    expect(await within(dialog).findByText('Cannot resize: instance is in state SHUTOFF')).toBeTruthy();
  });
});
