import type { Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { apiFromPage, expectToast, logIn, openInApp, openSession } from '../support/pages.js';
import { waitUntil } from '../support/wait.js';

const baseUrl = inject('baseUrl');
const passwords = inject('passwords');
const browser = useChromium();

/** A network behind a router with its interface, a security group, two servers on that network (the second after the first), and a floating IP on the first one's port. */
function template(net: string, network = '{ get_resource: net }') {
  return `heat_template_version: 2018-08-31
description: e2e web stack
parameters:
  cidr:
    type: string
    label: Subnet CIDR
    default: 10.71.0.0/24
resources:
  net:
    type: OS::Neutron::Net
    properties: { name: ${net} }
  subnet:
    type: OS::Neutron::Subnet
    properties:
      network: ${network}
      cidr: { get_param: cidr }
  router:
    type: OS::Neutron::Router
    properties:
      external_gateway_info: { network: public }
  interface:
    type: OS::Neutron::RouterInterface
    properties:
      router: { get_resource: router }
      subnet: { get_resource: subnet }
  sg:
    type: OS::Neutron::SecurityGroup
    properties:
      rules: [{ protocol: tcp, port_range_min: 22, port_range_max: 22 }]
  port:
    type: OS::Neutron::Port
    properties:
      network: { get_resource: net }
      fixed_ips: [{ subnet: { get_resource: subnet } }]
      security_groups: [{ get_resource: sg }]
  server:
    type: OS::Nova::Server
    properties:
      image: tiny-boot
      flavor: m1.tiny
      networks: [{ port: { get_resource: port } }]
  worker:
    type: OS::Nova::Server
    depends_on: [server]
    properties:
      image: tiny-boot
      flavor: m1.tiny
      networks: [{ network: { get_resource: net } }]
      security_groups: [{ get_resource: sg }]
  fip:
    type: OS::Neutron::FloatingIP
    depends_on: [interface]
    properties:
      floating_network: public
      port_id: { get_resource: port }
outputs:
  address:
    description: The floating IP
    value: { get_attr: [fip, floating_ip_address] }
`;
}

const rowOf = (page: Page, name: string) => page.getByRole('table', { name: 'Stacks' }).getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

describe('Stacks in the browser', () => {
  it(
    'lets demo launch a stack of a network, router, security group, two servers and a floating IP, watch its topology go from in progress to complete, see it on the network topology and in the panels, delete a server from the topology balloon, then delete the stack with everything it made',
    { timeout: 300_000 },
    async () => {
      const { page } = await openSession(browser());
      await page.setViewportSize({ width: 1600, height: 1000 });
      await logIn(page, baseUrl, 'demo', passwords.demo, '/project/stacks');
      const name = `e2eStack${Date.now()}`;
      const net = `${name}-net`;

      await page.getByRole('heading', { name: 'Stacks', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Launch Stack' }).or(page.getByRole('button', { name: 'Launch Stack' })).first().click();
      const wizard = page.getByRole('dialog', { name: 'Select Template' });
      await wizard.getByRole('combobox', { name: 'Template Source' }).click();
      await page.getByRole('option', { name: 'Direct Input' }).click();

      // A template error is refused at validation with Heat's message, and the wizard stays on the template.
      await wizard.getByRole('textbox', { name: 'Template Data' }).fill(template(net, '{ get_resource: nowhere }'));
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByRole('alert').getByText('The specified reference "nowhere" (in subnet.Properties.network) is incorrect.').waitFor();

      await wizard.getByRole('textbox', { name: 'Template Data' }).fill(template(net));
      await wizard.getByRole('button', { name: 'Next' }).click();
      const launch = page.getByRole('dialog', { name: 'Launch Stack' });
      // The parameters step is made from the template: its one parameter, with its label and default.
      expect(await launch.getByRole('textbox', { name: 'Subnet CIDR' }).inputValue()).toBe('10.71.0.0/24');
      await launch.getByRole('textbox', { name: /^Stack Name/ }).fill(name);
      const sent = page.waitForRequest((request: Request) => request.method() === 'POST' && request.url().endsWith('/api/heat/stacks/'));
      const answered = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/heat/stacks/'));
      await launch.getByRole('button', { name: 'Launch', exact: true }).click();
      const body = (await sent).postDataJSON() as Record<string, unknown>;
      expect(body).toMatchObject({ stack_name: name, parameters: { cidr: '10.71.0.0/24' }, timeout_mins: 60, disable_rollback: true });
      expect(String(body.template)).toContain('OS::Nova::Server');
      const stackId = ((await (await answered).json()) as { id: string }).id;
      await expectToast(page, 'Stack creation started.');

      // Its details at once, while Heat builds it (each resource holds 1.5 s in the test server): the stack and the
      // resources being made are drawn in progress, with the busy icon, and the info box says so.
      await rowOf(page, name).getByRole('link', { name, exact: true }).click();
      const topology = page.getByTestId('stack-topology');
      const info = page.getByTestId('stack-topology-info');
      await topology.locator(`[data-node="${name}"][data-status="CREATE_IN_PROGRESS"]`).waitFor();
      await info.getByText('Create In Progress', { exact: true }).waitFor();
      await page.evaluate(() => Object.assign(window, { stackPageMarker: true }));
      await topology.locator(`g[data-status="CREATE_IN_PROGRESS"]:not([data-node="${name}"]) image[href$="-gray-busy.svg"]`).first().waitFor();

      // Then, polled (3 s while in progress), every resource and the stack complete, green, without a reload.
      for (const resource of ['net', 'subnet', 'router', 'interface', 'sg', 'port', 'server', 'worker', 'fip']) {
        await topology.locator(`[data-node="${resource}"][data-status="CREATE_COMPLETE"]`).waitFor({ timeout: 120_000 });
      }
      await topology.locator(`[data-node="${name}"][data-status="CREATE_COMPLETE"]`).waitFor({ timeout: 60_000 });
      await info.getByText('Create Complete', { exact: true }).waitFor();
      expect(await topology.locator('[data-node="server"] image').getAttribute('href')).toMatch(/server-green\.svg$/);
      expect(await page.evaluate(() => (window as unknown as { stackPageMarker?: boolean }).stackPageMarker)).toBe(true);
      await page.getByRole('tab', { name: 'Resources' }).click();
      const resources = page.getByRole('table', { name: 'Stack Resources' });
      for (const type of ['OS::Neutron::Net', 'OS::Neutron::FloatingIP', 'OS::Nova::Server']) await resources.getByRole('cell', { name: type, exact: true }).first().waitFor();
      await page.getByRole('tab', { name: 'Overview' }).click();
      await page.getByRole('table', { name: 'Outputs' }).getByText(/^\d+\.\d+\.\d+\.\d+$/).waitFor();

      // The same resources on the network topology, flat then graph.
      const made = ((await apiFromPage(page, 'GET', `/api/heat/stacks/${stackId}/resources/`)).body as { items: { resource_name: string; physical_resource_id: string }[] }).items;
      const idOf = (resource: string) => made.find((item) => item.resource_name === resource)!.physical_resource_id;
      const worker = ((await apiFromPage(page, 'GET', `/api/nova/servers/${idOf('worker')}`)).body as { name: string }).name;
      await openInApp(page, '/project/network_topology?tab=topology_tabs__topology');
      await page.locator(`g.network[data-id="${idOf('net')}"]`).locator('.network-cidr', { hasText: '10.71.0.0/24' }).waitFor();
      await page.locator(`g.device.router[data-id="${idOf('router')}"]`).locator('.port_text', { hasText: '10.71.0.1' }).waitFor();
      for (const server of ['server', 'worker']) await page.locator(`g.device.instance[data-id="${idOf(server)}"]`).waitFor();
      await page.getByRole('tab', { name: 'Graph' }).click();
      await page.locator(`g.node.network[data-id="${idOf('net')}"]`).waitFor();
      await page.locator(`g.node.router[data-id="${idOf('router')}"]`).waitFor();
      await page.locator(`g.node.instance[data-id="${idOf('server')}"]`).waitFor();
      const workerNode = page.locator(`g.node.instance[data-id="${idOf('worker')}"]`);
      await workerNode.waitFor();

      // The second server deleted from its balloon: gone from the drawing at once, the page never reloaded.
      await page.evaluate(() => Object.assign(window, { topologyPageMarker: true }));
      await workerNode.dispatchEvent('click');
      const balloon = page.getByRole('dialog', { name: worker });
      await balloon.getByRole('button', { name: 'Delete Instance' }).click();
      const deleted = page.waitForRequest((request) => request.method() === 'DELETE' && request.url().includes(`/api/nova/servers/${idOf('worker')}`));
      await page.getByRole('dialog', { name: 'Confirm Delete Instance' }).getByRole('button', { name: 'Delete Instance' }).click();
      await deleted;
      await expectToast(page, `Scheduled deletion of Instance: ${worker}`);
      await workerNode.waitFor({ state: 'detached' });
      await page.locator(`g.node.instance[data-id="${idOf('server')}"]`).waitFor();
      expect(await page.evaluate(() => (window as unknown as { topologyPageMarker?: boolean }).topologyPageMarker)).toBe(true);

      // In the panels: the network, and the one server left.
      await openInApp(page, '/project/networks');
      await page.getByRole('link', { name: net, exact: true }).waitFor();
      await waitUntil(() => apiFromPage(page, 'GET', `/api/nova/servers/${idOf('worker')}`), (response) => response.status === 404, { what: 'the deleted server to go', timeout: 60_000 });

      // Deleting the stack deletes everything it made (the server already gone is no obstacle).
      await openInApp(page, '/project/stacks');
      await rowOf(page, name).getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Delete Stack', exact: true }).click();
      await page.getByRole('dialog', { name: 'Confirm Delete Stack' }).getByRole('button', { name: 'Delete Stack' }).click();
      await rowOf(page, name).waitFor({ state: 'detached', timeout: 120_000 });
      await expect
        .poll(async () => ((await apiFromPage(page, 'GET', '/api/neutron/networks/')).body as { items: { name: string }[] }).items.map((item) => item.name), { timeout: 60_000 })
        .not.toContain(net);
      expect((await apiFromPage(page, 'GET', `/api/nova/servers/${idOf('server')}`)).status).toBe(404);
      expect((await apiFromPage(page, 'GET', `/api/neutron/routers/${idOf('router')}/`)).status).toBe(404);
      const floating = (await apiFromPage(page, 'GET', '/api/network/floatingips/')).body as { items: { id: string }[] };
      expect(floating.items.map((item) => item.id)).not.toContain(idOf('fip'));
    },
  );

  it("shows a stack whose volume is over the project's quota as Create Failed with Heat's reason: in the list, on the topology and in the overview", { timeout: 120_000 }, async () => {
    const { page } = await openSession(browser());
    await page.setViewportSize({ width: 1600, height: 1000 });
    await logIn(page, baseUrl, 'demo', passwords.demo);
    const name = `e2eQuota${Date.now()}`;
    const template = 'heat_template_version: 2018-08-31\nresources:\n  vol:\n    type: OS::Cinder::Volume\n    properties: { size: 100000 }\n';
    const created = await apiFromPage(page, 'POST', '/api/heat/stacks/', { stack_name: name, template, timeout_mins: 60, disable_rollback: true });
    expect(created.status).toBe(201);
    const reason = /^Resource CREATE failed: OverLimit: resources\.vol: .*exceeds allowed gigabytes quota/;
    try {
      await openInApp(page, '/project/stacks');
      await rowOf(page, name).getByRole('cell', { name: 'Create Failed', exact: true }).waitFor({ timeout: 60_000 });

      await rowOf(page, name).getByRole('link', { name, exact: true }).click();
      const topology = page.getByTestId('stack-topology');
      await topology.locator(`[data-node="${name}"][data-status="CREATE_FAILED"]`).waitFor();
      expect(await topology.locator('[data-node="vol"][data-status="CREATE_FAILED"] image').getAttribute('href')).toMatch(/volume-red\.svg$/);
      const info = page.getByTestId('stack-topology-info');
      await info.getByText('Create Failed', { exact: true }).waitFor();
      await info.getByText(reason).waitFor();

      // In the Overview tab's panel: the topology's info panel, kept in the page, says it too.
      await page.getByRole('tab', { name: 'Overview' }).click();
      await page.getByRole('tabpanel', { name: 'Overview' }).getByText(reason).waitFor();
    } finally {
      await apiFromPage(page, 'DELETE', `/api/heat/stacks/${(created.body as { id: string }).id}/`);
    }
  });
});
