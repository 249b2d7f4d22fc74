import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TopologyData } from '../../custom/topology/model';
import { type ApiRequest, renderWithApi } from '../support/fake-api';

/**
 * The Network Topology screen (spec 1 §2.3, §2.4, §4.5, §9) against a fake
 * server: what it asks, what it draws, and what its balloons and toolbar send.
 */

const PUBLIC = { id: 'net-pub', name: 'public', subnets: [{ id: 'sub-pub', cidr: '172.24.4.0/24', url: '/project/networks/subnets/sub-pub/detail' }], status: 'Active', original_status: 'ACTIVE', 'router:external': true, url: '/project/networks/net-pub/detail' };
const PRIVATE = {
  id: 'net-priv',
  name: 'private',
  subnets: [{ id: 'sub-priv', cidr: '10.0.0.0/24', url: '/project/networks/subnets/sub-priv/detail' }],
  status: 'Active',
  original_status: 'ACTIVE',
  'router:external': false,
  allow_delete_subnet: true,
  allow_delete_network: true,
  url: '/project/networks/net-priv/detail',
};
const ROUTER = { id: 'r-edge', name: 'edge-router-one', status: 'Active', original_status: 'ACTIVE', external_gateway_info: { network_id: 'net-pub' }, url: '/project/routers/r-edge/' };
const SERVER = { id: 'vm-1', name: 'web', status: 'Active', original_status: 'ACTIVE', task: null, console: 'auto_console', allow_delete_server: true, url: '/project/instances/vm-1/' };
const PORTS = [
  { id: 'p-if', network_id: 'net-priv', device_id: 'r-edge', device_owner: 'network:router_interface', fixed_ips: [{ ip_address: '10.0.0.1', subnet_id: 'sub-priv' }], status: 'Active', original_status: 'ACTIVE', url: '/project/networks/ports/p-if/detail' },
  { id: 'gatewaynet-pub', network_id: 'net-pub', device_id: 'r-edge', fixed_ips: [] },
  { id: 'p-vm', network_id: 'net-priv', device_id: 'vm-1', device_owner: 'compute:nova', fixed_ips: [{ ip_address: '10.0.0.5', subnet_id: 'sub-priv' }], status: 'Active', original_status: 'ACTIVE' },
];
const TOPOLOGY: TopologyData = { networks: [PUBLIC, PRIVATE], routers: [ROUTER], servers: [SERVER], ports: PORTS };

function clearCookies() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

function open(options: { data?: TopologyData; path?: string; policy?: (rules: [string, string][]) => boolean; routes?: Record<string, (request: ApiRequest, params: Record<string, string>) => unknown> } = {}) {
  let data = options.data ?? TOPOLOGY;
  const api = renderWithApi({
    path: options.path ?? '/project/network_topology',
    policy: options.policy,
    routes: {
      'GET /project/network_topology/json': () => data,
      'DELETE /api/nova/servers/:id': () => {
        data = { ...data, servers: [] };
        return undefined;
      },
      'DELETE /api/neutron/routers/:router/interfaces/:port/': () => undefined,
      'DELETE /api/neutron/subnets/:id/': () => undefined,
      ...options.routes,
    },
  });
  return api;
}

const svg = () => document.querySelector('svg#topology_canvas') as SVGSVGElement;
const device = (id: string) => document.querySelector(`g.device[data-id="${id}"]`) as SVGGElement | null;

beforeEach(() => clearCookies());

describe('Network Topology: loading', { timeout: 60_000 }, () => {
  it('asks project/network_topology/json with a timestamp and draws a column per network, external first', async () => {
    const api = open();
    await screen.findByRole('heading', { name: 'Network Topology', level: 1 }, { timeout: 30_000 });
    await waitFor(() => expect(document.querySelectorAll('g.network')).toHaveLength(2));
    const asked = api.requests.find((request) => request.path === '/project/network_topology/json')!;
    expect([...asked.query.keys()]).toHaveLength(1);
    expect([...asked.query.keys()][0]).toMatch(/^\d{13}$/);
    const columns = [...document.querySelectorAll('g.network')];
    expect(columns.map((column) => column.getAttribute('data-id'))).toEqual(['net-pub', 'net-priv']);
    expect(columns.map((column) => column.querySelector('.network-name')!.textContent)).toEqual(['public', 'private']);
    expect(columns[1].querySelector('.network-cidr')!.textContent).toBe('10.0.0.0/24');
    expect(columns[1].getAttribute('transform')).toBe('translate(270,0)');
  });

  it("shows the 'no info' state without networks", async () => {
    open({ data: { networks: [], routers: [], servers: [], ports: [] } });
    expect(await screen.findByText('There are no networks, routers, or connected instances to display.', {}, { timeout: 30_000 })).toBeTruthy();
    expect(svg()).toBeNull();
  });
});

describe('Network Topology: flat view', { timeout: 60_000 }, () => {
  it('draws the router and the instance under their network with names cut after 9 units, and port lines to the networks', async () => {
    open();
    await waitFor(() => expect(device('r-edge')).not.toBeNull(), { timeout: 30_000 });
    expect(device('r-edge')!.querySelector('.name')!.textContent).toBe('edge-rout..');
    expect(device('vm-1')!.querySelector('.name')!.textContent).toBe('web');
    expect(device('r-edge')!.closest('g.network')!.getAttribute('data-id')).toBe('net-pub');
    expect(device('vm-1')!.closest('g.network')!.getAttribute('data-id')).toBe('net-priv');
    const toPrivate = device('r-edge')!.querySelector('g.port[data-id="p-if"]')!;
    expect(toPrivate.querySelector('line')!.getAttribute('x2')).toBe(String(270 + 82 - 270));
    expect(toPrivate.querySelector('text')!.textContent).toBe('10.0.0.1');
  });

  it('chooses normal without a cookie when the columns fit, keeps it in ntp_draw_mode, and Small redraws 100 wide', async () => {
    const api = open();
    await waitFor(() => expect(svg()?.getAttribute('width')).toBe('540'), { timeout: 30_000 });
    expect(document.cookie).toContain('ntp_draw_mode=normal');
    await api.user.click(screen.getByRole('button', { name: 'Small' }));
    await waitFor(() => expect(svg().getAttribute('width')).toBe('200'));
    expect(document.cookie).toContain('ntp_draw_mode=small');
    expect(svg().getAttribute('height')).toBe('400');
  });

  it("opens a router's balloon: ID, status, its interfaces with Add Interface, and Delete Interface sends the router's interface delete", async () => {
    const api = open();
    await waitFor(() => expect(device('r-edge')).not.toBeNull(), { timeout: 30_000 });
    device('r-edge')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const balloon = await screen.findByRole('dialog', { name: 'edge-router-one' });
    expect(within(balloon).getByText('r-edge')).toBeTruthy();
    expect(within(balloon).getAllByText('Active')[0].className).toContain('active');
    expect(within(balloon).getByRole('link', { name: 'Add Interface' }).getAttribute('href')).toBe('/project/network_topology/router/r-edge/addinterface');
    expect(within(balloon).getByRole('link', { name: '» View Router Details' }).getAttribute('href')).toBe('/project/routers/r-edge/');
    // The fake gateway port is listed but is no interface to delete.
    const gatewayRow = within(balloon).getByText('gatewaynet-pub').closest('tr')!;
    expect(within(gatewayRow).queryByRole('button')).toBeNull();
    expect(within(gatewayRow).getAllByText('None')).toHaveLength(2);
    await api.user.click(within(balloon).getByRole('button', { name: 'Delete Interface' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete Interface' });
    await api.user.click(within(confirm).getByRole('button', { name: 'Delete Interface' }));
    await waitFor(() => expect(api.calls('DELETE')).toEqual(['/api/neutron/routers/r-edge/interfaces/p-if/']));
    // The port's line leaves the drawing at once.
    await waitFor(() => expect(document.querySelector('g.port[data-id="p-if"]')).toBeNull());
  });

  it("offers no Delete Instance when the delete policy is refused, and opens the instance's console in a 760x560 popup", async () => {
    open({ data: { ...TOPOLOGY, servers: [{ ...SERVER, allow_delete_server: false }] } });
    await waitFor(() => expect(device('vm-1')).not.toBeNull(), { timeout: 30_000 });
    device('vm-1')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const balloon = await screen.findByRole('dialog', { name: 'web' });
    expect(within(balloon).queryByRole('button', { name: 'Delete Instance' })).toBeNull();
    // Spec 1 §2.3, §9: the console opens in a 760x560 popup.
    const popup = vi.spyOn(window, 'open').mockReturnValue(null);
    await userEvent.click(within(balloon).getByRole('link', { name: '» Open Console' }));
    expect(popup).toHaveBeenCalledWith('/ngdetails/OS::Nova::Server/vm-1?tab=console', 'console_vm-1', 'width=760,height=560');
    popup.mockRestore();
  });

  it('draws a building device as loading', async () => {
    open({ data: { ...TOPOLOGY, servers: [{ ...SERVER, original_status: 'BUILD', status: 'Build' }] } });
    await waitFor(() => expect(device('vm-1')?.getAttribute('class')).toContain('loading'), { timeout: 30_000 });
    expect(device('r-edge')!.getAttribute('class')).not.toContain('loading');
  });
});

describe('Network Topology: graph view', { timeout: 60_000 }, () => {
  const node = (id: string) => document.querySelector(`g.node[data-id="${id}"]`) as SVGGElement | null;

  it('is remembered across visits (the tab_topology_tabs cookie) and draws a node per network, router and instance with their radii', async () => {
    document.cookie = 'tab_topology_tabs=topology_tabs__graph; path=/';
    open();
    await waitFor(() => expect(node('vm-1')).not.toBeNull(), { timeout: 30_000 });
    expect(screen.getByRole('tab', { name: 'Graph' }).getAttribute('aria-selected')).toBe('true');
    expect(['net-pub', 'net-priv', 'r-edge', 'vm-1'].map((id) => node(id)!.querySelector('circle')!.getAttribute('r'))).toEqual(['35', '30', '25', '20']);
    expect(document.querySelectorAll('line.link')).toHaveLength(3);
    // The private network's area is tinted; the external one has none.
    await waitFor(() => expect(document.querySelectorAll('path.hull')).toHaveLength(1));
  });

  it("opens a network's balloon with its subnets: Create Subnet, Delete Subnet sends the subnet delete; clicking again closes it", async () => {
    document.cookie = 'tab_topology_tabs=topology_tabs__graph; path=/';
    const api = open();
    await waitFor(() => expect(node('net-priv')).not.toBeNull(), { timeout: 30_000 });
    node('net-priv')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const balloon = await screen.findByRole('dialog', { name: 'private' });
    expect(within(balloon).getByRole('link', { name: 'Create Subnet' }).getAttribute('href')).toBe('/project/network_topology/network/net-priv/subnet/create');
    expect(within(balloon).getByRole('button', { name: 'Delete Network' })).toBeTruthy();
    await api.user.click(within(balloon).getByRole('button', { name: 'Delete Subnet' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete Subnet' });
    await api.user.click(within(confirm).getByRole('button', { name: 'Delete Subnet' }));
    await waitFor(() => expect(api.calls('DELETE')).toEqual(['/api/neutron/subnets/sub-priv/']));
    await waitFor(() => expect(within(balloon).queryByText('10.0.0.0/24')).toBeNull());
    node('net-priv')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'private' })).toBeNull());
  });

  it('offers no Delete Network on an external network, and no Delete Subnet without allow_delete_subnet (spec 1 §6)', async () => {
    document.cookie = 'tab_topology_tabs=topology_tabs__graph; path=/';
    open({ data: { ...TOPOLOGY, networks: [{ ...PUBLIC, allow_delete_network: true }, { ...PRIVATE, allow_delete_subnet: false }] } });
    await waitFor(() => expect(node('net-pub')).not.toBeNull(), { timeout: 30_000 });
    node('net-pub')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const external = await screen.findByRole('dialog', { name: 'public' });
    expect(within(external).queryByRole('button', { name: 'Delete Network' })).toBeNull();
    node('net-priv')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const internal = await screen.findByRole('dialog', { name: 'private' });
    expect(within(internal).queryByRole('button', { name: 'Delete Subnet' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'public' })).toBeNull();
  });

  it('deletes an instance from its balloon: DELETE servers/{id}, and its node leaves the graph', async () => {
    document.cookie = 'tab_topology_tabs=topology_tabs__graph; path=/';
    const api = open();
    await waitFor(() => expect(node('vm-1')).not.toBeNull(), { timeout: 30_000 });
    node('vm-1')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const balloon = await screen.findByRole('dialog', { name: 'web' });
    expect(within(balloon).getByText('10.0.0.5')).toBeTruthy();
    await api.user.click(within(balloon).getByRole('button', { name: 'Delete Instance' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete Instance' });
    await api.user.click(within(confirm).getByRole('button', { name: 'Delete Instance' }));
    await waitFor(() => expect(api.calls('DELETE')).toEqual(['/api/nova/servers/vm-1']));
    await screen.findByText('Scheduled deletion of Instance: web');
    await waitFor(() => expect(node('vm-1')).toBeNull());
    expect(node('r-edge')).not.toBeNull();
  });

  it('collapses networks: the instances on one network only leave and are counted on it', async () => {
    document.cookie = 'tab_topology_tabs=topology_tabs__graph; path=/';
    const api = open();
    await waitFor(() => expect(node('vm-1')).not.toBeNull(), { timeout: 30_000 });
    await api.user.click(screen.getByRole('button', { name: 'Toggle Network Collapse' }));
    await waitFor(() => expect(node('vm-1')).toBeNull());
    expect(node('net-priv')!.querySelector('.vmCount')!.textContent).toBe('1');
    expect(document.cookie).toContain('are_networks_collapsed=true');
  });
});

describe('Network Topology: toolbar', { timeout: 60_000 }, () => {
  it('opens the Create Network wizard and the Create Router form, and links Launch Instance back here', async () => {
    const api = open({ routes: { 'GET /api/network/floatingippools/': () => ({ items: [] }), 'GET /api/neutron/networks/': () => ({ items: [] }), 'GET /api/neutron/subnetpools/': () => ({ items: [] }) } });
    const launch = await screen.findByRole('link', { name: 'Launch Instance' }, { timeout: 30_000 });
    expect(launch.getAttribute('href')).toBe('/project/instances/launch?successUrl=%2Fproject%2Fnetwork_topology&dismissUrl=%2Fproject%2Fnetwork_topology');
    await api.user.click(await screen.findByRole('button', { name: 'Create Network' }));
    const wizard = await screen.findByRole('dialog', { name: 'Create Network' }, { timeout: 20_000 });
    await api.user.click(within(wizard).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Network' })).toBeNull());
    await api.user.click(screen.getByRole('button', { name: 'Create Router' }));
    expect(await screen.findByRole('dialog', { name: 'Create Router' }, { timeout: 20_000 })).toBeTruthy();
  });

  it('hides what policy refuses', async () => {
    open({ policy: (rules) => !rules.some(([, rule]) => rule === 'create_router' || rule === 'os_compute_api:servers:create') });
    await screen.findByRole('button', { name: 'Create Network' }, { timeout: 30_000 });
    expect(screen.queryByRole('button', { name: 'Create Router' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Launch Instance' })).toBeNull();
  });
});
