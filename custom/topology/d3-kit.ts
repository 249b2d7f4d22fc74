import { drag } from 'd3-drag';
import { forceLink, forceManyBody, forceSimulation, forceX, forceY, type Simulation, type SimulationLinkDatum, type SimulationNodeDatum } from 'd3-force';
import { select, type Selection } from 'd3-selection';
import 'd3-transition';
import { zoom, zoomIdentity, type ZoomBehavior, type ZoomTransform, zoomTransform } from 'd3-zoom';

/**
 * The d3 pieces the topology drawings share (the network graph now, the stack
 * topology next): a pannable, zoomable canvas, a force layout warmed up
 * before its first frame, and node dragging. Each drawing keeps its own
 * shapes; these only move them.
 */

export type SvgSelection = Selection<SVGSVGElement, unknown, null, undefined>;
export type GroupSelection = Selection<SVGGElement, unknown, null, undefined>;

export interface ZoomableCanvas {
  /** The group that zooms and pans; draw into it. */
  layer: GroupSelection;
  zoom: ZoomBehavior<SVGSVGElement, unknown>;
  /** Back to the origin at scale 1, animated over `durationMs`. */
  center(durationMs: number): void;
  /** The current pan and zoom. */
  transform(): ZoomTransform;
  destroy(): void;
}

export interface ZoomOptions {
  scaleExtent: [number, number];
  onZoom?(transform: ZoomTransform): void;
  onGesture?(moving: boolean): void;
  /** Whether a press at this pointer event may start a pan (a canvas drawing leaves presses on its nodes to the drag). */
  mayPan?(event: MouseEvent | TouchEvent): boolean;
}

/**
 * The pan and zoom of `element` (an svg, or a canvas whose drawing reads
 * `transform()` when it paints): the zoom behaviour and the animated way back
 * to the centre.
 */
export function zoomableElement<E extends Element>(element: E, options: ZoomOptions) {
  const target = select(element);
  const behaviour = zoom<E, unknown>()
    .scaleExtent(options.scaleExtent)
    // d3's own filter (no ctrl-click, no secondary button), then the drawing's.
    .filter((event: MouseEvent | TouchEvent) => (!event.ctrlKey || event.type === 'wheel') && !(event as MouseEvent).button && (options.mayPan?.(event) ?? true))
    .on('start', () => options.onGesture?.(true))
    .on('zoom', (event: { transform: ZoomTransform }) => options.onZoom?.(event.transform))
    .on('end', () => options.onGesture?.(false));
  target.call(behaviour).on('dblclick.zoom', null);
  return {
    zoom: behaviour,
    center(durationMs: number) {
      target.transition().duration(durationMs).call(behaviour.transform, zoomIdentity);
    },
    transform: () => zoomTransform(element),
    destroy() {
      target.interrupt();
      target.on('.zoom', null);
    },
  };
}

export type ZoomedElement<E extends Element> = ReturnType<typeof zoomableElement<E>>;

/**
 * Makes `svg` a canvas that pans on drag of its background and zooms on the
 * wheel within `scaleExtent`; a double click does not zoom (Horizon's graph).
 * `onBackground` runs on a click on the empty canvas, `onZoom` on every move,
 * `onGesture` when a pan or zoom starts (true) and ends (false).
 */
export function zoomableCanvas(svgElement: SVGSVGElement, options: ZoomOptions & { onBackground?(): void }): ZoomableCanvas {
  const svg = select(svgElement);
  svg.selectAll('*').remove();
  svg
    .append('rect')
    .attr('class', 'canvas-background')
    .attr('width', '100%')
    .attr('height', '100%')
    .attr('fill', 'white')
    .on('click', () => options.onBackground?.());
  const layer = svg.append('g').attr('class', 'canvas-layer');
  const zoomed = zoomableElement(svgElement, {
    ...options,
    onZoom(transform) {
      layer.attr('transform', transform.toString());
      options.onZoom?.(transform);
    },
  });
  return {
    ...zoomed,
    layer,
    destroy() {
      zoomed.destroy();
      svg.selectAll('*').remove();
    },
  };
}

export interface ForceOptions<N extends SimulationNodeDatum, L extends SimulationLinkDatum<N>> {
  width: number;
  height: number;
  /** Pull towards the centre (d3 v3's gravity). */
  gravity: number;
  /** Link length, fixed or per link. */
  distance: number | ((link: L) => number);
  /** Node repulsion (negative pushes apart). */
  charge: number;
  /** Ticks run before the first frame, so the graph opens already spread. */
  warmTicks: number;
  id(node: N): string;
  onTick(): void;
  /** While this holds (a pan or zoom under way, a balloon open), the warm-up waits instead of taking the frames. */
  held?(): boolean;
}

/** A warm-up slice runs ticks for at most this long before it lets the browser draw a frame. */
const WARM_SLICE_MS = 12;
/** Past this many nodes the layout cools within its warm-up and then rests. */
const LARGE_GRAPH = 500;

export interface ForceLayout<N extends SimulationNodeDatum, L extends SimulationLinkDatum<N>> {
  simulation: Simulation<N, L>;
  /** Stops the layout and any warm-up still to run. */
  stop(): void;
}

/**
 * A force layout as d3 v3's `force()` was configured (gravity, link distance,
 * charge), warmed by `warmTicks` ticks before it moves on its own. The
 * warm-up runs in slices of a few milliseconds, so a large project's graph
 * (2,000 instances: about 20 ms a tick) never freezes the page; a small one
 * is warmed in the first slice, before its first frame.
 */
export function forceLayout<N extends SimulationNodeDatum, L extends SimulationLinkDatum<N>>(nodes: N[], links: L[], options: ForceOptions<N, L>): ForceLayout<N, L> {
  const link = forceLink<N, L>(links).id(options.id);
  if (typeof options.distance === 'number') link.distance(options.distance);
  else link.distance(options.distance);
  const simulation = forceSimulation<N, L>(nodes)
    .force('link', link)
    .force('charge', forceManyBody<N>().strength(options.charge))
    .force('x', forceX<N>(options.width / 2).strength(options.gravity))
    .force('y', forceY<N>(options.height / 2).strength(options.gravity))
    .stop();
  // A large graph cools from 1 to d3's rest (alpha 0.001) within the warm-up's ticks instead of 300:
  // each tick of 2,500 nodes costs tens of milliseconds of the page's time (bench h).
  if (nodes.length > LARGE_GRAPH) simulation.alphaDecay(1 - simulation.alphaMin() ** (1 / Math.max(1, options.warmTicks)));
  let remaining = options.warmTicks;
  let stopped = false;
  let pending: ReturnType<typeof setTimeout> | undefined;
  const warm = () => {
    if (stopped) return;
    if (options.held?.()) {
      pending = setTimeout(warm, WARM_SLICE_MS * 4);
      return;
    }
    const start = performance.now();
    while (remaining > 0 && performance.now() - start < WARM_SLICE_MS) {
      simulation.tick();
      remaining -= 1;
    }
    if (remaining > 0) {
      pending = setTimeout(warm, 0);
      return;
    }
    // The nodes are placed once, warmed: moving thousands of elements after every slice costs more than the ticks.
    options.onTick();
    simulation.on('tick', options.onTick);
    // A large graph is at rest after its warm-up: another tick would hold up the frames of a pan or zoom
    // for nothing to see (bench h); a drag or a change wakes it. A small one settles on screen, as Horizon's does.
    if (nodes.length > LARGE_GRAPH) simulation.alpha(0);
    else simulation.alpha(0.3).restart();
  };
  warm();
  return {
    simulation,
    stop() {
      stopped = true;
      clearTimeout(pending);
      simulation.stop();
    },
  };
}

/** New nodes and links for a running layout, keeping the places of the nodes it already had. */
export function updateLayout<N extends SimulationNodeDatum, L extends SimulationLinkDatum<N>>(simulation: Simulation<N, L>, nodes: N[], links: L[], key: (node: N) => string, changed: boolean): void {
  const previous = new Map(simulation.nodes().map((node) => [key(node), node]));
  for (const node of nodes) {
    const old = previous.get(key(node));
    if (old) Object.assign(node, { x: old.x, y: old.y, vx: old.vx, vy: old.vy, fx: old.fx, fy: old.fy });
  }
  simulation.nodes(nodes);
  (simulation.force('link') as ReturnType<typeof forceLink<N, L>>).links(links);
  if (changed) simulation.alpha(0.3).restart();
}

type Layout<N extends SimulationNodeDatum> = () => Simulation<N, never> | Simulation<N, SimulationLinkDatum<N>> | null;

/** A drag starts: the layout wakes (once for all fingers) and the node stays under the pointer. */
function pin<N extends SimulationNodeDatum>(simulation: Layout<N>, active: number, node: N): void {
  if (!active) simulation()?.alphaTarget(0.3).restart();
  node.fx = node.x;
  node.fy = node.y;
}

/** Letting go frees the node and lets the layout cool. */
function release<N extends SimulationNodeDatum>(simulation: Layout<N>, active: number, node: N): void {
  if (!active) simulation()?.alphaTarget(0);
  node.fx = null;
  node.fy = null;
}

/** Dragging a node pins it under the pointer and wakes the layout; letting go frees it. */
export function dragNodes<E extends Element, N extends SimulationNodeDatum>(simulation: Layout<N>) {
  return drag<E, N>()
    .on('start', (event: { active: number }, node) => pin(simulation, event.active, node))
    .on('drag', (event: { x: number; y: number }, node) => {
      node.fx = event.x;
      node.fy = event.y;
    })
    .on('end', (event: { active: number }, node) => release(simulation, event.active, node));
}

/**
 * The same drag on a canvas drawing, whose nodes are no elements: `pick` finds
 * the node under a press (in the canvas's pixels), a press elsewhere starts no
 * drag (it pans), and the node follows the pointer through the zoom `transform`.
 */
export function dragCanvasNodes<N extends SimulationNodeDatum>(simulation: Layout<N>, pick: (x: number, y: number) => N | undefined, transform: () => ZoomTransform, onMove: () => void) {
  type Held = { node: N; x: number; y: number };
  return drag<HTMLCanvasElement, unknown, Held>()
    .subject((event: { x: number; y: number }) => {
      const node = pick(event.x, event.y);
      // No subject, no drag: d3 leaves the press to the zoom, which pans.
      return (node ? { node, x: transform().applyX(node.x ?? 0), y: transform().applyY(node.y ?? 0) } : undefined) as Held;
    })
    .on('start', (event: { active: number; subject: Held }) => pin(simulation, event.active, event.subject.node))
    .on('drag', (event: { x: number; y: number; subject: Held }) => {
      event.subject.node.fx = transform().invertX(event.x);
      event.subject.node.fy = transform().invertY(event.y);
      onMove();
    })
    .on('end', (event: { active: number; subject: Held }) => release(simulation, event.active, event.subject.node));
}
