import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'ra-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { launchBackend, launchResources, PRIVATE_NETWORK } from '../support/launch-fixtures';
import { makeKeypair } from '../support/records';
import { currentPath, renderApp } from '../support/render-app';

const LAUNCH = '/project/instances/launch';

let downloads: string[];
beforeEach(() => {
  downloads = [];
  URL.createObjectURL = vi.fn(() => 'blob:test/0');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

async function openWizard(backend = launchBackend(), path = `${LAUNCH}?imageId=img-cirros`) {
  const view = renderApp({ backend, path });
  // The loading modal gives way to the wizard's own.
  await screen.findByRole('group', { name: 'Details' }, { timeout: 10_000 });
  const dialog = screen.getByRole('dialog', { name: 'Launch Instance' });
  return { ...view, dialog };
}

/** The stepper's step titles (a step's number or check mark icon left out). */
const stepNames = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('button')
    .map((button) => (button.textContent ?? '').replace(/^\d+/, ''))
    .filter((text) => STEPS.includes(text));
const STEPS = ['Details', 'Source', 'Flavor', 'Networks', 'Network Ports', 'Security Groups', 'Key Pair', 'Configuration', 'Server Groups', 'Scheduler Hints', 'Metadata'];

async function next(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, step: string) {
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  return within(dialog).findByRole('group', { name: step });
}

describe('Launch Instance wizard (spec 2 §2.4, §4, §5)', { timeout: 60_000 }, () => {
  it('shows the eleven steps in order, titled Launch Instance, with Launch Instance on every step', async () => {
    const { dialog } = await openWizard();
    expect(stepNames(dialog)).toEqual(STEPS);
    expect(within(dialog).getByRole('button', { name: 'Launch Instance' })).toBeTruthy();
  });

  it('leaves out the network steps without a network service, and the policy- and setting-gated steps when refused', async () => {
    const backend = launchBackend({
      catalogTypes: ['identity', 'compute', 'image'],
      launchSettings: { enable_scheduler_hints: true, enable_metadata: false },
      policy: (rules) => !rules.some(([, action]) => action === 'os_compute_api:os-server-groups:discoverable' || action === 'admin_required'),
    });
    const { dialog } = await openWizard(backend);
    expect(stepNames(dialog)).toEqual(['Details', 'Source', 'Flavor', 'Key Pair', 'Configuration', 'Scheduler Hints']);
  });

  it('hides Scheduler Hints when the setting is off and Network Ports when ports are disabled', async () => {
    const { dialog } = await openWizard(launchBackend({ launchSettings: { enable_scheduler_hints: false, enable_net_ports: false } }));
    expect(stepNames(dialog)).toEqual(STEPS.filter((step) => step !== 'Scheduler Hints' && step !== 'Network Ports'));
  });

  it('Details: the description needs instance_description; a single zone is preselected; the instances quota chart', async () => {
    const { dialog } = await openWizard();
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Availability Zone' }).textContent).toBe('nova');
    expect(within(dialog).getByText('Total Instances (10 Max)')).toBeTruthy();
    expect(within(dialog).getByText('30%')).toBeTruthy(); // (2 used + 1) / 10
  });

  it('Details: no description without the feature; several zones offer Any Availability Zone first', async () => {
    const resources = launchResources({
      'server-launch': { supports: () => false },
      'availability-zone': { getList: () => ['az1', 'az2'].map((zoneName) => ({ id: zoneName, zoneName, zoneState: { available: true } })) },
    });
    const { dialog, user } = await openWizard(launchBackend({ resources }));
    expect(within(dialog).queryByRole('textbox', { name: 'Description' })).toBeNull();
    const zone = within(dialog).getByRole('combobox', { name: 'Availability Zone' });
    expect(zone.textContent).toBe('Any Availability Zone');
    await user.click(zone);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Any Availability Zone', 'az1', 'az2']);
  });

  it("Details: 'A name is required for your instance.' and the count rules", async () => {
    const { dialog, user } = await openWizard();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Count' }), { target: { value: '9' } });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('A name is required for your instance.')).toBeTruthy();
    expect(within(dialog).getByText('The instance count must not exceed your quota available of 8 instances')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Count' }), { target: { value: '0' } });
    expect((within(dialog).getByRole('spinbutton', { name: 'Count' }) as HTMLInputElement).value).toBe('1'); // 0 or less is reset to 1
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Count' }), { target: { value: '1.5' } });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Instance count is required and must be an integer of at least 1')).toBeTruthy();
  });

  it('Source: the launch context image is allocated; a new volume is offered with its size; changing the type clears the pick', async () => {
    const { dialog, user } = await openWizard();
    await user.type(within(dialog).getByRole('textbox', { name: 'Instance Name' }), 'web');
    const source = await next(user, dialog, 'Source');
    const allocated = within(source).getByRole('region', { name: /Allocated/ });
    expect(within(allocated).getByText('cirros')).toBeTruthy();
    expect(within(source).getByRole('radiogroup', { name: 'Create New Volume' })).toBeTruthy();
    expect((within(source).getByRole('spinbutton', { name: 'Volume Size (GB)' }) as HTMLInputElement).value).toBe('1');
    await user.click(within(source).getByRole('combobox', { name: 'Select Boot Source' }));
    await user.click(await screen.findByRole('option', { name: 'Volume' }));
    expect(within(within(source).getByRole('region', { name: /Allocated/ })).getByText('Select a source from those listed below.')).toBeTruthy();
    expect(within(source).queryByRole('radiogroup', { name: 'Create New Volume' })).toBeNull();
    expect(within(source).getByRole('radiogroup', { name: 'Delete Volume on Instance Delete' })).toBeTruthy();
  });

  it('Source: booting from a volume needs an instance count of 1', async () => {
    const { dialog, user } = await openWizard(launchBackend(), `${LAUNCH}?volumeId=vol-boot`);
    await user.type(within(dialog).getByRole('textbox', { name: 'Instance Name' }), 'web');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Count' }), { target: { value: '2' } });
    const source = await next(user, dialog, 'Source');
    expect(within(within(source).getByRole('region', { name: /Allocated/ })).getByText('bootable')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(
      await within(dialog).findByText(
        'Volumes can only be attached to 1 active instance at a time. Please either set your instance count to 1 or select a different source type.',
      ),
    ).toBeTruthy();
  });

  it("Source: the volume size may not go below the image's minimum", async () => {
    const { dialog, user } = await openWizard(launchBackend(), `${LAUNCH}?snapshotId=img-web-snap`);
    await user.type(within(dialog).getByRole('textbox', { name: 'Instance Name' }), 'web');
    const source = await next(user, dialog, 'Source');
    const size = within(source).getByRole('spinbutton', { name: 'Volume Size (GB)' }) as HTMLInputElement;
    expect(size.value).toBe('30'); // raised to the snapshot's min_disk
    fireEvent.change(size, { target: { value: '5' } });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('The volume size must be at least 30 GB')).toBeTruthy();
  });

  it('Flavor: flavors beyond the quota or below the source minimum are flagged with the spec messages and cannot be allocated', async () => {
    const { dialog, user } = await openWizard(launchBackend(), `${LAUNCH}?snapshotId=img-web-snap`);
    await user.type(within(dialog).getByRole('textbox', { name: 'Instance Name' }), 'web');
    await next(user, dialog, 'Source');
    const flavor = await next(user, dialog, 'Flavor');
    expect((within(flavor).getByRole('button', { name: 'Allocate m1.huge' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(flavor).getAllByLabelText('This flavor requires more RAM than your quota allows. Please select a smaller flavor or decrease the instance count.')).toHaveLength(1);
    expect(within(flavor).getAllByLabelText('This flavor requires more VCPUs than your quota allows. Please select a smaller flavor or decrease the instance count.')).toHaveLength(1);
    expect(
      within(flavor).getAllByLabelText(
        'The selected snapshot source requires a flavor with at least 30 GB of root disk. Select a flavor with a larger root disk or use a different snapshot source.',
      ),
    ).toHaveLength(2); // m1.tiny and m1.small
    for (const title of ['Total Instances', 'Total VCPUs', 'Total RAM', 'Total Volumes', 'Total Volume Storage']) expect(within(flavor).getByText(new RegExp(`^${title} \\(`))).toBeTruthy();
  });

  it('Networks: only networks with a subnet, the only one preselected; Ports: only free ports', async () => {
    const { dialog, user } = await openWizard();
    await user.type(within(dialog).getByRole('textbox', { name: 'Instance Name' }), 'web');
    await next(user, dialog, 'Source');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const flavor = await within(dialog).findByRole('group', { name: 'Flavor' });
    await user.click(within(flavor).getByRole('button', { name: 'Allocate m1.small' }));
    const networks = await next(user, dialog, 'Networks');
    expect(within(within(networks).getByRole('region', { name: /Allocated/ })).getByText('private')).toBeTruthy();
    expect(within(networks).queryByText('empty')).toBeNull();
    await user.click(within(networks).getByRole('button', { name: 'Deallocate private' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Select at least one network, or a port on the Network Ports step.')).toBeTruthy();
    await user.click(within(networks).getByRole('button', { name: 'Allocate private' }));
    const ports = await next(user, dialog, 'Network Ports');
    expect(within(ports).getByText('spare')).toBeTruthy();
    expect(within(ports).queryByText('gw')).toBeNull();
    const groups = await next(user, dialog, 'Security Groups');
    expect(within(within(groups).getByRole('region', { name: /Allocated/ })).getByText('default')).toBeTruthy();
  });

  it("launches: the final spec reaches POST /api/nova/servers/, 'Scheduled creation of 2 instance(s).' and the success URL", async () => {
    const create = vi.fn(({ data }) => ({ id: 'srv-1', ...data }));
    const backend = launchBackend({ resources: launchResources({ 'server-launch': { supports: () => true, create } }) });
    const { dialog, user, router } = await openWizard(backend, `${LAUNCH}?imageId=img-cirros&successUrl=%2Fproject%2Fimages`);
    await user.type(within(dialog).getByRole('textbox', { name: 'Instance Name' }), '  web  ');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Count' }), { target: { value: '2' } });
    await next(user, dialog, 'Source');
    await user.click(within(within(dialog).getByRole('radiogroup', { name: 'Create New Volume' })).getByRole('radio', { name: 'No' }));
    const flavor = await next(user, dialog, 'Flavor');
    await user.click(within(flavor).getByRole('button', { name: 'Allocate m1.small' }));
    await user.click(within(dialog).getByRole('button', { name: 'Launch Instance' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Scheduled creation of 2 instance(s).');
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0][0].data).toEqual({
      name: 'web',
      description: '',
      source_id: 'img-cirros',
      flavor_id: 'f-small',
      key_name: null,
      user_data: null,
      security_groups: ['sg-default'],
      nics: [{ 'net-id': PRIVATE_NETWORK.id, 'v4-fixed-ip': '' }],
      instance_count: 2,
      availability_zone: 'nova',
      disk_config: 'AUTO',
      config_drive: false,
      scheduler_hints: {},
    });
    await waitFor(() => expect(currentPath(router)).toBe('/project/images'));
  });

  it('a refusal is shown in the server words and the wizard stays open', async () => {
    const create = vi.fn(() => {
      throw new HttpError('Quota exceeded for instances: Requested 1, but already used 10 of 10 instances', 403, 'Quota exceeded for instances: Requested 1, but already used 10 of 10 instances');
    });
    const backend = launchBackend({ resources: launchResources({ 'server-launch': { supports: () => true, create } }) });
    const { dialog, user } = await openWizard(backend);
    await user.type(within(dialog).getByRole('textbox', { name: 'Instance Name' }), 'web');
    await next(user, dialog, 'Source');
    const flavor = await next(user, dialog, 'Flavor');
    await user.click(within(flavor).getByRole('button', { name: 'Allocate m1.tiny' }));
    await user.click(within(dialog).getByRole('button', { name: 'Launch Instance' }));
    expect(await within(dialog).findByText('Quota exceeded for instances: Requested 1, but already used 10 of 10 instances')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Launch Instance' })).toBeTruthy();
  });

  it('Launch Instance on an early step shows the first step with errors', async () => {
    const { dialog, user } = await openWizard();
    await user.type(within(dialog).getByRole('textbox', { name: 'Instance Name' }), 'web');
    await user.click(within(dialog).getByRole('button', { name: 'Launch Instance' }));
    const flavor = await within(dialog).findByRole('group', { name: 'Flavor' });
    expect(within(flavor).getAllByText('Select a flavor from the available flavors below.').length).toBeGreaterThan(0);
  });

  it('Key Pair: creates a key pair inline, downloads its private key and selects it; a taken name is refused', async () => {
    const create = vi.fn(({ data }) => ({ ...makeKeypair({ name: data.name }), private_key: '-----BEGIN PRIVATE KEY-----' }));
    const backend = launchBackend({ resources: launchResources({ keypair: { getList: () => [makeKeypair({ name: 'mykey' }), makeKeypair({ name: 'other' })], create } }) });
    const { dialog, user } = await openWizard(backend);
    await user.type(within(dialog).getByRole('textbox', { name: 'Instance Name' }), 'web');
    await next(user, dialog, 'Source');
    const flavor = await next(user, dialog, 'Flavor');
    await user.click(within(flavor).getByRole('button', { name: 'Allocate m1.tiny' }));
    await next(user, dialog, 'Networks');
    await next(user, dialog, 'Network Ports');
    await next(user, dialog, 'Security Groups');
    const keypairStep = await next(user, dialog, 'Key Pair');
    await user.click(within(keypairStep).getByRole('button', { name: 'Create Key Pair' }));
    const createDialog = await screen.findByRole('dialog', { name: 'Create Key Pair' });
    await user.type(within(createDialog).getByRole('textbox', { name: 'Key Pair Name' }), 'mykey');
    expect(within(createDialog).getByText('Keypair already exists or name contains bad characters.')).toBeTruthy();
    await user.clear(within(createDialog).getByRole('textbox', { name: 'Key Pair Name' }));
    await user.type(within(createDialog).getByRole('textbox', { name: 'Key Pair Name' }), 'new-key');
    await user.click(within(createDialog).getByRole('button', { name: 'Create Keypair' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Created keypair: new-key');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ data: { name: 'new-key', key_type: 'ssh' } }));
    expect(downloads).toEqual(['new-key.pem']);
    await user.click(within(createDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Key Pair' })).toBeNull());
    expect(within(within(keypairStep).getByRole('region', { name: /Allocated/ })).getByText('new-key')).toBeTruthy();
  });

  it("Key Pair: with can_set_password the admin password confirmation says 'Passwords do not match.'", async () => {
    const backend = launchBackend();
    const settings = await backend.settings.get();
    const withPassword = launchBackend({ settings: { ...settings, OPENSTACK_HYPERVISOR_FEATURES: { can_set_password: true } } });
    const { dialog, user } = await openWizard(withPassword);
    await user.type(within(dialog).getByRole('textbox', { name: 'Instance Name' }), 'web');
    for (const step of ['Source', 'Flavor']) await next(user, dialog, step);
    await user.click(within(dialog).getByRole('button', { name: 'Allocate m1.tiny' }));
    for (const step of ['Networks', 'Network Ports', 'Security Groups', 'Key Pair']) await next(user, dialog, step);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Set admin password' }));
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'secret2');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Passwords do not match.')).toBeTruthy();
  });

  it('Configuration: the script is limited to 16 KiB; disk partition and configuration drive', async () => {
    const { dialog, user } = await openWizard();
    await user.type(within(dialog).getByRole('textbox', { name: 'Instance Name' }), 'web');
    for (const step of ['Source', 'Flavor']) await next(user, dialog, step);
    await user.click(within(dialog).getByRole('button', { name: 'Allocate m1.tiny' }));
    for (const step of ['Networks', 'Network Ports', 'Security Groups', 'Key Pair', 'Configuration']) await next(user, dialog, step);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Customization Script' }), { target: { value: 'x'.repeat(16 * 1024) } });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('The content is larger than the maximum byte size')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Disk Partition' }).textContent).toBe('Automatic');
    expect(within(dialog).getByRole('checkbox', { name: 'Configuration Drive' })).toBeTruthy();
  });

  it("Configuration: opened straight from its step button, loads the script with the engine's one file picker ('Browse…')", async () => {
    const { dialog, user } = await openWizard();
    await user.type(within(dialog).getByRole('textbox', { name: 'Instance Name' }), 'web');
    await user.click(within(dialog).getByRole('button', { name: 'Configuration' }));
    const step = await within(dialog).findByRole('group', { name: 'Configuration' });
    expect(within(step).getByText('Browse…')).toBeTruthy();
    await user.upload(within(step).getByLabelText('Load Customization Script from a file'), new File(['#cloud-config\n'], 'init.yaml', { type: 'text/yaml' }));
    await waitFor(() => expect((within(step).getByRole('textbox', { name: 'Customization Script' }) as HTMLTextAreaElement).value).toBe('#cloud-config\n'));
    expect(within(step).getByText('init.yaml (14 bytes)')).toBeTruthy();
  });

  it("the images panel's Launch opens the wizard with that image as the source", async () => {
    const { user } = renderApp({ backend: launchBackend(), path: '/project/images' });
    await screen.findByRole('link', { name: 'cirros' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Actions for cirros' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Launch' }));
    await screen.findByRole('group', { name: 'Details' }, { timeout: 10_000 });
    const dialog = screen.getByRole('dialog', { name: 'Launch Instance' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Instance Name' }), 'web');
    const source = await next(user, dialog, 'Source');
    expect(within(within(source).getByRole('region', { name: /Allocated/ })).getByText('cirros')).toBeTruthy();
  });

  it('Key Pair: imports a public key inline and selects it', async () => {
    const create = vi.fn(({ data }) => makeKeypair({ name: data.name, public_key: data.public_key }));
    const backend = launchBackend({ resources: launchResources({ keypair: { getList: () => [makeKeypair({ name: 'mykey' }), makeKeypair({ name: 'other' })], create } }) });
    const { dialog, user } = await openWizard(backend);
    await user.type(within(dialog).getByRole('textbox', { name: 'Instance Name' }), 'web');
    for (const step of ['Source', 'Flavor']) await next(user, dialog, step);
    await user.click(within(dialog).getByRole('button', { name: 'Allocate m1.tiny' }));
    for (const step of ['Networks', 'Network Ports', 'Security Groups']) await next(user, dialog, step);
    const keypairStep = await next(user, dialog, 'Key Pair');
    await user.click(within(keypairStep).getByRole('button', { name: 'Import Key Pair' }));
    const importDialog = await screen.findByRole('dialog', { name: 'Import Key Pair' });
    await user.type(within(importDialog).getByRole('textbox', { name: 'Key Pair Name' }), 'laptop');
    await user.type(within(importDialog).getByRole('textbox', { name: 'Public Key' }), 'ssh-ed25519 AAAAC3 me@laptop');
    await user.click(within(importDialog).getByRole('button', { name: 'Import Key Pair' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Successfully imported key pair laptop.');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ data: { name: 'laptop', key_type: 'ssh', public_key: 'ssh-ed25519 AAAAC3 me@laptop' } }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import Key Pair' })).toBeNull());
    expect(within(within(keypairStep).getByRole('region', { name: /Allocated/ })).getByText('laptop')).toBeTruthy();
  });

  it('Cancel goes to the dismiss URL', async () => {
    const { dialog, user, router } = await openWizard(launchBackend(), `${LAUNCH}?dismissUrl=%2Fproject%2Fkey_pairs`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentPath(router)).toBe('/project/key_pairs'));
  });
});

