import { select, type Selection } from 'd3-selection';
import { line } from 'd3-shape';
import { dragNodes, type ZoomableCanvas, zoomableCanvas } from './d3-kit';
import { ForceGraphDrawing, type GraphHandlers, HULL_CURVE, hullOutline, visibleHulls } from './graph-drawing';
import { GRAPH, type Graph, type GraphLink, type GraphNode, type NetworkHull, NODE_RADIUS } from './graph-model';
import { iconTransform, NODE_ICON, NODE_ICON_SIZE } from './icons';
import { isLoading, networkColor } from './model';

/**
 * The graph view's SVG drawing (spec 1 §2.4), for graphs up to
 * `CANVAS_FROM_NODES` nodes: circles for networks, external networks,
 * routers and instances, lines for ports, drag, zoom and pan, labels and the
 * hidden-instance counts of collapsed networks. Each node is an element
 * (`g.node[data-id]`) that a click, the tests and assistive tools find.
 */

const endpoint = (end: GraphLink['source']) => end as GraphNode;
const HULL_PATH = line().curve(HULL_CURVE);

export class GraphDrawing extends ForceGraphDrawing {
  protected readonly zoom: ZoomableCanvas;
  private links: Selection<SVGLineElement, GraphLink, SVGGElement, unknown>;
  private nodes: Selection<SVGGElement, GraphNode, SVGGElement, unknown>;
  private readonly hullLayer: Selection<SVGGElement, unknown, null, undefined>;
  private readonly linkLayer: Selection<SVGGElement, unknown, null, undefined>;
  private readonly nodeLayer: Selection<SVGGElement, unknown, null, undefined>;
  /** Lines thickened under the pointer, thinned again when it leaves (not all of them). */
  private highlighted: Selection<SVGLineElement, GraphLink, SVGGElement, unknown> | null = null;

  constructor(
    private readonly svg: SVGSVGElement,
    private readonly handlers: GraphHandlers,
  ) {
    super();
    this.zoom = zoomableCanvas(svg, {
      scaleExtent: GRAPH.scaleExtent,
      onZoom: () => handlers.onZoom(),
      onBackground: () => handlers.onBackground(),
      onGesture: (moving) => this.gesture(moving),
    });
    this.hullLayer = this.zoom.layer.append('g').attr('class', 'hulls');
    this.linkLayer = this.zoom.layer.append('g').attr('class', 'links');
    this.nodeLayer = this.zoom.layer.append('g').attr('class', 'nodes');
    this.links = this.linkLayer.selectAll<SVGLineElement, GraphLink>('line.link');
    this.nodes = this.nodeLayer.selectAll<SVGGElement, GraphNode>('g.node');
  }

  protected size() {
    return { width: this.svg.clientWidth || 800, height: this.svg.clientHeight || 600 };
  }

  protected join(graph: Graph): void {
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
      .attr('transform', (node) => iconTransform(NODE_ICON_SIZE[node.kind]))
      .attr('d', (node) => NODE_ICON[node.kind]);
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

  protected draw(): void {
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
    this.hullLayer
      .selectAll<SVGPathElement, NetworkHull>('path.hull')
      .data(visibleHulls(this.graph.nodes), (hull) => hull.network.id)
      .join((enter) => enter.append('path').attr('class', 'hull').attr('stroke-width', 10).attr('stroke-linejoin', 'round').attr('fill-opacity', 0.2).attr('stroke-opacity', 0.2))
      .attr('fill', (hull) => networkColor(this.colorOf.get(hull.network.id) ?? 0))
      .attr('stroke', (hull) => networkColor(this.colorOf.get(hull.network.id) ?? 0))
      .attr('d', (hull) => HULL_PATH(hullOutline(hull)) ?? '');
  }

  showLabels(show: boolean): void {
    this.labels = show;
    this.drawTexts();
  }

  destroy(): void {
    this.stopLayout();
    this.zoom.destroy();
    select(this.svg).selectAll('*').remove();
  }
}
