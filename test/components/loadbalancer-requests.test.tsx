import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectContract } from '../support/contract';
import { renderWithApi, reply } from '../support/fake-api';
import { currentPath } from '../support/render-app';

/**
 * The bodies the browser sends for load balancers (spec 3 §2.3, §4.1, §5.1,
 * §9.1; api-contract §10), through the real data provider and HTTP helper:
 * the Create Load Balancer wizard's spec for each choice that changes it,
 * Add/Remove Members' whole list, and Associate Floating IP's target.
 */
const SERVICES = ['identity', 'compute', 'network', 'load-balancer'];
const CERT = 'http://cloud.test/key-manager/v1/containers/c-web';

const LB = {
  id: 'lb1',
  name: 'front',
  description: '',
  vip_address: '10.0.0.5',
  vip_subnet_id: 'sub-private',
  vip_port_id: 'port-vip',
  provisioning_status: 'ACTIVE',
  operating_status: 'ONLINE',
  admin_state_up: true,
  floating_ip: {},
  listeners: [],
  pools: [],
};
const POOL = { id: 'pool1', name: 'web', protocol: 'HTTP', lb_algorithm: 'ROUND_ROBIN', loadbalancers: [{ id: 'lb1' }], listeners: [{ id: 'l1' }], provisioning_status: 'ACTIVE', operating_status: 'ONLINE', admin_state_up: true };
const LISTENER = { id: 'l1', name: 'http', protocol: 'HTTP', protocol_port: 80, load_balancers: [{ id: 'lb1' }], load_balancer_id: 'lb1', default_pool_id: 'pool1', provisioning_status: 'ACTIVE', operating_status: 'ONLINE', admin_state_up: true };
const MEMBER_A = { id: 'm-a', name: '', address: '10.0.0.11', protocol_port: 8080, weight: 3, subnet_id: 'sub-private', provisioning_status: 'ACTIVE', operating_status: 'ONLINE', admin_state_up: true, backup: false };

const ROUTES = {
  'GET /api/lbaas/loadbalancers/': () => ({ items: [LB] }),
  'GET /api/lbaas/loadbalancers/:id/': () => LB,
  'POST /api/lbaas/loadbalancers/': (request: { body: unknown }) => ({ ...LB, id: 'lb-new', provisioning_status: 'PENDING_CREATE', name: ((request.body as { loadbalancer: { name?: string } }).loadbalancer.name) ?? '' }),
  'GET /api/lbaas/listeners/': () => ({ items: [LISTENER] }),
  'GET /api/lbaas/listeners/:id/': () => LISTENER,
  'GET /api/lbaas/pools/': () => ({ items: [POOL] }),
  'GET /api/lbaas/pools/:id/': () => POOL,
  'GET /api/lbaas/pools/:id/members/': () => ({ items: [MEMBER_A] }),
  'PUT /api/lbaas/pools/:id/members/': () => null,
  'GET /api/lbaas/healthmonitors/': () => ({ items: [] }),
  // One enabled and one disabled of each: only the enabled ones are offered (spec 3 §9.1).
  'GET /api/lbaas/flavors/': () => ({
    items: [
      { id: 'fl-small', name: 'small', description: 'One amphora', is_enabled: true, flavor_profile_id: 'fp1' },
      { id: 'fl-retired', name: 'retired', description: '', is_enabled: false, flavor_profile_id: 'fp1' },
    ],
  }),
  'GET /api/lbaas/availabilityzones/': () => ({
    items: [
      { name: 'az-east', description: '', availability_zone_profile_id: 'azp1', is_enabled: true },
      { name: 'az-closed', description: '', availability_zone_profile_id: 'azp1', is_enabled: false },
    ],
  }),
  'GET /api/neutron/subnets/': () => ({ items: [{ id: 'sub-private', name: 'private-subnet', cidr: '10.0.0.0/24', ip_version: 4, network_id: 'net-private' }] }),
  'GET /api/nova/servers/': () => ({ items: [{ id: 'srv-a', name: 'web-a' }, { id: 'srv-b', name: 'web-b' }] }),
  'GET /api/neutron/ports/': () => ({
    items: [
      { id: 'p-a', device_id: 'srv-a', fixed_ips: [{ subnet_id: 'sub-private', ip_address: '10.0.0.11' }] },
      { id: 'p-b', device_id: 'srv-b', fixed_ips: [{ subnet_id: 'sub-private', ip_address: '10.0.0.12' }] },
    ],
  }),
  'GET /api/octavia-barbican/certificates/': () => ({ items: [{ container_ref: CERT, name: 'web-cert', type: 'certificate', secret_refs: [] }] }),
  'GET /api/network/floatingips/': () => ({ items: [{ id: 'fip-1', ip: '172.24.4.9', floating_ip_address: '172.24.4.9', port_id: null, pool: 'net-public' }] }),
  'GET /api/network/floatingippools/': () => ({ items: [] }),
  'PATCH /api/network/floatingip/': () => ({}),
};

type Api = ReturnType<typeof renderWithApi>;

async function openWizard(): Promise<{ api: Api; dialog: HTMLElement }> {
  const api = renderWithApi({ path: '/project/load_balancer', routes: ROUTES, services: SERVICES });
  await screen.findByRole('link', { name: 'front' }, { timeout: 20_000 });
  await api.user.click(screen.getByRole('button', { name: 'Create Load Balancer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Load Balancer' }, { timeout: 20_000 });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: '<b>edge</b>' } });
  await api.user.click(within(dialog).getByRole('combobox', { name: /Subnet/ }));
  await api.user.click(await screen.findByRole('option', { name: 'private-subnet' }));
  return { api, dialog };
}

async function next(api: Api, dialog: HTMLElement, step: string): Promise<HTMLElement> {
  await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
  return within(dialog).findByRole('group', { name: step });
}

/** Opens the `field` choice, checks it offers exactly `offered` (the empty choice first), and picks `choice`. */
async function chooseOnly(api: Api, dialog: HTMLElement, field: string, offered: string[], choice: string): Promise<void> {
  await api.user.click(within(dialog).getByRole('combobox', { name: field }));
  const list = await screen.findByRole('listbox');
  await within(list).findByRole('option', { name: choice });
  expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(offered);
  await api.user.click(within(list).getByRole('option', { name: choice }));
}

async function finish(api: Api, dialog: HTMLElement): Promise<Record<string, unknown>> {
  await api.user.click(within(dialog).getByRole('button', { name: 'Create Load Balancer' }));
  await waitFor(() => expect(api.sent('POST', '/api/lbaas/loadbalancers/')).toHaveLength(1));
  const [body] = api.sent('POST', '/api/lbaas/loadbalancers/') as Record<string, unknown>[];
  expectContract(body, 'loadbalancer.schema.json#/$defs/createRequest');
  return body;
}

describe('Create Load Balancer sends the wizard spec (spec 3 §2.3, §5.1, §9.1)', { timeout: 90_000 }, () => {
  it('with the defaults: an HTTP listener on 80, a ROUND_ROBIN HTTP pool, the chosen member on port 80 with weight 1, and an HTTP monitor', async () => {
    const { api, dialog } = await openWizard();
    await next(api, dialog, 'Listener Details');
    await next(api, dialog, 'Pool Details');
    const members = await next(api, dialog, 'Pool Members');
    await api.user.click(await within(members).findByRole('button', { name: 'Allocate web-a (10.0.0.11)' }));
    await next(api, dialog, 'Monitor Details');
    // The monitor is the last step: no certificates for an HTTP listener, so no Next (spec 3 §2.3).
    expect(within(dialog).queryByRole('button', { name: 'Next' })).toBeNull();
    const body = await finish(api, dialog);
    // No flavor or availability zone chosen: neither is sent.
    expect(body).toEqual({
      loadbalancer: { name: '<b>edge</b>', vip_subnet_id: 'sub-private', admin_state_up: true },
      listener: { protocol: 'HTTP', protocol_port: 80, connection_limit: -1, admin_state_up: true, timeout_client_data: 50000, timeout_member_connect: 5000, timeout_member_data: 50000, timeout_tcp_inspect: 0 },
      pool: { lb_algorithm: 'ROUND_ROBIN', protocol: 'HTTP', admin_state_up: true, tls_enabled: false },
      members: [{ address: '10.0.0.11', subnet_id: 'sub-private', protocol_port: 80, weight: 1, admin_state_up: true, backup: false }],
      monitor: { type: 'HTTP', delay: 5, timeout: 5, max_retries: 3, max_retries_down: 3, http_method: 'GET', expected_codes: '200', url_path: '/', admin_state_up: true },
    });
    await screen.findByText('A new load balancer is being created.');
  });

  it('without a listener: only the load balancer part, with the flavor and availability zone chosen among the enabled ones only; creating no listener turns the pool and the monitor off', async () => {
    const { api, dialog } = await openWizard();
    await chooseOnly(api, dialog, 'Flavor', ['No flavor', 'small: One amphora'], 'small: One amphora');
    await chooseOnly(api, dialog, 'Availability Zone', ['No availability zone', 'az-east'], 'az-east');
    const listener = await next(api, dialog, 'Listener Details');
    await api.user.click(within(listener).getByRole('checkbox', { name: 'Create Listener' }));
    const pool = await next(api, dialog, 'Pool Details');
    expect((within(pool).getByRole('checkbox', { name: 'Create Pool' }) as HTMLInputElement).checked).toBe(false);
    await next(api, dialog, 'Pool Members');
    const monitor = await next(api, dialog, 'Monitor Details');
    expect((within(monitor).getByRole('checkbox', { name: 'Create Health Monitor' }) as HTMLInputElement).checked).toBe(false);
    expect(await finish(api, dialog)).toEqual({ loadbalancer: { name: '<b>edge</b>', vip_subnet_id: 'sub-private', flavor_id: 'fl-small', availability_zone: 'az-east', admin_state_up: true } });
  });

  it('choosing to create a monitor turns creating the pool and the listener back on (spec 3 §4.1)', async () => {
    const { api, dialog } = await openWizard();
    const listener = await next(api, dialog, 'Listener Details');
    await api.user.click(within(listener).getByRole('checkbox', { name: 'Create Listener' }));
    await next(api, dialog, 'Pool Details');
    await next(api, dialog, 'Pool Members');
    const monitor = await next(api, dialog, 'Monitor Details');
    await api.user.click(within(monitor).getByRole('checkbox', { name: 'Create Health Monitor' }));
    const body = await finish(api, dialog);
    expect(Object.keys(body).sort()).toEqual(['listener', 'loadbalancer', 'monitor', 'pool']);
  });

  it('TERMINATED_HTTPS: port 443, the certificates step with the chosen container, and an HTTP pool', async () => {
    const { api, dialog } = await openWizard();
    const listener = await next(api, dialog, 'Listener Details');
    await api.user.click(within(listener).getByRole('combobox', { name: /Protocol/ }));
    await api.user.click(await screen.findByRole('option', { name: 'TERMINATED_HTTPS' }));
    expect((within(listener).getByRole('spinbutton', { name: /Port/ }) as HTMLInputElement).value).toBe('443');
    await next(api, dialog, 'Pool Details');
    await next(api, dialog, 'Pool Members');
    await next(api, dialog, 'Monitor Details');
    const certificates = await next(api, dialog, 'SSL Certificates');
    await api.user.click(await within(certificates).findByRole('button', { name: 'Allocate web-cert' }));
    const body = await finish(api, dialog);
    expect(body.listener).toMatchObject({ protocol: 'TERMINATED_HTTPS', protocol_port: 443 });
    expect(body.certificates).toEqual([CERT]);
    expect(body.pool).toMatchObject({ protocol: 'HTTP' });
  });

  it('a PING monitor and APP_COOKIE persistence: no HTTP fields, the cookie name kept', async () => {
    const { api, dialog } = await openWizard();
    await next(api, dialog, 'Listener Details');
    const pool = await next(api, dialog, 'Pool Details');
    await api.user.click(within(pool).getByRole('combobox', { name: /Session Persistence/ }));
    await api.user.click(await screen.findByRole('option', { name: 'APP_COOKIE' }));
    fireEvent.change(await within(pool).findByRole('textbox', { name: 'Cookie Name' }), { target: { value: 'sid' } });
    await next(api, dialog, 'Pool Members');
    const monitor = await next(api, dialog, 'Monitor Details');
    await api.user.click(within(monitor).getByRole('combobox', { name: /Type/ }));
    await api.user.click(await screen.findByRole('option', { name: 'PING' }));
    const body = await finish(api, dialog);
    expect(body.pool).toMatchObject({ session_persistence: { type: 'APP_COOKIE', cookie_name: 'sid' } });
    expect(body.monitor).toEqual({ type: 'PING', delay: 5, timeout: 5, max_retries: 3, max_retries_down: 3, admin_state_up: true });
    expect(body.members).toBeUndefined();
  });
});

describe('Create Listener and Create Pool chain the load balancer wizard\'s steps (spec 3 §2.3, §4.1, §9.1)', { timeout: 90_000 }, () => {
  const routes = { ...ROUTES, 'POST /api/lbaas/listeners/': () => ({ ...LISTENER, id: 'l-new' }), 'POST /api/lbaas/pools/': () => ({ ...POOL, id: 'pool-new' }) };

  async function openFromTab(path: string, heading: string, tab: string, label: string): Promise<{ api: Api; dialog: HTMLElement }> {
    const api = renderWithApi({ path, routes, services: SERVICES });
    await screen.findByRole('heading', { name: heading, level: 1 }, { timeout: 20_000 });
    await api.user.click(await screen.findByRole('tab', { name: tab }));
    await api.user.click(await screen.findByRole('button', { name: label }, { timeout: 20_000 }));
    return { api, dialog: await screen.findByRole('dialog', { name: label }, { timeout: 20_000 }) };
  }

  it('Create Listener: listener, pool, members and monitor steps; the default port raised by 1 past the listener on 80; one POST with the whole chain', async () => {
    const { api, dialog } = await openFromTab('/project/load_balancer/lb1', 'front', 'Listeners', 'Create Listener');
    const listener = await within(dialog).findByRole('group', { name: 'Listener Details' });
    // The listener is what this wizard creates: no toggle for it.
    expect(within(listener).queryByRole('checkbox', { name: 'Create Listener' })).toBeNull();
    expect((within(listener).getByRole('spinbutton', { name: /Port/ }) as HTMLInputElement).value).toBe('81');
    await next(api, dialog, 'Pool Details');
    const members = await next(api, dialog, 'Pool Members');
    await api.user.click(await within(members).findByRole('button', { name: 'Allocate web-a (10.0.0.11)' }));
    await next(api, dialog, 'Monitor Details');
    expect(within(dialog).queryByRole('button', { name: 'Next' })).toBeNull();
    await api.user.click(within(dialog).getByRole('button', { name: 'Create Listener' }));
    await waitFor(() => expect(api.sent('POST', '/api/lbaas/listeners/')).toHaveLength(1));
    const [body] = api.sent('POST', '/api/lbaas/listeners/');
    expectContract(body, 'listener.schema.json#/$defs/createRequest');
    expect(body).toEqual({
      loadbalancer_id: 'lb1',
      listener: { protocol: 'HTTP', protocol_port: 81, connection_limit: -1, admin_state_up: true, timeout_client_data: 50000, timeout_member_connect: 5000, timeout_member_data: 50000, timeout_tcp_inspect: 0 },
      pool: { lb_algorithm: 'ROUND_ROBIN', protocol: 'HTTP', admin_state_up: true, tls_enabled: false },
      members: [{ address: '10.0.0.11', subnet_id: 'sub-private', protocol_port: 80, weight: 1, admin_state_up: true, backup: false }],
      monitor: { type: 'HTTP', delay: 5, timeout: 5, max_retries: 3, max_retries_down: 3, http_method: 'GET', expected_codes: '200', url_path: '/', admin_state_up: true },
    });
    await screen.findByText('A new listener is being created.');
  });

  it('a protocol change moves the default port as octavia-dashboard does: 443 for TERMINATED_HTTPS and 80 for HTTP, each raised past the load balancer\'s listeners, none for TCP; the member port 80 for HTTP and TERMINATED_HTTPS only', async () => {
    const secure = { ...LISTENER, id: 'l-tls', name: 'tls', protocol: 'TERMINATED_HTTPS', protocol_port: 443 };
    const api = renderWithApi({ path: '/project/load_balancer/lb1', routes: { ...routes, 'GET /api/lbaas/listeners/': () => ({ items: [LISTENER, secure] }) }, services: SERVICES });
    await screen.findByRole('heading', { name: 'front', level: 1 }, { timeout: 20_000 });
    await api.user.click(await screen.findByRole('tab', { name: 'Listeners' }));
    await api.user.click(await screen.findByRole('button', { name: 'Create Listener' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Listener' }, { timeout: 20_000 });
    const listener = await within(dialog).findByRole('group', { name: 'Listener Details' });
    const port = () => (within(listener).getByRole('spinbutton', { name: /Port/ }) as HTMLInputElement).value;
    const choose = async (protocol: string) => {
      await api.user.click(within(listener).getByRole('combobox', { name: /Protocol/ }));
      await api.user.click(await screen.findByRole('option', { name: protocol }));
    };
    expect(port()).toBe('81');
    await choose('TERMINATED_HTTPS');
    expect(port()).toBe('444');
    await choose('TCP');
    expect(port()).toBe('');
    await choose('HTTP');
    expect(port()).toBe('81');
    await choose('TCP');
    fireEvent.change(within(listener).getByRole('spinbutton', { name: /Port/ }), { target: { value: '8080' } });
    await next(api, dialog, 'Pool Details');
    const members = await next(api, dialog, 'Pool Members');
    expect((within(members).getByRole('spinbutton', { name: /Port/ }) as HTMLInputElement).value).toBe('');
    await api.user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await within(dialog).findByRole('group', { name: 'Listener Details' });
    await choose('TERMINATED_HTTPS');
    await next(api, dialog, 'Pool Details');
    expect((within(await next(api, dialog, 'Pool Members')).getByRole('spinbutton', { name: /Port/ }) as HTMLInputElement).value).toBe('80');
  });

  it('the listener port is unique among the load balancer\'s listeners only: another load balancer\'s listener on the same port does not stop the step', async () => {
    const elsewhere = { ...LISTENER, id: 'l-other', name: 'other', protocol_port: 81, load_balancers: [{ id: 'lb2' }], load_balancer_id: 'lb2' };
    const api = renderWithApi({
      path: '/project/load_balancer/lb1',
      routes: { ...routes, 'GET /api/lbaas/listeners/': (request: { query: URLSearchParams }) => ({ items: [LISTENER, elsewhere].filter((listener) => !request.query.get('loadbalancerId') || listener.load_balancer_id === request.query.get('loadbalancerId')) }) },
      services: SERVICES,
    });
    await screen.findByRole('heading', { name: 'front', level: 1 }, { timeout: 20_000 });
    await api.user.click(await screen.findByRole('tab', { name: 'Listeners' }));
    await api.user.click(await screen.findByRole('button', { name: 'Create Listener' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Listener' }, { timeout: 20_000 });
    const listener = await within(dialog).findByRole('group', { name: 'Listener Details' });
    expect((within(listener).getByRole('spinbutton', { name: /Port/ }) as HTMLInputElement).value).toBe('81');
    await next(api, dialog, 'Pool Details');
    // Port 80 is this load balancer's: refused when moving on.
    await api.user.click(within(dialog).getByRole('button', { name: 'Back' }));
    const again = await within(dialog).findByRole('group', { name: 'Listener Details' });
    fireEvent.change(within(again).getByRole('spinbutton', { name: /Port/ }), { target: { value: '80' } });
    await within(dialog).findByText('The port must be unique among all listeners attached to this load balancer.');
  });

  it('Create Listener without a pool: unchecking Create Pool turns the monitor off and sends the listener alone', async () => {
    const { api, dialog } = await openFromTab('/project/load_balancer/lb1', 'front', 'Listeners', 'Create Listener');
    const pool = await next(api, dialog, 'Pool Details');
    await api.user.click(within(pool).getByRole('checkbox', { name: 'Create Pool' }));
    await next(api, dialog, 'Pool Members');
    const monitor = await next(api, dialog, 'Monitor Details');
    expect((within(monitor).getByRole('checkbox', { name: 'Create Health Monitor' }) as HTMLInputElement).checked).toBe(false);
    await api.user.click(within(dialog).getByRole('button', { name: 'Create Listener' }));
    await waitFor(() => expect(api.sent('POST', '/api/lbaas/listeners/')).toHaveLength(1));
    expect(Object.keys(api.sent('POST', '/api/lbaas/listeners/')[0] as object).sort()).toEqual(['listener', 'loadbalancer_id']);
  });

  it('Create Pool under a listener: pool (with its protocol), members and monitor steps; no monitor once Create Health Monitor is unchecked', async () => {
    const { api, dialog } = await openFromTab('/project/load_balancer/lb1/listeners/l1', 'http', 'Pools', 'Create Pool');
    const pool = await within(dialog).findByRole('group', { name: 'Pool Details' });
    expect(within(pool).queryByRole('checkbox', { name: 'Create Pool' })).toBeNull();
    fireEvent.change(within(pool).getByRole('textbox', { name: 'Name' }), { target: { value: 'web2' } });
    const members = await next(api, dialog, 'Pool Members');
    await api.user.click(await within(members).findByRole('button', { name: 'Allocate web-b (10.0.0.12)' }));
    const monitor = await next(api, dialog, 'Monitor Details');
    await api.user.click(within(monitor).getByRole('checkbox', { name: 'Create Health Monitor' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Create Pool' }));
    await waitFor(() => expect(api.sent('POST', '/api/lbaas/pools/')).toHaveLength(1));
    const [body] = api.sent('POST', '/api/lbaas/pools/');
    expectContract(body, 'pool.schema.json#/$defs/createRequest');
    expect(body).toEqual({
      loadbalancer_id: 'lb1',
      parentResourceId: 'l1',
      pool: { name: 'web2', lb_algorithm: 'ROUND_ROBIN', protocol: 'HTTP', admin_state_up: true, tls_enabled: false },
      members: [{ address: '10.0.0.12', subnet_id: 'sub-private', protocol_port: 80, weight: 1, admin_state_up: true, backup: false }],
    });
    await screen.findByText('A new pool is being created.');
  });
});

describe('L7 rules (spec 3 §5.1)', { timeout: 90_000 }, () => {
  it('FILE_TYPE allows only the REGEX and EQUAL_TO compare types', async () => {
    const policy = { id: 'pol1', name: 'images', action: 'REJECT', position: 1, listener_id: 'l1', rules: [], provisioning_status: 'ACTIVE', operating_status: 'ONLINE', admin_state_up: true };
    const api = renderWithApi({
      path: '/project/load_balancer/lb1/listeners/l1/l7policies/pol1',
      routes: { ...ROUTES, 'GET /api/lbaas/l7policies/': () => ({ items: [policy] }), 'GET /api/lbaas/l7policies/:id/': () => policy, 'GET /api/lbaas/l7policies/:id/l7rules/': () => ({ items: [] }) },
      services: SERVICES,
    });
    await screen.findByRole('heading', { name: 'images', level: 1 }, { timeout: 20_000 });
    await api.user.click(await screen.findByRole('tab', { name: 'L7 Rules' }));
    await api.user.click(await screen.findByRole('button', { name: 'Create L7 Rule' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create L7 Rule' });
    const offered = async () => {
      await api.user.click(within(dialog).getByRole('combobox', { name: /Compare Type/ }));
      const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
      await api.user.keyboard('{Escape}');
      return options;
    };
    expect(await offered()).toEqual(['REGEX', 'EQUAL_TO', 'STARTS_WITH', 'ENDS_WITH', 'CONTAINS']);
    await api.user.click(within(dialog).getByRole('combobox', { name: /^Type/ }));
    await api.user.click(await screen.findByRole('option', { name: 'FILE_TYPE' }));
    await waitFor(async () => expect((await offered()).sort()).toEqual(['EQUAL_TO', 'REGEX']));
  });
});

describe('L7 policies (spec 3 §5.1 "Pool choices")', { timeout: 90_000 }, () => {
  it('the redirect pool offers only pools with the listener\'s protocol that belong to no other listener', async () => {
    const pools = [
      POOL,
      { ...POOL, id: 'pool-free', name: 'spare', listeners: [] },
      { ...POOL, id: 'pool-tcp', name: 'raw', protocol: 'TCP', listeners: [] },
      { ...POOL, id: 'pool-taken', name: 'elsewhere', listeners: [{ id: 'l2' }] },
    ];
    const api = renderWithApi({
      path: '/project/load_balancer/lb1/listeners/l1',
      routes: { ...ROUTES, 'GET /api/lbaas/pools/': () => ({ items: pools }), 'GET /api/lbaas/l7policies/': () => ({ items: [] }) },
      services: SERVICES,
    });
    await screen.findByRole('heading', { name: 'http', level: 1 }, { timeout: 20_000 });
    await api.user.click(await screen.findByRole('tab', { name: 'L7 Policies' }));
    await api.user.click(await screen.findByRole('button', { name: 'Create L7 Policy' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create L7 Policy' });
    await api.user.click(within(dialog).getByRole('combobox', { name: /Action/ }));
    await api.user.click(await screen.findByRole('option', { name: 'REDIRECT_TO_POOL' }));
    const redirect = await within(dialog).findByRole('combobox', { name: /Redirect Pool/ });
    await waitFor(() => expect(redirect.textContent).not.toBe('Loading…'));
    await api.user.click(redirect);
    await screen.findByRole('option', { name: 'web' });
    expect((await screen.findAllByRole('option')).map((option) => option.textContent).filter((text) => text !== 'Select one').sort()).toEqual(['spare', 'web']);
  });
});

describe('Pool members and floating IPs (spec 3 §2.3, api-contract §10)', { timeout: 90_000 }, () => {
  it('Add/Remove Members PUTs the whole list: the kept member with its id, port and weight, the added one on port 80', async () => {
    const api = renderWithApi({ path: '/project/load_balancer/lb1/listeners/l1/pools/pool1', routes: ROUTES, services: SERVICES });
    await screen.findByRole('heading', { name: 'web' }, { timeout: 20_000 });
    await api.user.click(screen.getByRole('button', { name: 'Actions for web' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Add/Remove Members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add/Remove Members' });
    await api.user.click(await within(dialog).findByRole('button', { name: 'Allocate web-b (10.0.0.12)' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.sent('PUT', '/api/lbaas/pools/pool1/members/')).toHaveLength(1));
    const [body] = api.sent('PUT', '/api/lbaas/pools/pool1/members/');
    expectContract(body, 'member.schema.json#/$defs/listRequest');
    expect(body).toEqual({
      loadbalancer_id: 'lb1',
      members: [
        { id: 'm-a', address: '10.0.0.11', subnet_id: 'sub-private', protocol_port: 8080, weight: 3, admin_state_up: true, backup: false },
        { address: '10.0.0.12', subnet_id: 'sub-private', protocol_port: 80, weight: 1, admin_state_up: true, backup: false },
      ],
    });
    await screen.findByText('The pool members have been updated.');
  });

  it('Associate Floating IP preselects the only free address and points it at the VIP port', async () => {
    const api = renderWithApi({ path: '/project/load_balancer/lb1', routes: ROUTES, services: SERVICES });
    await screen.findByRole('heading', { name: 'front' }, { timeout: 20_000 });
    await api.user.click(screen.getByRole('button', { name: 'Actions for front' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Associate Floating IP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Associate Floating IP' });
    await within(dialog).findByText('172.24.4.9');
    await api.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.sent('PATCH', '/api/network/floatingip/')).toHaveLength(1));
    expect(api.sent('PATCH', '/api/network/floatingip/')[0]).toEqual({ address_id: 'fip-1', port_id: 'port-vip_10.0.0.5' });
    await screen.findByText('Associating floating IP with load balancer.');
  });

  it('Update Listener of a TERMINATED_HTTPS listener preselects its certificates and PUTs them with the listener id', async () => {
    const secure = { ...LISTENER, id: 'l-tls', name: 'tls', protocol: 'TERMINATED_HTTPS', protocol_port: 443, default_tls_container_ref: CERT, sni_container_refs: [CERT] };
    const api = renderWithApi({ path: '/project/load_balancer/lb1/listeners/l-tls', routes: { ...ROUTES, 'GET /api/lbaas/listeners/:id/': () => secure, 'PUT /api/lbaas/listeners/:id/': () => null }, services: SERVICES });
    await screen.findByRole('heading', { name: 'tls' }, { timeout: 20_000 });
    await api.user.click(screen.getByRole('button', { name: 'Edit Listener' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Listener' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'tls2' } });
    const certificates = await next(api, dialog, 'SSL Certificates');
    await within(certificates).findByRole('button', { name: 'Remove web-cert' });
    await api.user.click(within(dialog).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(api.sent('PUT', '/api/lbaas/listeners/l-tls/')).toHaveLength(1));
    const [body] = api.sent('PUT', '/api/lbaas/listeners/l-tls/');
    expectContract(body, 'listener.schema.json#/$defs/updateRequest');
    expect(body).toMatchObject({ loadbalancer_id: 'lb1', listener: { id: 'l-tls', name: 'tls2' }, certificates: [CERT] });
    await screen.findByText('The listener has been updated.');
  });

  it('editing while the load balancer is PENDING_UPDATE shows Octavia\'s 409 refusal in the form, which stays open', async () => {
    const busy = { ...LB, provisioning_status: 'PENDING_UPDATE' };
    const refusal = 'Load Balancer lb1 is immutable and cannot be updated.';
    const api = renderWithApi({
      path: '/project/load_balancer/lb1',
      routes: { ...ROUTES, 'GET /api/lbaas/loadbalancers/:id/': () => busy, 'PUT /api/lbaas/loadbalancers/:id/': () => reply(409, refusal) },
      services: SERVICES,
    });
    await screen.findByRole('heading', { name: 'front', level: 1 }, { timeout: 20_000 });
    await api.user.click(screen.getByRole('button', { name: 'Edit Load Balancer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Load Balancer' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'front2' } });
    await api.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.sent('PUT', '/api/lbaas/loadbalancers/lb1/')).toHaveLength(1));
    await within(dialog).findByText(refusal, { exact: false });
    expect(screen.getByRole('dialog', { name: 'Edit Load Balancer' })).toBe(dialog);
    // The page behind the modal is still the details, not a blank page.
    expect(screen.getByRole('heading', { name: 'front', level: 1, hidden: true })).toBeTruthy();
  });

  it('batch delete deletes the ACTIVE or ERROR load balancers and names the pending ones in an error toast (spec 3 §4.1)', async () => {
    const busy = { ...LB, id: 'lb-busy', name: 'busy', provisioning_status: 'PENDING_UPDATE' };
    const broken = { ...LB, id: 'lb-broken', name: 'broken', provisioning_status: 'ERROR' };
    const api = renderWithApi({
      path: '/project/load_balancer',
      routes: { ...ROUTES, 'GET /api/lbaas/loadbalancers/': () => ({ items: [busy, broken] }), 'GET /api/lbaas/loadbalancers/:id/': () => busy, 'DELETE /api/lbaas/loadbalancers/:id/': () => null },
      services: SERVICES,
    });
    await screen.findByRole('link', { name: 'busy' }, { timeout: 20_000 });
    await api.user.click(screen.getByRole('checkbox', { name: 'Select busy' }));
    await api.user.click(screen.getByRole('checkbox', { name: 'Select broken' }));
    await api.user.click(screen.getByRole('button', { name: 'Delete Load Balancers' }));
    await screen.findByText('You are not allowed to delete load balancers: busy');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Load Balancer' });
    within(dialog).getByText('You have selected "broken". Deleted Load Balancer is not recoverable. All sub-resources will be deleted as well.');
    await api.user.click(within(dialog).getByRole('button', { name: 'Delete Load Balancer' }));
    await waitFor(() => expect(api.sent('DELETE', '/api/lbaas/loadbalancers/lb-broken/')).toHaveLength(1));
    expect(api.sent('DELETE', '/api/lbaas/loadbalancers/lb-busy/')).toHaveLength(0);
  });

  it('a nested route that cannot be resolved goes to the load balancer list (spec 3 §2.1)', async () => {
    const api = renderWithApi({
      path: '/project/load_balancer/lb1/listeners/gone/pools/pool1',
      routes: { ...ROUTES, 'GET /api/lbaas/listeners/:id/': () => reply(404, 'Listener gone could not be found.'), 'DELETE /api/lbaas/listeners/:id/': () => null },
      services: SERVICES,
    });
    await screen.findByRole('heading', { name: 'Load Balancers', level: 1 }, { timeout: 20_000 });
    expect(currentPath(api.router)).toBe('/project/load_balancer');
  });

  it('a deleted listener leads back to its load balancer, named in the breadcrumbs (spec 3 §2.1)', async () => {
    const again = renderWithApi({ path: '/project/load_balancer/lb1/listeners/l1', routes: { ...ROUTES, 'DELETE /api/lbaas/listeners/:id/': () => null }, services: SERVICES });
    await screen.findByRole('heading', { name: 'http', level: 1 }, { timeout: 20_000 });
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toContain('front');
    await again.user.click(screen.getByRole('button', { name: 'Delete Listener' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Listener' });
    await again.user.click(within(dialog).getByRole('button', { name: 'Delete Listener' }));
    await screen.findByRole('heading', { name: 'front', level: 1 });
    expect(currentPath(again.router)).toBe('/project/load_balancer/lb1');
  });
});
