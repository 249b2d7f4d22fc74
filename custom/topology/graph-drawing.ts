import type { Simulation } from 'd3-force';
import { polygonHull } from 'd3-polygon';
import { curveCardinalClosed } from 'd3-shape';
import type { ZoomTransform } from 'd3-zoom';
import { type ForceLayout, forceLayout, updateLayout } from './d3-kit';
import { GRAPH, type Graph, type GraphLink, type GraphNode, hullPoints, linkDistance, type NetworkHull } from './graph-model';

/**
 * What the graph view's two drawings share (spec 1 §2.4): the force layout
 * that keeps the places of what it already drew across reloads, the network
 * colours, and the layout's pauses (a balloon open, a pan or zoom under way).
 * The SVG drawing (`graph-draw.ts`) and the canvas drawing
 * (`graph-canvas.ts`) only draw.
 */

export interface GraphHandlers {
  onNode(node: GraphNode): void;
  onBackground(): void;
  /** The view moved or zoomed (an open balloon closes). */
  onZoom(): void;
}

/** Horizon's hull outline: a closed cardinal curve through the hull's corners. */
export const HULL_CURVE = curveCardinalClosed.tension(0.85);
/** Past a thousand nodes the tinted areas cost more to paint on every pan than they tell (bench h). */
const HULL_MAX_NODES = 1000;

/** Each (non-external) network's tinted area, none past `HULL_MAX_NODES` nodes. */
export function visibleHulls(nodes: readonly GraphNode[]): NetworkHull[] {
  return nodes.length > HULL_MAX_NODES ? [] : hullPoints(nodes);
}

/** The corners the hull's curve goes through. */
export function hullOutline(hull: NetworkHull): [number, number][] {
  return polygonHull(hull.points) ?? hull.points;
}

export abstract class ForceGraphDrawing {
  private layout: ForceLayout<GraphNode, GraphLink> | null = null;
  protected get simulation(): Simulation<GraphNode, GraphLink> | null {
    return this.layout?.simulation ?? null;
  }
  /** The graph drawn last. */
  protected graph: Graph = { nodes: [], links: [], byId: new Map() };
  protected labels = false;
  /** A network's place in the data: its colour (spec 1 §2.4, Horizon's category10). */
  protected readonly colorOf = new Map<string, number>();
  /** A balloon is open (the layout waits, as Horizon's does). */
  private paused = false;
  /**
   * A pan or zoom is under way: the layout waits, so each frame of the gesture
   * moves one transform instead of also running a tick and moving thousands
   * of nodes and links (bench h: 2,550 nodes froze the pan under load).
   */
  private moving = false;

  /** The drawing's size in CSS pixels (the layout's centre is its middle). */
  protected abstract size(): { width: number; height: number };
  /** Binds the drawing to `graph`'s nodes and links (the layout has them already). */
  protected abstract join(graph: Graph): void;
  /** Shows the nodes and links where the layout has put them. */
  protected abstract draw(): void;
  protected abstract readonly zoom: { center(durationMs: number): void; transform(): ZoomTransform };
  /** Spec 1 §2.4: the labels toggle. */
  abstract showLabels(show: boolean): void;
  abstract destroy(): void;

  /** Draws `graph`; the nodes already drawn keep their places, and the layout wakes only when something came or went. */
  update(graph: Graph): void {
    graph.nodes.forEach((node, index) => {
      if (node.kind === 'network' || node.kind === 'external-network') this.colorOf.set(node.id, index);
    });
    const before = this.graph.byId;
    const changed = graph.nodes.length !== before.size || graph.nodes.some((node) => !before.has(node.id)) || graph.links.length !== this.graph.links.length;
    // A new node starts beside a node it links to, so it does not fly in from a corner.
    for (const link of graph.links) {
      const device = graph.byId.get(String(link.source));
      if (!device || before.has(device.id)) continue;
      const network = before.get(String(link.target));
      if (network?.x !== undefined) Object.assign(device, { x: network.x + Math.random() * 20 - 10, y: (network.y ?? 0) + Math.random() * 20 - 10 });
    }
    this.graph = graph;
    if (!this.simulation) {
      const { width, height } = this.size();
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
        held: () => this.paused || this.moving,
      });
      return;
    }
    updateLayout(this.simulation, graph.nodes, graph.links, (node) => node.id, changed);
    this.join(graph);
    this.tick();
  }

  protected tick(): void {
    // A tick that comes during a gesture (the warm-up ending, a reload) stops the layout until the gesture ends.
    if (this.moving) this.simulation?.stop();
    this.draw();
  }

  /** Spec 1 §2.4, §9: back to the centre at scale 1 in 1500 ms. */
  center(): void {
    this.zoom.center(GRAPH.centerMs);
  }

  /** Where `node` is on the screen, in the drawing's pixels (for its balloon). */
  screenPosition(node: GraphNode): { x: number; y: number } {
    const [x, y] = this.zoom.transform().apply([node.x ?? 0, node.y ?? 0]);
    return { x, y };
  }

  /** Stops the layout while a balloon is open, as Horizon does, and lets it go on after. */
  pause(paused: boolean): void {
    this.paused = paused;
    this.resume();
  }

  /** A pan or zoom starts (true) or ends (false). */
  protected gesture(moving: boolean): void {
    this.moving = moving;
    this.resume();
  }

  /** The layout runs when neither a balloon nor a gesture holds it, and only while it has not cooled. */
  private resume(): void {
    const simulation = this.simulation;
    if (!simulation) return;
    if (this.paused || this.moving) simulation.stop();
    else if (simulation.alpha() > simulation.alphaMin()) simulation.restart();
  }

  /** Stops the layout for good. */
  protected stopLayout(): void {
    this.layout?.stop();
  }
}
