import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { useChromium } from '../support/chromium-fixture.js';
import type { TestCloud } from '../support/cloud.js';
import { createProjectMember, memberClient } from '../support/members.js';
import { expectToast, logIn, nextUntil, openSession } from '../support/pages.js';
import { waitUntil } from '../support/wait.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

describe('quotas and the Overviews in the browser (issue 22)', () => {
  it("lets the admin cut a project's RAM quota so that its launch wizard refuses the flavor that no longer fits, and shows the project's usage with its CSV", { timeout: 240_000 }, async () => {
    // A project of its own: other files launch in demo's project meanwhile, and its quotas must not move under them.
    const member = await createProjectMember(baseUrl, passwords.admin, 'e2e-quota');
    const cloud = { baseUrl, passwords } as TestCloud;
    const admin = await ApiClient.loggedIn(cloud, 'admin');
    const memberApi = await memberClient(cloud, member);
    const projectName = ((await admin.get(`/api/keystone/projects/?id=${member.projectId}`)).body.items as { name: string }[])[0].name;
    let serverId: string | undefined;
    let networkId: string | undefined;
    try {
      // The new project has no network of its own yet.
      networkId = (await memberApi.post('/api/neutron/networks/', { name: 'e2e-usage-net', admin_state_up: true })).body.id as string;
      expect((await memberApi.post('/api/neutron/subnets/', { network_id: networkId, name: 'e2e-usage-subnet', cidr: '10.77.0.0/24', ip_version: 4 })).status).toBe(201);
      const image = ((await memberApi.get('/api/glance/images/')).body.items as { id: string; name: string }[]).find((candidate) => candidate.name === 'tiny-boot')!;
      const launched = await memberApi.post('/api/nova/servers/', {
        name: 'e2e-usage-vm', source_id: image.id, flavor_id: '1', key_name: null, user_data: null, security_groups: ['default'], nics: [{ 'net-id': networkId, 'v4-fixed-ip': '' }],
      });
      expect(launched.status).toBe(201);
      serverId = launched.body.id as string;
      await waitUntil(async () => (await memberApi.get(`/api/nova/servers/${serverId}`)).body.status, (status) => status === 'ACTIVE', { what: 'the instance to be ACTIVE', timeout: 60_000 });

      // The admin edits the project's quotas: 1 GB of RAM, of which the m1.tiny instance uses 512 MB.
      const adminSession = await openSession(browser());
      const adminPage = adminSession.page;
      await logIn(adminPage, baseUrl, 'admin', passwords.admin, '/identity/projects');
      await adminPage.getByRole('button', { name: `Actions for ${projectName}`, exact: true }).click();
      await adminPage.getByRole('menuitem', { name: 'Modify Quotas' }).click();
      const dialog = adminPage.getByRole('dialog', { name: 'Edit Quotas' });
      await dialog.getByRole('spinbutton', { name: /^RAM \(MB\)/ }).fill('1024');
      await nextUntil(dialog, 'Network');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expectToast(adminPage, 'Modified quotas of project');

      // The admin Overview lists the project's usage this month.
      await adminPage.goto(`${baseUrl}/admin`);
      await adminPage.getByRole('table', { name: 'Usage' }).getByRole('row').filter({ hasText: projectName }).waitFor();
      await adminSession.context.close();

      // The member lands on the Overview: the RAM chart, the usage table with the instance, and usage.csv.
      const { page, context } = await openSession(browser());
      await logIn(page, baseUrl, member.username, member.password);
      expect(new URL(page.url()).pathname).toBe('/project');
      await page.locator('#quota_ram').getByText('Used 512 MB of 1 GB').waitFor();
      await page.getByRole('table', { name: 'Usage' }).getByRole('link', { name: 'e2e-usage-vm' }).waitFor();
      await page.getByRole('combobox', { name: /Period/ }).click();
      await page.getByRole('option', { name: 'Last week' }).click();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL((url) => url.searchParams.get('period') === '7');
      await page.getByRole('table', { name: 'Usage' }).getByRole('link', { name: 'e2e-usage-vm' }).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV Summary' }).click()]);
      expect(download.suggestedFilename()).toBe('usage.csv');
      const saved = join(mkdtempSync(join(tmpdir(), 'e2e-usage-')), 'usage.csv');
      await download.saveAs(saved);
      const csv = readFileSync(saved, 'utf8').split('\r\n');
      expect(csv[1]).toBe(`Project ID:,${member.projectId}`);
      expect(csv).toContain('Instance Name,vCPUs,RAM (MB),Disk (GB),Usage (Hours),Age (Seconds),State');
      expect(csv.find((line) => line.startsWith('e2e-usage-vm,'))).toMatch(/^e2e-usage-vm,1,512,1,\d+\.\d\d,\d+,Active$/);

      // The launch wizard refuses m1.small (2 GB) now, and still offers m1.tiny.
      await page.goto(`${baseUrl}/project/instances/launch`);
      const wizard = page.getByRole('dialog', { name: 'Launch Instance' });
      await wizard.getByRole('group', { name: 'Details' }).getByRole('textbox', { name: /^Instance Name/ }).fill('e2e-too-big');
      const source = await nextUntil(wizard, 'Source');
      await source.getByRole('radiogroup', { name: 'Create New Volume' }).getByRole('radio', { name: 'No' }).check();
      await source.getByRole('button', { name: 'Allocate tiny-boot', exact: true }).click();
      const flavor = await nextUntil(wizard, 'Flavor');
      const small = flavor.getByRole('row').filter({ has: page.getByRole('button', { name: 'Allocate m1.small', exact: true }) });
      await small.getByLabel('This flavor requires more RAM than your quota allows. Please select a smaller flavor or decrease the instance count.').waitFor();
      expect(await flavor.getByRole('button', { name: 'Allocate m1.small', exact: true }).isDisabled()).toBe(true);
      expect(await flavor.getByRole('button', { name: 'Allocate m1.tiny', exact: true }).isEnabled()).toBe(true);
      await context.close();
    } finally {
      if (serverId) {
        await memberApi.delete(`/api/nova/servers/${serverId}`);
        await waitUntil(async () => (await memberApi.get(`/api/nova/servers/${serverId}`)).status, (status) => status === 404, { what: 'the instance to be gone', timeout: 60_000 });
      }
      if (networkId) await memberApi.delete(`/api/neutron/networks/${networkId}/`);
      await member.remove();
    }
  });
});
