import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { apiFromPage, logIn, openSession, SEED_FLAVOR } from '../support/pages.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

interface Server {
  id: string;
  status: string;
  'OS-EXT-STS:task_state': string | null;
  addresses: Record<string, { addr: string }[]>;
}

describe('An instance console in the browser', () => {
  it("opens the console URL the dashboard hands out (titled Console(<id>)) on the guest's boot log and login prompt", { timeout: 120_000 }, async () => {
    const { page, context } = await openSession(browser());
    await logIn(page, baseUrl, 'demo', passwords.demo);
    const images = (await apiFromPage(page, 'GET', '/api/glance/images/')).body as { items: { id: string; name: string }[] };
    const flavors = (await apiFromPage(page, 'GET', '/api/nova/flavors/')).body as { items: { id: string; name: string }[] };
    // Named: other files' networks come and go in demo's project, and Nova refuses to choose among several (409).
    const networks = (await apiFromPage(page, 'GET', '/api/neutron/networks/')).body as { items: { id: string; name: string }[] };
    const name = `e2e-console-${Date.now()}`;
    const created = await apiFromPage(page, 'POST', '/api/nova/servers/', {
      name,
      source_id: images.items.find((image) => image.name === 'tiny-boot')!.id,
      flavor_id: flavors.items.find((flavor) => flavor.name === SEED_FLAVOR)!.id,
      key_name: null,
      user_data: null,
      security_groups: ['default'],
      nics: [{ 'net-id': networks.items.find((network) => network.name === 'private')!.id, 'v4-fixed-ip': '' }],
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    let server: Server | undefined;
    // The build takes EMULATOR_SERVER_TRANSITION_MS; the server is read as the Instances panel polls it.
    const state = async () => {
      server = (await apiFromPage(page, 'GET', `/api/nova/servers/${id}`)).body as Server;
      return `${server.status}/${server['OS-EXT-STS:task_state']}`;
    };
    await expect.poll(state, { timeout: 60_000, interval: 1000 }).toBe('ACTIVE/null');

    const info = (await apiFromPage(page, 'POST', `/api/nova/servers/${id}/console-info/`, { console_type: 'AUTO' })).body as { type: string; url: string };
    expect(info.type).toBe('VNC');
    const popup = await context.newPage();
    await popup.setViewportSize({ width: 760, height: 560 });
    await popup.goto(info.url);
    expect(await popup.title()).toBe(`Console(${id})`);
    await popup.getByText(`login:`).waitFor();
    await popup.getByText(server!.addresses.private[0].addr).first().waitFor();
    await popup.close();

    expect((await apiFromPage(page, 'DELETE', `/api/nova/servers/${id}`)).status).toBe(204);
    await context.close();
  });
});
