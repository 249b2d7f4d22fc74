import { describe, expect, it } from 'vitest';
import { chooseDrawMode, FLAT_PROPERTIES, layoutFlat, truncateName } from '../../custom/topology/flat-layout';
import { buildGraph, CANVAS_FROM_NODES, GRAPH, graphRenderer, hullPoints, linkDistance, NODE_RADIUS, nodeAt } from '../../custom/topology/graph-model';
import type { TopologyData, TopologyNetwork, TopologyPort, TopologyRouter, TopologyServer } from '../../custom/topology/model';
import { balloonPort, isLoading, networkColor, statusClass } from '../../custom/topology/model';
import { withoutRemoved } from '../../custom/topology/useTopology';

const net = (id: string, external = false): TopologyNetwork => ({ id, name: id, subnets: [{ id: `${id}-s`, cidr: '10.0.0.0/24' }], status: 'Active', original_status: 'ACTIVE', 'router:external': external });
const router = (id: string): TopologyRouter => ({ id, name: id, status: 'Active', original_status: 'ACTIVE', external_gateway_info: null });
const server = (id: string, extra: Partial<TopologyServer> = {}): TopologyServer => ({ id, name: id, status: 'Active', original_status: 'ACTIVE', task: null, allow_delete_server: true, ...extra });
const port = (id: string, device: string, network: string, owner = 'compute:nova', ip = '10.0.0.5'): TopologyPort => ({ id, device_id: device, network_id: network, device_owner: owner, fixed_ips: [{ ip_address: ip, subnet_id: `${network}-s` }] });
const data = (partial: Partial<TopologyData>): TopologyData => ({ networks: [], routers: [], servers: [], ports: [], ...partial });

describe('flat topology constants (spec 1 §9)', () => {
  it('normal column width 270, min height 500, port margin 16; small 100, 400, 5', () => {
    expect(FLAT_PROPERTIES.normal).toMatchObject({ network_width: 270, network_min_height: 500, port_margin: 16 });
    expect(FLAT_PROPERTIES.small).toMatchObject({ network_width: 100, network_min_height: 400, port_margin: 5 });
  });
});

describe('device name truncation (spec 1 §9)', () => {
  it('keeps a name of 9 width units, cuts a longer one after 9 units with ..', () => {
    expect(truncateName('router123')).toBe('router123');
    expect(truncateName('router1234')).toBe('router123..');
    expect(truncateName('web-server-1')).toBe('web-serve..');
  });

  it('counts characters above code 255 as 2 units', () => {
    expect(truncateName('サーバー1')).toBe('サーバー1'); // 4×2 + 1 = 9
    expect(truncateName('サーバー12')).toBe('サーバー1..');
    expect(truncateName('éééééééééé')).toBe('ééééééééé..'); // é is code 233: one unit each
  });
});

describe('draw mode (spec 1 §4.5)', () => {
  it('keeps the saved mode', () => {
    expect(chooseDrawMode('small', 1, 2000)).toBe('small');
    expect(chooseDrawMode('normal', 50, 300)).toBe('normal');
  });

  it('without one, is small when the networks at 270 each are wider than the canvas, else normal', () => {
    expect(chooseDrawMode(null, 4, 1080)).toBe('normal');
    expect(chooseDrawMode(null, 5, 1080)).toBe('small');
    expect(chooseDrawMode('bogus', 5, 1080)).toBe('small');
  });
});

describe('flat layout', () => {
  it('gives each network a column 270 wide and the canvas their width, at least 500 high', () => {
    const layout = layoutFlat(data({ networks: [net('a'), net('b'), net('c')] }), 'normal');
    expect(layout.width).toBe(810);
    expect(layout.height).toBe(500);
    expect(layout.networks.map((network) => network.x)).toEqual([0, 270, 540]);
    expect(layout.networks[0].cidrs).toBe('10.0.0.0/24');
  });

  it('small columns are 100 wide and at least 400 high', () => {
    const layout = layoutFlat(data({ networks: [net('a'), net('b')] }), 'small');
    expect(layout.width).toBe(200);
    expect(layout.height).toBe(400);
  });

  it('stacks devices one per row: routers, then instances, each 50 high with 20 between, from 80', () => {
    const layout = layoutFlat(
      data({
        networks: [net('a'), net('b')],
        routers: [router('r')],
        servers: [server('s1'), server('s2')],
        ports: [port('p1', 'r', 'a', 'network:router_gateway'), port('p2', 'r', 'b', 'network:router_interface'), port('p3', 's1', 'b'), port('p4', 's2', 'a')],
      }),
      'normal',
    );
    const devices = layout.networks.flatMap((network) => network.devices);
    expect(devices.map((device) => [device.device.id, device.y, device.height])).toEqual([
      ['r', 80, 50],
      ['s2', 220, 50],
      ['s1', 150, 50],
    ]);
    expect(devices.every((device) => device.x === 98.5)).toBe(true);
    // The router goes under its main network (the first on a tie), the instances under theirs.
    expect(layout.networks[0].devices.map((device) => device.device.id)).toEqual(['r', 's2']);
    expect(layout.networks[1].devices.map((device) => device.device.id)).toEqual(['s1']);
  });

  it('grows the canvas past the minimum with the devices: rows plus the top margin at both ends', () => {
    const servers = Array.from({ length: 8 }, (_, index) => server(`s${index}`));
    const layout = layoutFlat(data({ networks: [net('a')], servers, ports: servers.map((item, index) => port(`p${index}`, item.id, 'a')) }), 'normal');
    expect(layout.height).toBe(80 + 8 * (50 + 20) + 80);
  });

  it('draws a port to its own network leftwards, one port wide, and to a network further right across the columns', () => {
    const layout = layoutFlat(
      data({ networks: [net('a'), net('b'), net('c')], servers: [server('s')], ports: [port('pa', 's', 'a'), port('pc', 's', 'c', 'compute:nova', '10.0.2.5')] }),
      'normal',
    );
    const [toA, toC] = layout.networks[0].devices[0].ports;
    expect(toA).toMatchObject({ direction: 'left', x: 0, x2: -82, y: 25, strokeWidth: 6, textX: -6, textY: -4, label: '10.0.0.5' });
    expect(toC).toMatchObject({ direction: 'right', x: 90, x2: 270 + 82, y: 25, label: '10.0.2.5' });
  });

  it('spreads several ports on one side by the port margin, centred on the device, and a normal device grows to hold them', () => {
    const ports = ['a', 'b', 'c', 'd', 'e'].map((id) => port(`p${id}`, 's', 'a', 'compute:nova', `10.0.0.${id.charCodeAt(0)}`));
    const layout = layoutFlat(data({ networks: [net('a')], servers: [server('s')], ports }), 'normal');
    const device = layout.networks[0].devices[0];
    expect(device.height).toBe(64); // 16 × 4 > 50
    expect(device.ports.map((each) => each.y)).toEqual([0, 16, 32, 48, 64]);
    expect(device.textsBgY).toBe(32 + 14);
    expect(device.typeY).toBe(46 + 14);
  });

  it('in small mode squeezes many ports into the device with 1-pixel lines', () => {
    const ports = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => port(`p${id}`, 's', 'a'));
    const device = layoutFlat(data({ networks: [net('a')], servers: [server('s')], ports }), 'small').networks[0].devices[0];
    expect(device.height).toBe(20);
    expect(device.ports[0].strokeWidth).toBe(1);
    expect(device.ports[1].y - device.ports[0].y).toBeCloseTo(20 / 6);
  });

  it('places the CIDRs at the bar end, short of the globe on an external network', () => {
    const layout = layoutFlat(data({ networks: [net('pub', true), net('a')] }), 'normal');
    expect(layout.networks[0]).toMatchObject({ nameX: 250, cidrX: 500 - 5 - 15, typeX: 495 });
    expect(layout.networks[1]).toMatchObject({ cidrX: 495 });
  });

  it('puts a device without ports under the first network, and shows its name cut', () => {
    const layout = layoutFlat(data({ networks: [net('a'), net('b')], servers: [server('a-very-long-name')] }), 'normal');
    expect(layout.networks[0].devices[0].name).toBe('a-very-lo..');
  });

  it('has no columns without networks (the no info state)', () => {
    expect(layoutFlat(data({ servers: [server('s')] }), 'normal').networks).toEqual([]);
  });
});

describe('graph model (spec 1 §2.4, §4.5, §9)', () => {
  const sample = data({
    networks: [net('pub', true), net('a'), net('b')],
    routers: [router('r')],
    servers: [server('s1'), server('s2'), server('s3')],
    ports: [
      port('g', 'r', 'pub', 'network:router_gateway'),
      port('ri', 'r', 'a', 'network:router_interface'),
      port('p1', 's1', 'a'),
      port('p2', 's2', 'a'),
      port('p3', 's3', 'a'),
      port('p4', 's3', 'b'),
    ],
  });

  it('has radii 35, 30, 25, 20 and the force settings of the spec', () => {
    expect(NODE_RADIUS).toEqual({ 'external-network': 35, network: 30, router: 25, instance: 20 });
    expect(GRAPH).toMatchObject({ gravity: 0.05, distance: 70, charge: -700, warmTicks: 100, scaleExtent: [0.1, 1.5], centerMs: 1500 });
  });

  it('makes a node per network, router and instance and a link per port', () => {
    const graph = buildGraph(sample, false);
    expect(graph.nodes.map((node) => [node.id, node.kind])).toEqual([
      ['pub', 'external-network'],
      ['a', 'network'],
      ['b', 'network'],
      ['r', 'router'],
      ['s1', 'instance'],
      ['s2', 'instance'],
      ['s3', 'instance'],
    ]);
    expect(graph.links).toHaveLength(6);
    const a = graph.byId.get('a');
    expect(a?.kind === 'network' && a.instances).toBe(3);
    const r = graph.byId.get('r');
    expect(r?.kind === 'router' && [r.networks, r.ports.length]).toEqual([['a'], 2]);
  });

  it('collapsed, hides the instances on one network only and counts them on it', () => {
    const graph = buildGraph(sample, true);
    expect(graph.nodes.map((node) => node.id)).not.toContain('s1');
    expect(graph.nodes.map((node) => node.id)).toContain('s3');
    const a = graph.byId.get('a');
    expect(a?.kind === 'network' && a.hidden).toBe(2);
    expect(graph.links.some((link) => String(link.source) === 's1')).toBe(false);
  });

  it("gives each non-external network an area 40 around it and around each of its instances", () => {
    const graph = buildGraph(sample, false);
    for (const node of graph.nodes) Object.assign(node, { x: 100, y: 100 });
    Object.assign(graph.byId.get('s3')!, { x: 300, y: 100 });
    const hulls = hullPoints(graph.nodes);
    expect(hulls.map((hull) => hull.network.id)).toEqual(['a', 'b']);
    const a = hulls[0].points;
    expect(a).toHaveLength(4 * 4); // the network and its three instances
    expect(Math.max(...a.map(([x]) => x))).toBe(340);
    expect(Math.min(...a.map(([, y]) => y))).toBe(60);
  });

  it('sizes links as Horizon does', () => {
    const graph = buildGraph(sample, false);
    const resolve = (link: (typeof graph.links)[number]) => ({ ...link, source: graph.byId.get(String(link.source))!, target: graph.byId.get(String(link.target))! });
    const links = graph.links.map(resolve);
    const of = (device: string, network: string) => links.find((link) => link.source.id === device && link.target.id === network)!;
    expect(linkDistance(of('s1', 'a'))).toBe(70 * 1 + 5 * 3 + 20);
    expect(linkDistance(of('s3', 'b'))).toBe(70 * 2 + 5 * 1 + 20);
    expect(linkDistance(of('r', 'a'))).toBe(70 * 1 + 10 * 3 + 20);
    expect(linkDistance(of('r', 'pub'))).toBe(70 * 1 + 20);
  });
});

describe('graph renderer and hit-testing (bench h: a large project pans without a frozen frame)', () => {
  const servers = (count: number) => Array.from({ length: count }, (_, index) => server(`s${index}`));

  it('draws in SVG below CANVAS_FROM_NODES nodes and on a canvas from it, collapsed instances not counted', () => {
    const small = data({ networks: [net('a')], servers: servers(CANVAS_FROM_NODES - 2) });
    expect(graphRenderer(buildGraph(small, false))).toBe('svg');
    const large = data({ networks: [net('a')], servers: servers(CANVAS_FROM_NODES - 1) });
    expect(graphRenderer(buildGraph(large, false))).toBe('canvas');
    const onOneNetwork = { ...large, ports: large.servers.map((each) => port(`p-${each.id}`, each.id, 'a')) };
    expect(graphRenderer(buildGraph(onOneNetwork, false))).toBe('canvas');
    expect(graphRenderer(buildGraph(onOneNetwork, true))).toBe('svg');
  });

  it('finds the node whose circle holds the point, the one drawn last where circles overlap, none on the background', () => {
    const { nodes } = buildGraph(data({ networks: [net('a')], servers: [server('s1')], ports: [port('p1', 's1', 'a')] }), false);
    const [network, instance] = nodes;
    Object.assign(network, { x: 0, y: 0 });
    Object.assign(instance, { x: 40, y: 0 });
    expect(nodeAt(nodes, -29, 0)?.id).toBe('a');
    expect(nodeAt(nodes, -31, 0)).toBeUndefined();
    // 25 from both: inside the network (30) and the instance (20 from 40 is 20..60), the instance is on top.
    expect(nodeAt(nodes, 25, 0)?.id).toBe('s1');
    expect(nodeAt(nodes, 59, 0)?.id).toBe('s1');
    expect(nodeAt(nodes, 61, 0)).toBeUndefined();
    expect(nodeAt(nodes, 500, 500)).toBeUndefined();
  });

  it('keeps a node at least the minimum radius wide, so that it stays easy to hit zoomed far out', () => {
    const { nodes } = buildGraph(data({ networks: [net('a')] }), false);
    Object.assign(nodes[0], { x: 100, y: 100 });
    expect(nodeAt(nodes, 100, 145)).toBeUndefined();
    expect(nodeAt(nodes, 100, 145, 60)?.id).toBe('a');
  });
});

describe('topology helpers', () => {
  it('draws BUILD and deleting devices as loading, ACTIVE as active and the rest down (spec 1 §4.5)', () => {
    expect(isLoading({ original_status: 'BUILD' })).toBe(true);
    expect(isLoading({ original_status: 'ACTIVE', task: 'deleting' })).toBe(true);
    expect(isLoading({ original_status: 'ACTIVE', task: null })).toBe(false);
    expect(statusClass({ original_status: 'ACTIVE' })).toBe('active');
    expect(statusClass({ original_status: 'SHUTOFF' })).toBe('down');
  });

  it("lists a router's port with its owner without network:, 'None' for what it lacks, and whether it is an interface", () => {
    expect(balloonPort(port('p', 'r', 'a', 'network:router_interface', '10.0.0.1'))).toMatchObject({ deviceOwner: 'router_interface', ipAddress: '10.0.0.1', isInterface: true });
    expect(balloonPort({ id: 'gatewayx', network_id: 'x', device_id: 'r', fixed_ips: [] })).toMatchObject({ deviceOwner: 'None', ipAddress: 'None', isInterface: false });
  });

  it('colours networks in turn with ten colours', () => {
    expect(networkColor(0)).toBe('#1f77b4');
    expect(networkColor(10)).toBe(networkColor(0));
  });

  it('leaves a deleted node, its ports, and deleted ports and subnets out of the drawing', () => {
    const removed = withoutRemoved(
      data({ networks: [net('a')], servers: [server('s1'), server('s2')], ports: [port('p1', 's1', 'a'), port('p2', 's2', 'a')] }),
      { nodes: new Set(['s1']), ports: new Set(['p2']), subnets: new Set(['a-s']) },
    );
    expect(removed.servers.map((item) => item.id)).toEqual(['s2']);
    expect(removed.ports).toEqual([]);
    expect(removed.networks[0].subnets).toEqual([]);
  });
});
