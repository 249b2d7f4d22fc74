import { describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { useChromium } from '../support/chromium-fixture.js';
import { type TestCloud, uniqueName } from '../support/cloud.js';
import { expectToast, instanceRowAction, logIn, openPanel, openSession, waitForInstanceStatus } from '../support/pages.js';
import { waitUntil } from '../support/wait.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

/** Launches an instance in demo's project through the API and waits for it to be ACTIVE. */
async function demoInstance(demo: ApiClient, name: string): Promise<string> {
  const image = ((await demo.get('/api/glance/images/')).body.items as { id: string; name: string }[]).find((candidate) => candidate.name === 'tiny-boot')!;
  const network = ((await demo.get('/api/neutron/networks/')).body.items as { id: string; name: string }[]).find((candidate) => candidate.name === 'private')!;
  const launched = await demo.post('/api/nova/servers/', { name, source_id: image.id, flavor_id: '1', key_name: null, user_data: null, security_groups: ['default'], nics: [{ 'net-id': network.id, 'v4-fixed-ip': '' }] });
  expect(launched.status).toBe(201);
  await waitUntil(async () => (await demo.get(`/api/nova/servers/${launched.body.id}`)).body.status, (status) => status === 'ACTIVE', { what: 'the instance to be ACTIVE', timeout: 60_000 });
  return launched.body.id as string;
}

describe('instance actions in the browser (issue 22)', () => {
  it('lets demo attach a volume to an instance and detach it, then shelve and unshelve it', { timeout: 240_000 }, async () => {
    const cloud = { baseUrl, passwords } as TestCloud;
    const demo = await ApiClient.loggedIn(cloud, 'demo');
    const name = uniqueName('e2e-actions');
    const serverId = await demoInstance(demo, name);
    const volumeName = uniqueName('e2e-attach');
    const volume = await demo.post('/api/cinder/volumes/', { size: 1, name: volumeName, description: null, volume_type: null, snapshot_id: null, source_volid: null, image_id: null, availability_zone: null, metadata: {} });
    expect(volume.status).toBe(201);
    const { page, context } = await openSession(browser());
    try {
      await waitUntil(async () => (await demo.get(`/api/cinder/volumes/${volume.body.id}/`)).body.status, (status) => status === 'available', { what: 'the volume', timeout: 60_000 });
      await logIn(page, baseUrl, 'demo', passwords.demo, '/project/instances');
      await waitForInstanceStatus(page, name, 'Active');

      await instanceRowAction(page, name, 'Attach Volume');
      const attach = page.getByRole('dialog', { name: 'Attach Volume' });
      await attach.getByRole('combobox', { name: /Volume ID/ }).click();
      await page.getByRole('option', { name: `${volumeName} (${volume.body.id})` }).click();
      await attach.getByRole('button', { name: 'Attach Volume' }).click();
      await expectToast(page, `Attaching volume ${volumeName} (${volume.body.id}) to instance ${serverId} on /dev/`);
      await waitUntil(async () => (await demo.get(`/api/cinder/volumes/${volume.body.id}/`)).body.status, (status) => status === 'in-use', { what: 'the volume in use', timeout: 60_000 });

      await instanceRowAction(page, name, 'Detach Volume');
      const detach = page.getByRole('dialog', { name: 'Detach Volume' });
      await detach.getByRole('combobox', { name: /Volume ID/ }).click();
      await page.getByRole('option', { name: `${volumeName} (${volume.body.id})` }).click();
      await detach.getByRole('button', { name: 'Detach Volume' }).click();
      await expectToast(page, `Detaching volume ${volumeName} (${volume.body.id}) from instance ${serverId}.`);
      await waitUntil(async () => (await demo.get(`/api/cinder/volumes/${volume.body.id}/`)).body.status, (status) => status === 'available', { what: 'the volume detached', timeout: 60_000 });

      await instanceRowAction(page, name, 'Shelve Instance');
      await expectToast(page, `Shelved Instance: ${name}`);
      await waitForInstanceStatus(page, name, 'Shelved Offloaded');
      await instanceRowAction(page, name, 'Unshelve Instance');
      await expectToast(page, `Unshelved Instance: ${name}`);
      await waitForInstanceStatus(page, name, 'Active');
    } finally {
      await context.close();
      await demo.delete(`/api/nova/servers/${serverId}`);
      await waitUntil(async () => (await demo.get(`/api/cinder/volumes/${volume.body.id}/`)).body.status, (status) => status === 'available', { what: 'the volume free', timeout: 60_000 }).catch(() => undefined);
      await demo.delete(`/api/cinder/volumes/${volume.body.id}`);
    }
  });

  it("lets the admin live-migrate demo's instance to another host and find it in that hypervisor's details", { timeout: 240_000 }, async () => {
    const cloud = { baseUrl, passwords } as TestCloud;
    const demo = await ApiClient.loggedIn(cloud, 'demo');
    const admin = await ApiClient.loggedIn(cloud, 'admin');
    const name = uniqueName('e2e-migrate');
    const serverId = await demoInstance(demo, name);
    const before = (await admin.get(`/api/nova/servers/${serverId}`)).body['OS-EXT-SRV-ATTR:host'] as string;
    const target = ((await admin.get('/api/nova/hypervisors/')).body.items as { hypervisor_hostname: string }[]).map((hypervisor) => hypervisor.hypervisor_hostname).find((host) => host !== before)!;
    const { page, context } = await openSession(browser());
    try {
      await logIn(page, baseUrl, 'admin', passwords.admin, '/admin/instances');
      await waitForInstanceStatus(page, name, 'Active');
      await instanceRowAction(page, name, 'Live Migrate Instance');
      const dialog = page.getByRole('dialog', { name: 'Live Migrate' });
      expect(await dialog.getByRole('textbox', { name: /Current Host/ }).inputValue()).toBe(before);
      await dialog.getByRole('combobox', { name: /New Host/ }).click();
      await page.getByRole('option', { name: target, exact: true }).click();
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await expectToast(page, `The instance is preparing the live migration to host "${target}".`);
      await waitUntil(async () => (await admin.get(`/api/nova/servers/${serverId}`)).body['OS-EXT-SRV-ATTR:host'], (host) => host === target, { what: 'the instance on its new host', timeout: 60_000 });

      await openPanel(page, baseUrl, '/admin/hypervisors');
      await page.getByRole('table', { name: 'Hypervisors' }).getByRole('link', { name: target, exact: true }).click();
      await page.getByRole('table', { name: 'Instances' }).getByRole('cell', { name: serverId, exact: true }).waitFor();
    } finally {
      await context.close();
      await demo.delete(`/api/nova/servers/${serverId}`);
    }
  });
});
