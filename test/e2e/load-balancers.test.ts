import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { demoEndpoint } from '../support/demo-ports.js';
import { apiFromPage, expectToast, logIn, nextUntil, openInApp, openSession, SEED_FLAVOR } from '../support/pages.js';
import { waitUntil } from '../support/wait.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

type Items<T> = { items: T[] };
interface Member {
  id?: string;
  address: string;
  protocol_port: number;
  subnet_id: string;
}

/** A details page's action: its first form is a button, the others are in the 'Actions for <name>' menu. */
async function recordAction(page: Page, name: string, label: string): Promise<void> {
  const button = page.getByRole('button', { name: label, exact: true });
  if (await button.count()) return button.click();
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: label }).click();
}

/** The JSON body of the next request the page sends to `path` with `method`, while `act` runs. */
async function bodySent<T>(page: Page, method: string, path: string, act: () => Promise<void>): Promise<T> {
  const [request] = await Promise.all([page.waitForRequest((candidate) => candidate.method() === method && new URL(candidate.url()).pathname === path), act()]);
  return JSON.parse(request.postData() ?? 'null') as T;
}

/** Demo's certificate container in Barbican (the UI has no Barbican screen): a certificate and its private key. */
async function makeCertificate(name: string): Promise<{ container: string; refs: string[] }> {
  const { url, headers } = await demoEndpoint(baseUrl, passwords.demo, 'key-manager');
  const barbican = url.endsWith('/v1') ? url : `${url}/v1`;
  const post = async (path: string, body: unknown) => (await (await fetch(`${barbican}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as Record<string, string>;
  const certificate = (await post('/secrets', { name, payload: '-----BEGIN CERTIFICATE-----', payload_content_type: 'text/plain', secret_type: 'certificate' })).secret_ref;
  const key = (await post('/secrets', { name: `${name}-key`, payload: '-----BEGIN PRIVATE KEY-----', payload_content_type: 'text/plain', secret_type: 'private' })).secret_ref;
  const container = (await post('/containers', { type: 'certificate', name, secret_refs: [{ name: 'certificate', secret_ref: certificate }, { name: 'private_key', secret_ref: key }] })).container_ref;
  return { container, refs: [container, certificate, key] };
}

async function removeCertificate(refs: string[]): Promise<void> {
  const { headers } = await demoEndpoint(baseUrl, passwords.demo, 'key-manager');
  for (const ref of refs) await fetch(ref, { method: 'DELETE', headers });
}

describe('Load balancers in the browser', () => {
  it('lets demo build a load balancer through one wizard, watch it turn ACTIVE, add a TLS listener, an L7 policy with a rule and a floating IP, change the members, meet Octavia’s refusal while it is PENDING_UPDATE, and delete it all, landing on each parent', { timeout: 240_000 }, async () => {
    const { page, context } = await openSession(browser());
    // Straight to the list (the default landing, Instances, would poll the three servers made below while they build).
    await logIn(page, baseUrl, 'demo', passwords.demo, '/project/load_balancer');
    const stamp = Date.now();
    // Three running instances of demo's on the private network: their ports are the member candidates (spec 3 §3.1).
    const images = (await apiFromPage(page, 'GET', '/api/glance/images/')).body as Items<{ id: string; name: string }>;
    const flavors = (await apiFromPage(page, 'GET', '/api/nova/flavors/')).body as Items<{ id: string; name: string }>;
    const networks = (await apiFromPage(page, 'GET', '/api/neutron/networks/')).body as Items<{ id: string; name: string }>;
    const servers: { id: string; name: string; ip?: string }[] = [];
    let certificate: { container: string; refs: string[] } | undefined;
    let floatingIpId: string | undefined;
    const name = `<i>e2e-lb-${stamp}</i>`;
    try {
      for (const letter of ['a', 'b', 'c']) {
        const serverName = `e2e-lb-${letter}-${stamp}`;
        const created = await apiFromPage(page, 'POST', '/api/nova/servers/', {
          name: serverName,
          source_id: images.items.find((image) => image.name === 'tiny-boot')!.id,
          flavor_id: flavors.items.find((flavor) => flavor.name === SEED_FLAVOR)!.id,
          key_name: null,
          user_data: null,
          security_groups: ['default'],
          nics: [{ 'net-id': networks.items.find((network) => network.name === 'private')!.id, 'v4-fixed-ip': '' }],
        });
        expect(created.status).toBe(201);
        servers.push({ id: (created.body as { id: string }).id, name: serverName });
      }
      for (const server of servers) {
        await waitUntil(() => apiFromPage(page, 'GET', `/api/nova/servers/${server.id}`), (response) => (response.body as { status?: string }).status === 'ACTIVE', { what: `${server.name} ACTIVE` });
      }
      const ports = ((await apiFromPage(page, 'GET', '/api/neutron/ports/')).body as Items<{ device_id: string; fixed_ips: { ip_address: string }[] }>).items;
      for (const server of servers) server.ip = ports.find((port) => port.device_id === server.id)!.fixed_ips[0].ip_address;
      const [a, b, c] = servers;
      const candidate = (server: { name: string; ip?: string }) => `${server.name} (${server.ip})`;
      certificate = await makeCertificate(`e2e-tls-${stamp}`);

      // One wizard: the load balancer on the private subnet, an HTTP listener on 80, a ROUND_ROBIN pool, two members, an HTTP monitor.
      let reloads = 0;
      await page.getByRole('heading', { name: 'Load Balancers', level: 1 }).waitFor();
      page.on('load', () => reloads++);
      await page.getByRole('button', { name: 'Create Load Balancer' }).click();
      const wizard = page.getByRole('dialog', { name: 'Create Load Balancer' });
      await wizard.getByRole('textbox', { name: /^Name\b/ }).fill(name);
      await wizard.getByRole('combobox', { name: /Subnet/ }).click();
      await page.getByRole('option', { name: 'private-subnet' }).click();
      const listenerStep = await nextUntil(wizard, 'Listener Details');
      await listenerStep.getByRole('textbox', { name: /^Name\b/ }).fill('e2e-http');
      expect(await listenerStep.getByRole('spinbutton', { name: /^Port\b/ }).inputValue()).toBe('80');
      const poolStep = await nextUntil(wizard, 'Pool Details');
      await poolStep.getByRole('textbox', { name: /^Name\b/ }).fill('e2e-pool');
      const membersStep = await nextUntil(wizard, 'Pool Members');
      await membersStep.getByRole('button', { name: `Allocate ${candidate(a)}` }).click();
      await membersStep.getByRole('button', { name: `Allocate ${candidate(b)}` }).click();
      const monitorStep = await nextUntil(wizard, 'Monitor Details');
      await monitorStep.getByRole('textbox', { name: /^Name\b/ }).fill('e2e-monitor');
      const spec = await bodySent<Record<string, any>>(page, 'POST', '/api/lbaas/loadbalancers/', () => wizard.getByRole('button', { name: 'Create Load Balancer' }).click());
      expect(spec.listener).toMatchObject({ name: 'e2e-http', protocol: 'HTTP', protocol_port: 80 });
      expect(spec.pool).toMatchObject({ name: 'e2e-pool', protocol: 'HTTP', lb_algorithm: 'ROUND_ROBIN' });
      expect(spec.members.map((member: Member) => [member.address, member.protocol_port])).toEqual([
        [a.ip, 80],
        [b.ip, 80],
      ]);
      expect(spec.monitor).toMatchObject({ name: 'e2e-monitor', type: 'HTTP', http_method: 'GET', url_path: '/', expected_codes: '200' });
      await expectToast(page, 'A new load balancer is being created.');
      await wizard.waitFor({ state: 'detached' });

      // The row follows PENDING_CREATE to ACTIVE by polling, the page never reloaded; the name is text, not markup.
      const table = page.getByRole('table', { name: 'Load Balancers' });
      const row = table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
      await row.getByRole('cell', { name: 'ACTIVE', exact: true }).waitFor({ timeout: 30_000 });
      expect(reloads).toBe(0);

      await row.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      const lbUrl = page.url().replace(/\?.*$/, '');
      const lbId = lbUrl.split('/').pop()!;
      const lbActive = () =>
        waitUntil(() => apiFromPage(page, 'GET', `/api/lbaas/loadbalancers/${lbId}/`), (response) => (response.body as { provisioning_status?: string }).provisioning_status === 'ACTIVE', { what: 'the load balancer ACTIVE' });

      // Associate a floating IP allocated from the public pool; the details show its address.
      const pools = ((await apiFromPage(page, 'GET', '/api/network/floatingippools/')).body as Items<{ id: string; name: string }>).items;
      await recordAction(page, name, 'Associate Floating IP');
      const associate = page.getByRole('dialog', { name: 'Associate Floating IP' });
      await associate.getByRole('combobox').click();
      await page.getByRole('option', { name: pools[0].name, exact: true }).click();
      await associate.getByRole('button', { name: 'Submit' }).click();
      await expectToast(page, 'Associating floating IP with load balancer.');
      const withIp = await waitUntil(() => apiFromPage(page, 'GET', `/api/lbaas/loadbalancers/${lbId}/?full=true`), (response) => Boolean((response.body as { floating_ip?: { ip?: string } }).floating_ip?.ip), { what: 'the floating IP on the load balancer' });
      const floatingIp = (withIp.body as { floating_ip: { id: string; ip: string } }).floating_ip;
      floatingIpId = floatingIp.id;
      await page.getByRole('tabpanel').getByText(floatingIp.ip, { exact: true }).waitFor({ timeout: 30_000 });

      // A TERMINATED_HTTPS listener on 443 with the certificate made in Barbican.
      await lbActive();
      await page.getByRole('tab', { name: 'Listeners' }).click();
      await page.getByRole('button', { name: 'Create Listener' }).click();
      const listenerWizard = page.getByRole('dialog', { name: 'Create Listener' });
      const tlsStep = listenerWizard.getByRole('group', { name: 'Listener Details' });
      await tlsStep.getByRole('textbox', { name: /^Name\b/ }).fill('e2e-tls');
      await tlsStep.getByRole('combobox', { name: /Protocol/ }).click();
      await page.getByRole('option', { name: 'TERMINATED_HTTPS' }).click();
      expect(await tlsStep.getByRole('spinbutton', { name: /^Port\b/ }).inputValue()).toBe('443');
      const tlsPool = await nextUntil(listenerWizard, 'Pool Details');
      await tlsPool.getByRole('checkbox', { name: 'Create Pool' }).uncheck();
      const certificates = await nextUntil(listenerWizard, 'SSL Certificates');
      await certificates.getByRole('button', { name: `Allocate e2e-tls-${stamp}` }).click();
      const tlsBody = await bodySent<Record<string, any>>(page, 'POST', '/api/lbaas/listeners/', () => listenerWizard.getByRole('button', { name: 'Create Listener' }).click());
      expect(tlsBody).toMatchObject({ loadbalancer_id: lbId, listener: { name: 'e2e-tls', protocol: 'TERMINATED_HTTPS', protocol_port: 443 }, certificates: [certificate.container] });
      await expectToast(page, 'A new listener is being created.');
      const listeners = page.getByRole('table', { name: 'Listeners' });
      await listeners.getByRole('row').filter({ hasText: 'e2e-tls' }).getByRole('cell', { name: 'ACTIVE', exact: true }).waitFor({ timeout: 30_000 });

      // An L7 policy with a rule on the HTTP listener.
      await listeners.getByRole('link', { name: 'e2e-http' }).click();
      await page.getByRole('heading', { name: 'e2e-http', level: 1 }).waitFor();
      const listenerUrl = page.url().replace(/\?.*$/, '');
      await lbActive();
      await page.getByRole('tab', { name: 'L7 Policies' }).click();
      await page.getByRole('button', { name: 'Create L7 Policy' }).click();
      const policyForm = page.getByRole('dialog', { name: 'Create L7 Policy' });
      await policyForm.getByRole('textbox', { name: /^Name\b/ }).fill('e2e-policy');
      await policyForm.getByRole('button', { name: 'Create L7 Policy' }).click();
      await expectToast(page, 'A new l7 policy is being created.');
      const policies = page.getByRole('table', { name: 'L7 Policies' });
      await policies.getByRole('row').filter({ hasText: 'e2e-policy' }).getByRole('cell', { name: 'ACTIVE', exact: true }).first().waitFor({ timeout: 30_000 });
      await policies.getByRole('link', { name: 'e2e-policy' }).click();
      await page.getByRole('tab', { name: 'L7 Rules' }).click();
      await lbActive();
      await page.getByRole('button', { name: 'Create L7 Rule' }).click();
      const ruleForm = page.getByRole('dialog', { name: 'Create L7 Rule' });
      await ruleForm.getByRole('textbox', { name: /^Value\b/ }).fill('www.example.com');
      await ruleForm.getByRole('button', { name: 'Create L7 Rule' }).click();
      await ruleForm.waitFor({ state: 'detached' });
      await page.getByRole('table', { name: 'L7 Rules' }).getByRole('cell', { name: 'ACTIVE', exact: true }).first().waitFor({ timeout: 30_000 });

      // Add/Remove Members: the whole list goes out, the kept member with its id, the new one without; the table follows.
      await openInApp(page, new URL(listenerUrl).pathname);
      await page.getByRole('tab', { name: 'Pools' }).click();
      await page.getByRole('table', { name: 'Pools' }).getByRole('link', { name: 'e2e-pool' }).click();
      await page.getByRole('heading', { name: 'e2e-pool', level: 1 }).waitFor();
      const poolUrl = page.url().replace(/\?.*$/, '');
      const poolId = poolUrl.split('/').pop()!;
      await lbActive();
      await recordAction(page, 'e2e-pool', 'Add/Remove Members');
      const membersForm = page.getByRole('dialog', { name: 'Add/Remove Members' });
      await membersForm.getByRole('button', { name: `Remove ${candidate(a)}` }).click();
      await membersForm.getByRole('button', { name: `Allocate ${candidate(c)}` }).click();
      const memberList = await bodySent<{ loadbalancer_id: string; members: Member[] }>(page, 'PUT', `/api/lbaas/pools/${poolId}/members/`, () => membersForm.getByRole('button', { name: 'Submit' }).click());
      expect(memberList.loadbalancer_id).toBe(lbId);
      expect(memberList.members.map((member) => [member.address, member.protocol_port, Boolean(member.id)])).toEqual([
        [b.ip, 80, true],
        [c.ip, 80, false],
      ]);
      await expectToast(page, 'The pool members have been updated.');
      // The server runs the change as a job (delete, wait for ACTIVE, add): the Members tab is opened once it is done, as the
      // members table does not follow a running job (it has no poll rule, and the member added is not in the list until its step).
      await waitUntil(
        () => apiFromPage(page, 'GET', `/api/lbaas/pools/${poolId}/members/`),
        (response) => JSON.stringify((response.body as Items<Member & { provisioning_status: string }>).items.map((member) => [member.address, member.provisioning_status]).sort()) === JSON.stringify([[b.ip, 'ACTIVE'], [c.ip, 'ACTIVE']].sort()),
        { what: 'the members job done', interval: 250 },
      );
      await page.getByRole('tab', { name: 'Members' }).click();
      const members = page.getByRole('table', { name: 'Members' });
      await members.getByRole('cell', { name: c.ip, exact: true }).waitFor({ timeout: 30_000 });
      await members.getByRole('cell', { name: a.ip, exact: true }).waitFor({ state: 'detached', timeout: 30_000 });

      // Editing while the load balancer is PENDING_UPDATE: Octavia's 409 shows in the form, which stays open.
      await openInApp(page, new URL(lbUrl).pathname);
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await lbActive();
      await recordAction(page, name, 'Edit Load Balancer');
      const editForm = page.getByRole('dialog', { name: 'Edit Load Balancer' });
      await editForm.getByRole('textbox', { name: /^Description\b/ }).fill('edited while pending');
      const lbPath = `/api/lbaas/loadbalancers/${lbId}/`;
      let firstEdit = 0;
      // Just before the form's PUT reaches the server, another edit puts the load balancer in PENDING_UPDATE. That lasts
      // the test server's 300 ms: on a busy machine the form's PUT may come after it, and is then sent again after
      // another edit (the same description: a repeat changes nothing) until Octavia refuses it, and the form gets that refusal.
      await page.route(`**${lbPath}`, async (route) => {
        if (route.request().method() !== 'PUT') return route.continue();
        for (let attempt = 1; ; attempt++) {
          // The form's own headers (its CSRF token) on the other edit; the context's cookies go with it.
          const first = await page.request.put(`${baseUrl}${lbPath}`, { headers: route.request().headers(), data: { loadbalancer: { description: 'first edit' } } });
          firstEdit = first.status();
          const answer = await route.fetch();
          if (answer.status() === 409 || attempt === 5) return route.fulfill({ response: answer });
          await lbActive();
        }
      });
      await editForm.getByRole('button', { name: 'Submit' }).click();
      await editForm.getByText(`Invalid state PENDING_UPDATE of loadbalancer resource ${lbId}`, { exact: true }).waitFor();
      await page.unroute(`**${lbPath}`);
      expect(firstEdit).toBe(204);
      expect(await editForm.isVisible()).toBe(true);
      await editForm.getByRole('button', { name: 'Cancel' }).click();

      // Deletes land on each parent: the monitor on its pool, the pool on its listener, the listener on its load balancer, the load balancer on the list.
      await openInApp(page, new URL(poolUrl).pathname);
      await page.getByRole('tab', { name: 'Health Monitors' }).click();
      await page.getByRole('table', { name: 'Health Monitors' }).getByRole('link', { name: 'e2e-monitor' }).click();
      await page.getByRole('heading', { name: 'e2e-monitor', level: 1 }).waitFor();
      await lbActive();
      await page.getByRole('button', { name: 'Delete Health Monitor' }).click();
      await page.getByRole('dialog', { name: 'Confirm Delete Health Monitor' }).getByRole('button', { name: 'Delete Health Monitor' }).click();
      await page.waitForURL(poolUrl);
      await page.getByRole('heading', { name: 'e2e-pool', level: 1 }).waitFor();
      await lbActive();
      await page.getByRole('button', { name: 'Delete Pool' }).click();
      await page.getByRole('dialog', { name: 'Confirm Delete Pool' }).getByRole('button', { name: 'Delete Pool' }).click();
      await page.waitForURL(listenerUrl);
      await page.getByRole('heading', { name: 'e2e-http', level: 1 }).waitFor();
      await lbActive();
      await page.getByRole('button', { name: 'Delete Listener' }).click();
      await page.getByRole('dialog', { name: 'Confirm Delete Listener' }).getByRole('button', { name: 'Delete Listener' }).click();
      await page.waitForURL(lbUrl);
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await lbActive();
      await page.getByRole('button', { name: 'Delete Load Balancer' }).click();
      await page.getByRole('dialog', { name: 'Confirm Delete Load Balancer' }).getByRole('button', { name: 'Delete Load Balancer' }).click();
      await expectToast(page, `Deleted Load Balancer: ${name}.`);
      await page.waitForURL(`${baseUrl}/project/load_balancer`);
      await table.getByRole('link', { name, exact: true }).waitFor({ state: 'detached', timeout: 30_000 });
    } finally {
      if (floatingIpId) await apiFromPage(page, 'DELETE', `/api/network/floatingips/${floatingIpId}/`);
      for (const server of servers) await apiFromPage(page, 'DELETE', `/api/nova/servers/${server.id}`);
      if (certificate) await removeCertificate(certificate.refs);
      await context.close();
    }
  });
});
