import type { Simulation } from 'd3-force';
import { select, type Selection } from 'd3-selection';
import type { ZoomTransform } from 'd3-zoom';
import { dragNodes, type ForceLayout, forceLayout, updateLayout, type ZoomableCanvas, zoomableCanvas } from './d3-kit';
import { polygonHull } from 'd3-polygon';
import { curveCardinalClosed, line } from 'd3-shape';
import { GRAPH, type Graph, type GraphLink, type GraphNode, hullPoints, linkDistance, type NetworkHull, NODE_RADIUS } from './graph-model';
import { ICON_PATHS, iconTransform } from './icons';
import { isLoading, networkColor } from './model';

/**
 * The graph view's drawing (spec 1 §2.4): circles for networks, external
 * networks, routers and instances, lines for ports, a force layout that
 * keeps the places of what it already drew across reloads, drag, zoom and
 * pan, labels and the hidden-instance counts of collapsed networks.
 */

export interface GraphHandlers {
  onNode(node: GraphNode): void;
  onBackground(): void;
  /** The view moved or zoomed (an open balloon closes). */
  onZoom(): void;
}

/** An icon per kind (Horizon's globe, cloud, router arrows and desktop). */
const ICONS: Record<GraphNode['kind'], string> = { 'external-network': ICON_PATHS.globe, network: ICON_PATHS.cloud, router: ICON_PATHS.router, instance: ICON_PATHS.instance };
const ICON_SIZE: Record<GraphNode['kind'], number> = { 'external-network': 50, network: 36, router: 30, instance: 22 };

const endpoint = (end: GraphLink['source']) => end as GraphNode;
const HULL_CURVE = line().curve(curveCardinalClosed.tension(0.85));
const HULL_MAX_NODES = 1000;

export class GraphDrawing {
  private readonly canvas: ZoomableCanvas;
  private layout: ForceLayout<GraphNode, GraphLink> | null = null;
  private get simulation(): Simulation<GraphNode, GraphLink> | null {
    return this.layout?.simulation ?? null;
  }
  private links: Selection<SVGLineElement, GraphLink, SVGGElement, unknown>;
  private nodes: Selection<SVGGElement, GraphNode, SVGGElement, unknown>;
  private readonly hullLayer: Selection<SVGGElement, unknown, null, undefined>;
  private readonly linkLayer: Selection<SVGGElement, unknown, null, undefined>;
  private readonly nodeLayer: Selection<SVGGElement, unknown, null, undefined>;
  private labels = false;
  private colorOf = new Map<string, number>();
  /** A balloon is open (the layout waits, as Horizon's does). */
  private paused = false;
  /**
   * A pan or zoom is under way: the layout waits, so each frame of the gesture
   * moves one transform instead of also running a tick and moving thousands
   * of nodes and links (bench h: 2,550 nodes froze the pan under load).
   */
  private moving = false;
  /** Lines thickened under the pointer, thinned again when it leaves (not all of them). */
  private highlighted: Selection<SVGLineElement, GraphLink, SVGGElement, unknown> | null = null;

  constructor(
    private readonly svg: SVGSVGElement,
    private readonly handlers: GraphHandlers,
  ) {
    this.canvas = zoomableCanvas(svg, {
      scaleExtent: GRAPH.scaleExtent,
      onZoom: () => handlers.onZoom(),
      onBackground: () => handlers.onBackground(),
      onGesture: (moving) => {
        this.moving = moving;
        this.resume();
      },
    });
    this.hullLayer = this.canvas.layer.append('g').attr('class', 'hulls');
    this.linkLayer = this.canvas.layer.append('g').attr('class', 'links');
    this.nodeLayer = this.canvas.layer.append('g').attr('class', 'nodes');
    this.links = this.linkLayer.selectAll<SVGLineElement, GraphLink>('line.link');
    this.nodes = this.nodeLayer.selectAll<SVGGElement, GraphNode>('g.node');
  }

  /** Draws `graph`; the nodes already drawn keep their places, and the layout wakes only when something came or went. */
  update(graph: Graph): void {
    graph.nodes.forEach((node, index) => {
      if (node.kind === 'network' || node.kind === 'external-network') this.colorOf.set(node.id, index);
    });
    const before = new Map(this.nodes.data().map((node) => [node.id, node]));
    const changed = graph.nodes.length !== before.size || graph.nodes.some((node) => !before.has(node.id)) || graph.links.length !== this.links.size();
    // A new node starts beside a node it links to, so it does not fly in from a corner.
    for (const link of graph.links) {
      const device = graph.byId.get(String(link.source));
      if (!device || before.has(device.id)) continue;
      const network = before.get(String(link.target));
      if (network?.x !== undefined) Object.assign(device, { x: network.x + Math.random() * 20 - 10, y: (network.y ?? 0) + Math.random() * 20 - 10 });
    }
    if (!this.simulation) {
      const width = this.svg.clientWidth || 800;
      const height = this.svg.clientHeight || 600;
      this.join(graph);
      this.layout = forceLayout<GraphNode, GraphLink>(graph.nodes, graph.links, {
        width,
        height,
        gravity: GRAPH.gravity,
        distance: (link) => linkDistance(link),
        charge: GRAPH.charge,
        warmTicks: GRAPH.warmTicks,
        id: (node) => node.id,
        onTick: () => this.tick(),
      });
      return;
    }
    updateLayout(this.simulation, graph.nodes, graph.links, (node) => node.id, changed);
    this.join(graph);
    this.tick();
  }

  private join(graph: Graph): void {
    this.links = this.linkLayer
      .selectAll<SVGLineElement, GraphLink>('line.link')
      .data(graph.links, (link) => link.id)
      .join('line')
      .attr('class', 'link')
      .attr('stroke', 'black')
      .attr('stroke-width', 1);

    this.nodes = this.nodeLayer
      .selectAll<SVGGElement, GraphNode>('g.node')
      .data(graph.nodes, (node) => node.id)
      .join((enter) => {
        const group = enter.append('g');
        group.append('circle').attr('class', 'frame').attr('stroke', 'black').attr('stroke-width', 3).attr('fill', 'white');
        group.append('path').attr('class', 'icon').attr('fill', 'black');
        group
          .on('click', (event: MouseEvent, node) => {
            event.stopPropagation();
            this.handlers.onNode(node);
          })
          .on('mouseover', (_event, node) => {
            this.highlighted = this.links.filter((link) => endpoint(link.source) === node || endpoint(link.target) === node).attr('stroke-width', 3);
          })
          .on('mouseout', () => {
            this.highlighted?.attr('stroke-width', 1);
            this.highlighted = null;
          })
          .call(dragNodes<SVGGElement, GraphNode>(() => this.simulation));
        return group;
      })
      .attr('class', (node) => `node ${node.kind}${'data' in node && isLoading(node.data as { original_status?: string }) ? ' loading' : ''}`)
      .attr('data-id', (node) => node.id)
      .style('cursor', 'pointer');
    this.nodes
      .select('.frame')
      .attr('r', (node) => NODE_RADIUS[node.kind])
      .attr('stroke', (node) => (node.kind === 'network' || node.kind === 'external-network' ? networkColor(this.colorOf.get(node.id) ?? 0) : 'black'))
      .attr('stroke-dasharray', (node) => (node.kind !== 'network' && node.kind !== 'external-network' && isLoading(node.data) ? '4 3' : null));
    this.nodes
      .select('.icon')
      .attr('transform', (node) => iconTransform(ICON_SIZE[node.kind]))
      .attr('d', (node) => ICONS[node.kind]);
    this.drawTexts();
  }

  /**
   * Text only where it shows: the labels while they are on, the hidden-instance
   * count on a collapsed network. Chromium lays SVG text out again as the
   * canvas pans and zooms, so thousands of hidden or empty ones froze the
   * pan of a large project (bench h).
   */
  private drawTexts(): void {
    this.nodes
      .selectAll<SVGTextElement, GraphNode>('text.nodeLabel')
      .data((node) => (this.labels ? [node] : []))
      .join((enter) => enter.append('text').attr('class', 'nodeLabel').attr('fill', 'black').attr('font-size', 12))
      .attr('transform', (node) => `translate(${NODE_RADIUS[node.kind] + 5},3)`)
      .text((node) => node.name);
    this.nodes
      .selectAll<SVGTextElement, GraphNode>('text.vmCount')
      .data((node) => ((node.kind === 'network' || node.kind === 'external-network') && node.hidden ? [node] : []))
      .join((enter) => enter.append('text').attr('class', 'vmCount').attr('fill', 'black').attr('font-size', 20).attr('transform', 'translate(26,38)'))
      .text((node) => ((node.kind === 'network' || node.kind === 'external-network') && node.hidden ? String(node.hidden) : ''));
  }

  private tick(): void {
    // A tick that comes during a gesture (the warm-up ending, a reload) stops the layout until the gesture ends.
    if (this.moving) this.simulation?.stop();
    this.drawHulls();
    this.links
      .attr('x1', (link) => endpoint(link.source).x ?? 0)
      .attr('y1', (link) => endpoint(link.source).y ?? 0)
      .attr('x2', (link) => endpoint(link.target).x ?? 0)
      .attr('y2', (link) => endpoint(link.target).y ?? 0);
    this.nodes.attr('transform', (node) => `translate(${node.x ?? 0},${node.y ?? 0})`);
  }

  /** Each network's area, tinted with its colour behind the graph (Horizon's hulls). */
  private drawHulls(): void {
    // Past a thousand nodes the tinted areas cost more to paint on every pan than they tell (bench h).
    const nodes = this.nodes.data();
    this.hullLayer
      .selectAll<SVGPathElement, NetworkHull>('path.hull')
      .data(nodes.length > HULL_MAX_NODES ? [] : hullPoints(nodes), (hull) => hull.network.id)
      .join((enter) => enter.append('path').attr('class', 'hull').attr('stroke-width', 10).attr('stroke-linejoin', 'round').attr('fill-opacity', 0.2).attr('stroke-opacity', 0.2))
      .attr('fill', (hull) => networkColor(this.colorOf.get(hull.network.id) ?? 0))
      .attr('stroke', (hull) => networkColor(this.colorOf.get(hull.network.id) ?? 0))
      .attr('d', (hull) => HULL_CURVE(polygonHull(hull.points) ?? hull.points) ?? '');
  }

  /** Spec 1 §2.4: the labels toggle. */
  showLabels(show: boolean): void {
    this.labels = show;
    this.drawTexts();
  }

  /** Spec 1 §2.4, §9: back to the centre at scale 1 in 1500 ms. */
  center(): void {
    this.canvas.center(GRAPH.centerMs);
  }

  /** Where `node` is on the screen, in the svg's pixels (for its balloon). */
  screenPosition(node: GraphNode): { x: number; y: number } {
    const transform: ZoomTransform = this.canvas.transform();
    const [x, y] = transform.apply([node.x ?? 0, node.y ?? 0]);
    return { x, y };
  }

  /** Stops the layout while a balloon is open, as Horizon does, and lets it go on after. */
  pause(paused: boolean): void {
    this.paused = paused;
    this.resume();
  }

  /** The layout runs when neither a balloon nor a gesture holds it, and only while it has not cooled. */
  private resume(): void {
    const simulation = this.simulation;
    if (!simulation) return;
    if (this.paused || this.moving) simulation.stop();
    else if (simulation.alpha() > simulation.alphaMin()) simulation.restart();
  }

  destroy(): void {
    this.layout?.stop();
    this.canvas.destroy();
    select(this.svg).selectAll('*').remove();
  }
}
