import { pointer, select } from 'd3-selection';
import { line } from 'd3-shape';
import { dragCanvasNodes, zoomableElement, type ZoomedElement } from './d3-kit';
import { ForceGraphDrawing, type GraphHandlers, HULL_CURVE, hullOutline, visibleHulls } from './graph-drawing';
import { GRAPH, type GraphLink, type GraphNode, NODE_RADIUS, nodeAt } from './graph-model';
import { NODE_ICON, NODE_ICON_SIZE } from './icons';
import { isLoading, networkColor } from './model';

/**
 * The graph view's canvas drawing (spec 1 §2.4), for graphs of
 * `CANVAS_FROM_NODES` nodes and more: the same circles, icons, links, hulls,
 * labels and counts as the SVG drawing, painted on one `<canvas>` at most once
 * a frame and only when something moved, so that a pan or zoom of thousands
 * of nodes costs one paint of what is in view (bench h). Nodes are found
 * under the pointer by `nodeAt`: a click opens their balloon, a press drags
 * them, a press elsewhere pans.
 */

const endpoint = (end: GraphLink['source']) => end as GraphNode;
/** Text is drawn only where it reads: at least this many screen pixels high. */
const READABLE_PX = 7;
/** An icon narrower than this on screen is a smudge: left out. */
const ICON_MIN_PX = 6;
/** A node stays at least this easy to hit (screen pixels), however far out the zoom. */
const HIT_MIN_PX = 6;
/** Icons are painted from bitmaps drawn once at this many times their size (zoom up to 1.5 on a 2× screen stays sharp). */
const SPRITE_SCALE = 3;
const SPRITES = new Map<GraphNode['kind'], HTMLCanvasElement>();

/** The kind's icon, drawn once on a small canvas: thousands of image copies paint faster than thousands of paths. */
function iconSprite(kind: GraphNode['kind']): HTMLCanvasElement | undefined {
  const cached = SPRITES.get(kind);
  if (cached) return cached;
  const side = Math.ceil(NODE_ICON_SIZE[kind] * SPRITE_SCALE);
  const sprite = document.createElement('canvas');
  sprite.width = side;
  sprite.height = side;
  const context = sprite.getContext('2d');
  if (!context || typeof Path2D === 'undefined') return undefined;
  context.scale(side / 24, side / 24);
  context.fill(new Path2D(NODE_ICON[kind]));
  SPRITES.set(kind, sprite);
  return sprite;
}

const isNetwork = (node: GraphNode) => node.kind === 'network' || node.kind === 'external-network';

export class GraphCanvasDrawing extends ForceGraphDrawing {
  protected readonly zoom: ZoomedElement<HTMLCanvasElement>;
  private readonly context: CanvasRenderingContext2D | null;
  private readonly resize: ResizeObserver;
  /** The paint asked for the next frame, if any. */
  private frame: number | null = null;
  /** The node under the pointer: its links are drawn thicker. */
  private hovered: GraphNode | null = null;
  private readonly font: string;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    handlers: GraphHandlers,
  ) {
    super();
    this.context = canvas.getContext('2d');
    this.font = getComputedStyle(canvas).fontFamily || 'sans-serif';
    // The drag is bound first: a press on a node starts it and stops the event, a press elsewhere reaches the zoom.
    select(canvas).call(
      dragCanvasNodes<GraphNode>(
        () => this.simulation,
        (x, y) => this.nodeUnder(x, y),
        () => this.zoom.transform(),
        () => this.requestPaint(),
      ),
    );
    this.zoom = zoomableElement(canvas, {
      scaleExtent: GRAPH.scaleExtent,
      onZoom: () => {
        handlers.onZoom();
        this.requestPaint();
      },
      onGesture: (moving) => this.gesture(moving),
      mayPan: (event) => event.type === 'wheel' || !this.nodeUnder(...pointer(event, canvas)),
    });
    select(canvas)
      .on('click.graph', (event: MouseEvent) => {
        const node = this.nodeUnder(...pointer(event, canvas));
        if (node) handlers.onNode(node);
        else handlers.onBackground();
      })
      .on('mousemove.graph', (event: MouseEvent) => {
        if (event.buttons) return;
        this.hover(this.nodeUnder(...pointer(event, canvas)) ?? null);
      })
      .on('mouseleave.graph', () => this.hover(null));
    this.resize = new ResizeObserver(() => this.fit());
    this.resize.observe(canvas);
    this.fit();
  }

  protected size() {
    return { width: this.canvas.clientWidth || 800, height: this.canvas.clientHeight || 600 };
  }

  protected join(): void {
    this.canvas.dataset.nodes = String(this.graph.nodes.length);
    this.requestPaint();
  }

  protected draw(): void {
    this.requestPaint();
  }

  showLabels(show: boolean): void {
    this.labels = show;
    this.requestPaint();
  }

  destroy(): void {
    this.stopLayout();
    this.zoom.destroy();
    this.resize.disconnect();
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    select(this.canvas).on('.graph', null).on('.drag', null);
  }

  /** The node under the canvas pixel (`x`, `y`). */
  private nodeUnder(x: number, y: number): GraphNode | undefined {
    const transform = this.zoom.transform();
    const [atX, atY] = transform.invert([x, y]);
    return nodeAt(this.graph.nodes, atX, atY, HIT_MIN_PX / transform.k);
  }

  private hover(node: GraphNode | null): void {
    this.canvas.style.cursor = node ? 'pointer' : '';
    if (node === this.hovered) return;
    this.hovered = node;
    this.requestPaint();
  }

  /** The canvas's backing store follows its size on the page and the screen's pixel ratio, so lines stay sharp. */
  private fit(): void {
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = this.size();
    this.canvas.width = Math.round(width * ratio);
    this.canvas.height = Math.round(height * ratio);
    this.requestPaint();
  }

  /** One paint in the next frame, however many ticks, zooms and moves ask for it before. */
  private requestPaint(): void {
    if (this.frame !== null || !this.context) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.paint(this.context!);
    });
  }

  private paint(context: CanvasRenderingContext2D): void {
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = this.size();
    const transform = this.zoom.transform();
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.fillStyle = 'white';
    context.fillRect(0, 0, this.canvas.width, this.canvas.height);
    context.setTransform(ratio * transform.k, 0, 0, ratio * transform.k, ratio * transform.x, ratio * transform.y);
    // What is in view, in the layout's coordinates, with room for the widest node and its label.
    const [left, top] = transform.invert([0, 0]);
    const [right, bottom] = transform.invert([width, height]);
    const margin = 60;
    const inView = (node: GraphNode) => {
      const x = node.x ?? 0;
      const y = node.y ?? 0;
      return x > left - margin && x < right + margin && y > top - margin && y < bottom + margin;
    };
    const lineInView = (a: GraphNode, b: GraphNode) =>
      !(Math.max(a.x ?? 0, b.x ?? 0) < left || Math.min(a.x ?? 0, b.x ?? 0) > right || Math.max(a.y ?? 0, b.y ?? 0) < top || Math.min(a.y ?? 0, b.y ?? 0) > bottom);

    this.paintHulls(context);
    this.paintLinks(context, this.graph.links.filter((link) => lineInView(endpoint(link.source), endpoint(link.target))), 1);
    if (this.hovered) {
      const hovered = this.hovered;
      this.paintLinks(context, this.graph.links.filter((link) => endpoint(link.source) === hovered || endpoint(link.target) === hovered), 3);
    }
    const shown = this.graph.nodes.filter(inView);
    this.paintNodes(context, shown);
    this.paintIcons(context, shown, transform.k);
    this.paintTexts(context, shown, transform.k);
  }

  /** Each network's area, tinted with its colour behind the graph (Horizon's hulls). */
  private paintHulls(context: CanvasRenderingContext2D): void {
    const outline = line().curve(HULL_CURVE).context(context);
    context.lineWidth = 10;
    context.lineJoin = 'round';
    context.globalAlpha = 0.2;
    for (const hull of visibleHulls(this.graph.nodes)) {
      const color = networkColor(this.colorOf.get(hull.network.id) ?? 0);
      context.beginPath();
      outline(hullOutline(hull));
      context.fillStyle = color;
      context.strokeStyle = color;
      context.fill();
      context.stroke();
    }
    context.globalAlpha = 1;
  }

  private paintLinks(context: CanvasRenderingContext2D, links: GraphLink[], width: number): void {
    context.beginPath();
    for (const link of links) {
      context.moveTo(endpoint(link.source).x ?? 0, endpoint(link.source).y ?? 0);
      context.lineTo(endpoint(link.target).x ?? 0, endpoint(link.target).y ?? 0);
    }
    context.lineWidth = width;
    context.strokeStyle = 'black';
    context.stroke();
  }

  /**
   * White circles ringed in their network's colour, black for devices (dashed
   * while loading): one path per ring style, in the order of the nodes' kinds
   * (networks under routers under instances), not a path per node.
   */
  private paintNodes(context: CanvasRenderingContext2D, nodes: GraphNode[]): void {
    const rings = new Map<string, GraphNode[]>();
    for (const node of nodes) {
      const style = isNetwork(node) ? networkColor(this.colorOf.get(node.id) ?? 0) : isLoading(node.data as { original_status?: string; task?: string | null }) ? 'loading' : 'black';
      const group = rings.get(style);
      if (group) group.push(node);
      else rings.set(style, [node]);
    }
    context.lineWidth = 3;
    context.fillStyle = 'white';
    for (const [style, group] of rings) {
      context.beginPath();
      for (const node of group) {
        const radius = NODE_RADIUS[node.kind];
        context.moveTo((node.x ?? 0) + radius, node.y ?? 0);
        context.arc(node.x ?? 0, node.y ?? 0, radius, 0, 2 * Math.PI);
      }
      context.fill();
      context.strokeStyle = style === 'loading' ? 'black' : style;
      context.setLineDash(style === 'loading' ? [4, 3] : []);
      context.stroke();
    }
    context.setLineDash([]);
  }

  /** Each node's icon, where it is wide enough on screen to be more than a smudge. */
  private paintIcons(context: CanvasRenderingContext2D, nodes: GraphNode[], scale: number): void {
    for (const node of nodes) {
      const size = NODE_ICON_SIZE[node.kind];
      if (size * scale < ICON_MIN_PX) continue;
      const sprite = iconSprite(node.kind);
      if (sprite) context.drawImage(sprite, (node.x ?? 0) - size / 2, (node.y ?? 0) - size / 2, size, size);
    }
  }

  /** The labels while they are on, the hidden-instance count on a collapsed network: where they read at this zoom. */
  private paintTexts(context: CanvasRenderingContext2D, nodes: GraphNode[], scale: number): void {
    context.fillStyle = 'black';
    if (this.labels && 12 * scale >= READABLE_PX) {
      context.font = `12px ${this.font}`;
      for (const node of nodes) context.fillText(node.name, (node.x ?? 0) + NODE_RADIUS[node.kind] + 5, (node.y ?? 0) + 3);
    }
    if (20 * scale >= READABLE_PX) {
      context.font = `20px ${this.font}`;
      for (const node of nodes) if (isNetwork(node) && 'hidden' in node && node.hidden) context.fillText(String(node.hidden), (node.x ?? 0) + 26, (node.y ?? 0) + 38);
    }
  }
}
