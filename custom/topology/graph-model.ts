import type { SimulationLinkDatum, SimulationNodeDatum } from 'd3-force';
import type { TopologyData, TopologyNetwork, TopologyPort, TopologyRouter, TopologyServer } from './model';

/**
 * The graph view's nodes and links (spec 1 §2.4, §4.5, §9): networks,
 * external networks, routers and instances, one link per port between a
 * device and a network. Collapsed networks hide the instances on them alone
 * and show how many they hide.
 */

export type GraphNodeKind = 'external-network' | 'network' | 'router' | 'instance';

/** Spec 1 §9: node radii. */
export const NODE_RADIUS: Record<GraphNodeKind, number> = { 'external-network': 35, network: 30, router: 25, instance: 20 };

/** Spec 1 §9: force layout gravity 0.05, link distance 70, charge -700, 100 ticks at start; zoom 0.1 to 1.5; centre in 1500 ms. */
export const GRAPH = { gravity: 0.05, distance: 70, charge: -700, warmTicks: 100, scaleExtent: [0.1, 1.5] as [number, number], centerMs: 1500 };

/** Spec 1 §9: the cookies of the graph's toggles. */
export const LABELS_COOKIE = 'show_labels';
export const COLLAPSED_COOKIE = 'are_networks_collapsed';

interface NodeBase extends SimulationNodeDatum {
  id: string;
  name: string;
}

export interface NetworkNode extends NodeBase {
  kind: 'external-network' | 'network';
  data: TopologyNetwork;
  /** Instance ports on it. */
  instances: number;
  /** Instances hidden by the collapse (0 when expanded). */
  hidden: number;
}

export interface RouterNode extends NodeBase {
  kind: 'router';
  data: TopologyRouter;
  networks: string[];
  ports: TopologyPort[];
}

export interface InstanceNode extends NodeBase {
  kind: 'instance';
  data: TopologyServer;
  networks: string[];
  ipAddresses: { ip_address?: string; subnet_id?: string }[];
}

export type GraphNode = NetworkNode | RouterNode | InstanceNode;

export interface GraphLink extends SimulationLinkDatum<GraphNode> {
  /** `device|network|port`, stable across reloads. */
  id: string;
  source: GraphNode | string;
  target: GraphNode | string;
}

export interface Graph {
  nodes: GraphNode[];
  links: GraphLink[];
  byId: Map<string, GraphNode>;
}

const isCompute = (port: TopologyPort) => Boolean(port.device_owner?.startsWith('compute:'));

/** The graph of `data`; with `collapsed`, instances on a single network are left out and counted on it. */
export function buildGraph(data: TopologyData, collapsed: boolean): Graph {
  const networks = new Map<string, NetworkNode>(
    data.networks.map((network) => [
      network.id,
      { id: network.id, name: network.name, kind: network['router:external'] ? 'external-network' : 'network', data: network, instances: 0, hidden: 0 },
    ]),
  );
  const routers = new Map<string, RouterNode>(data.routers.map((router) => [router.id, { id: router.id, name: router.name, kind: 'router', data: router, networks: [], ports: [] }]));
  const instances = new Map<string, InstanceNode>(data.servers.map((server) => [server.id, { id: server.id, name: server.name, kind: 'instance', data: server, networks: [], ipAddresses: [] }]));

  const connected: { port: TopologyPort; device: RouterNode | InstanceNode; network: NetworkNode }[] = [];
  for (const port of data.ports) {
    const network = networks.get(port.network_id);
    const device = routers.get(port.device_id) ?? instances.get(port.device_id);
    if (!network || !device) continue;
    if (device.kind === 'instance') {
      if (isCompute(port)) {
        network.instances += 1;
        device.networks.push(network.id);
        for (const ip of port.fixed_ips) if (!device.ipAddresses.some((known) => known.ip_address === ip.ip_address && known.subnet_id === ip.subnet_id)) device.ipAddresses.push(ip);
      }
    } else {
      if (port.device_owner === 'network:router_interface') device.networks.push(network.id);
      device.ports.push(port);
    }
    connected.push({ port, device, network });
  }

  const hiddenIds = new Set<string>();
  if (collapsed) {
    for (const instance of instances.values()) {
      if (instance.networks.length !== 1) continue;
      hiddenIds.add(instance.id);
      networks.get(instance.networks[0])!.hidden += 1;
    }
  }
  const nodes: GraphNode[] = [...networks.values(), ...routers.values(), ...[...instances.values()].filter((instance) => !hiddenIds.has(instance.id))];
  const links = connected
    .filter(({ device }) => !hiddenIds.has(device.id))
    .map(({ port, device, network }) => ({ id: `${device.id}|${network.id}|${port.id}`, source: device.id, target: network.id }));
  return { nodes, links, byId: new Map(nodes.map((node) => [node.id, node])) };
}

const endOf = (end: GraphNode | string | number | SimulationNodeDatum): GraphNode => end as GraphNode;

/**
 * Horizon's link length: an instance's grows with its networks and the
 * network's instances, a router's with its networks (and the network's
 * instances); other links are `distance` long.
 */
export function linkDistance(link: GraphLink, distance = GRAPH.distance): number {
  const source = endOf(link.source);
  const target = endOf(link.target);
  const [device, network] = source.kind === 'instance' || source.kind === 'router' ? [source, target] : [target, source];
  const instancesOn = network.kind === 'network' || network.kind === 'external-network' ? network.instances : 0;
  if (device.kind === 'instance') return distance * device.networks.length + 5 * instancesOn + 20;
  if (device.kind === 'router') {
    if (device.networks.length === 0) return distance + 20;
    if (instancesOn) return distance * device.networks.length + 10 * instancesOn + 20;
    return distance * device.networks.length + 20;
  }
  return distance;
}

/** How far a network's hull reaches around its node and its instances. */
export const HULL_OFFSET = 40;

export interface NetworkHull {
  network: NetworkNode;
  /** The corners of the squares around the network and its instances; the drawing takes their hull. */
  points: [number, number][];
}

/**
 * The area of each (non-external) network: a square of 2×40 around the
 * network and around each instance on it (Horizon's convex hulls).
 */
export function hullPoints(nodes: readonly GraphNode[]): NetworkHull[] {
  const hulls = new Map<string, NetworkHull>();
  const square = (x: number, y: number): [number, number][] => [
    [x - HULL_OFFSET, y - HULL_OFFSET],
    [x - HULL_OFFSET, y + HULL_OFFSET],
    [x + HULL_OFFSET, y - HULL_OFFSET],
    [x + HULL_OFFSET, y + HULL_OFFSET],
  ];
  for (const node of nodes) if (node.kind === 'network') hulls.set(node.id, { network: node, points: square(node.x ?? 0, node.y ?? 0) });
  for (const node of nodes) {
    if (node.kind !== 'instance') continue;
    for (const networkId of node.networks) hulls.get(networkId)?.points.push(...square(node.x ?? 0, node.y ?? 0));
  }
  return [...hulls.values()];
}

/**
 * From this many nodes the graph is drawn on a canvas. Each SVG node is a
 * few elements that Chromium lays out and paints again on every frame of a
 * pan or zoom: 2,550 nodes froze the pan for 40 s under load (bench h). Below
 * it the SVG stays: every node an element a click, the tests and assistive
 * tools find, as Horizon's graph.
 */
export const CANVAS_FROM_NODES = 300;

export type GraphRenderer = 'svg' | 'canvas';

export function graphRenderer(graph: Pick<Graph, 'nodes'>): GraphRenderer {
  return graph.nodes.length >= CANVAS_FROM_NODES ? 'canvas' : 'svg';
}

/**
 * The node under the point (`x`, `y`) of the layout: the one drawn last (on
 * top) whose circle holds it, a circle counting at least `minRadius` wide so
 * that small nodes far out stay easy to hit. A scan of every node: 2,550 of
 * them take microseconds, less than keeping a quadtree in step with a layout
 * that moves them all on every tick.
 */
export function nodeAt(nodes: readonly GraphNode[], x: number, y: number, minRadius = 0): GraphNode | undefined {
  for (let index = nodes.length - 1; index >= 0; index -= 1) {
    const node = nodes[index];
    const radius = Math.max(NODE_RADIUS[node.kind], minRadius);
    const dx = x - (node.x ?? 0);
    const dy = y - (node.y ?? 0);
    if (dx * dx + dy * dy <= radius * radius) return node;
  }
  return undefined;
}
