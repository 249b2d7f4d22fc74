import { describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { useChromium } from '../support/chromium-fixture.js';
import { type TestCloud, uniqueName } from '../support/cloud.js';
import { apiFromPage, expectToast, logIn, openSession } from '../support/pages.js';
import { waitUntil } from '../support/wait.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

/** Admin › Volumes in Chromium (issue 22): every project's volumes, and the Volume Types and QoS Specs tabs. */
describe('Admin › Volumes in the browser', () => {
  it("shows demo's volume with its Project; creates, edits and sets the extra specs of a volume type; creates a QoS spec and modifies its consumer", { timeout: 90_000 }, async () => {
    const cloud = { baseUrl, passwords } as TestCloud;
    const [demo, admin] = await Promise.all([ApiClient.loggedIn(cloud, 'demo'), ApiClient.loggedIn(cloud, 'admin')]);
    const volumeName = uniqueName('e2e-admin-vol');
    const typeName = uniqueName('e2e-type');
    const editedName = `${typeName}-edited`;
    const specName = uniqueName('e2e-qos');
    const volume = await demo.post('/api/cinder/volumes/', { size: 1, name: volumeName, description: '', volume_type: null, snapshot_id: null, image_id: null, source_volid: null, metadata: {}, availability_zone: null });
    expect(volume.status).toBe(201);
    const { context, page } = await openSession(browser());
    try {
      await logIn(page, baseUrl, 'admin', passwords.admin, '/admin/volumes');
      const volumeRow = page.getByRole('table', { name: 'Volumes' }).getByRole('row').filter({ hasText: volumeName });
      await volumeRow.getByRole('cell', { name: 'demo', exact: true }).waitFor();

      // Volume Types: create, then Edit Volume Type (name, description, Public off).
      await page.getByRole('tab', { name: 'Volume Types' }).click();
      await page.getByRole('button', { name: 'Create Volume Type' }).click();
      let dialog = page.getByRole('dialog', { name: 'Create Volume Type' });
      await dialog.getByRole('textbox', { name: /Name/ }).fill(typeName);
      await dialog.getByRole('button', { name: 'Create Volume Type' }).click();
      await expectToast(page, `Successfully created volume type: ${typeName}`);
      const types = page.getByRole('table', { name: 'Volume Types' });
      await types.getByRole('row').filter({ hasText: typeName }).waitFor();
      await page.getByRole('button', { name: `Actions for ${typeName}`, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Edit Volume Type' }).click();
      dialog = page.getByRole('dialog', { name: 'Edit Volume Type' });
      await dialog.getByRole('textbox', { name: /Name/ }).fill(editedName);
      await dialog.getByRole('textbox', { name: /Description/ }).fill('tier <b>gold</b>');
      await dialog.getByRole('checkbox', { name: /Public/ }).uncheck();
      const [edit] = await Promise.all([
        page.waitForRequest((request) => request.method() === 'PATCH' && new URL(request.url()).pathname.startsWith('/api/cinder/volumetypes/')),
        dialog.getByRole('button', { name: 'Edit', exact: true }).click(),
      ]);
      expect(edit.postDataJSON()).toEqual({ name: editedName, description: 'tier <b>gold</b>', is_public: false });
      await expectToast(page, 'Successfully updated volume type.');
      const editedRow = types.getByRole('row').filter({ has: page.getByRole('cell', { name: editedName, exact: true }) });
      // The toast comes with the answer; the row is redrawn once the list is read again.
      await editedRow.waitFor();
      expect(await editedRow.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining([editedName, 'tier <b>gold</b>', 'No']));
      const typeId = new URL(edit.url()).pathname.split('/').at(-2)!;

      // Its extra specs, as key/value metadata.
      await page.getByRole('button', { name: `Actions for ${editedName}`, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Update Extra Specs' }).click();
      dialog = page.getByRole('dialog', { name: `Update Extra Specs: ${editedName}` });
      await dialog.getByRole('textbox', { name: 'Custom' }).fill('e2e_tier');
      await dialog.getByRole('button', { name: 'Add custom property' }).click();
      await dialog.getByRole('region', { name: 'Existing Metadata' }).getByRole('textbox', { name: 'e2e_tier' }).fill('gold');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect((await apiFromPage(page, 'GET', `/api/cinder/volumetypes/${typeId}/metadata`)).body).toEqual({ e2e_tier: 'gold' });

      // QoS Specs: create (back-end), then Edit Consumer to both.
      await page.getByRole('tab', { name: 'QoS Specs' }).click();
      await page.getByRole('button', { name: 'Create QoS Spec' }).click();
      dialog = page.getByRole('dialog', { name: 'Create QoS Spec' });
      await dialog.getByRole('textbox', { name: /Name/ }).fill(specName);
      await dialog.getByRole('button', { name: 'Create', exact: true }).click();
      await expectToast(page, `Successfully created QoS Spec: ${specName}`);
      const specRow = page.getByRole('table', { name: 'QoS Specs' }).getByRole('row').filter({ hasText: specName });
      await specRow.getByRole('cell', { name: 'back-end', exact: true }).waitFor();
      await page.getByRole('button', { name: `Actions for ${specName}`, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Edit Consumer' }).click();
      dialog = page.getByRole('dialog', { name: 'Edit QoS Spec Consumer' });
      await dialog.getByRole('combobox', { name: /New QoS Spec Consumer/ }).click();
      await page.getByRole('option', { name: 'both', exact: true }).click();
      const [consumer] = await Promise.all([
        page.waitForRequest((request) => request.method() === 'PATCH' && new URL(request.url()).pathname.startsWith('/api/cinder/qosspecs/')),
        dialog.getByRole('button', { name: 'Modify Consumer' }).click(),
      ]);
      expect(consumer.postDataJSON()).toEqual({ consumer: 'both' });
      await expectToast(page, 'Successfully modified QoS Spec consumer.');
      await specRow.getByRole('cell', { name: 'both', exact: true }).waitFor();
    } finally {
      await context.close();
      const listed = async <T extends { id: string; name: string }>(path: string) => ((await admin.get(path)).body as { items: T[] }).items;
      for (const type of (await listed('/api/cinder/volumetypes/')).filter((candidate) => [typeName, editedName].includes(candidate.name))) await admin.delete(`/api/cinder/volumetypes/${type.id}/`);
      for (const spec of (await listed('/api/cinder/qosspecs/')).filter((candidate) => candidate.name === specName)) await admin.delete(`/api/cinder/qosspecs/${spec.id}/`);
      const volumeId = volume.body.id as string;
      await waitUntil(async () => (await demo.get(`/api/cinder/volumes/${volumeId}/`)).body.status, (status) => status !== 'creating', { what: 'the volume to be made' });
      await demo.delete(`/api/cinder/volumes/${volumeId}/`);
    }
  });
});
