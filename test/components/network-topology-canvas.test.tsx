import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { zoomTransform } from 'd3-zoom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GraphCanvasDrawing } from '../../custom/topology/graph-canvas';
import * as model from '../../custom/topology/graph-model';
import type { TopologyData } from '../../custom/topology/model';
import { renderWithApi } from '../support/fake-api';

/**
 * The graph view of a large project (bench h): drawn on one canvas from
 * CANVAS_FROM_NODES nodes, its nodes found under the pointer. jsdom paints
 * nothing (no 2D context); what is tested is which drawing the page makes and
 * what a click, a hover and a press do on it.
 */

vi.mock('../../custom/topology/graph-model', async (original) => {
  const actual = await original<typeof model>();
  return { ...actual, nodeAt: vi.fn(actual.nodeAt) };
});

const { buildGraph, CANVAS_FROM_NODES } = model;
const nodeAt = vi.mocked(model.nodeAt);
const realNodeAt = nodeAt.getMockImplementation()!;

/** `networks` networks with `instances` instances spread over them, one port each. */
function topology(networks: number, instances: number): TopologyData {
  const active = { status: 'Active', original_status: 'ACTIVE' };
  return {
    networks: Array.from({ length: networks }, (_, i) => ({ id: `net-${i}`, name: `network-${i}`, subnets: [{ id: `sub-${i}`, cidr: `10.0.${i}.0/24` }], ...active, 'router:external': false, allow_delete_network: true })),
    routers: [],
    servers: Array.from({ length: instances }, (_, i) => ({ id: `vm-${i}`, name: `instance-${i}`, ...active, task: null, allow_delete_server: true, url: `/project/instances/vm-${i}/` })),
    ports: Array.from({ length: instances }, (_, i) => ({ id: `port-${i}`, network_id: `net-${i % networks}`, device_id: `vm-${i}`, device_owner: 'compute:nova', fixed_ips: [{ ip_address: `10.0.${i % networks}.${10 + i}` }], ...active })),
  };
}

/** A mouse event whose `view` is the window (d3's drag and zoom follow the pointer there; jsdom refuses its own proxy as `view` in the constructor). */
const mouse = (type: string, x: number, y: number, buttons = 0) => {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0, buttons });
  return Object.defineProperty(event, 'view', { value: window });
};

beforeEach(() => {
  // jsdom has no 2D context (and says so on the console): the drawing then only lays out and hit-tests.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
});
afterEach(() => {
  nodeAt.mockImplementation(realNodeAt);
  vi.restoreAllMocks();
});

describe('Network Topology: the graph of a large project on a canvas', { timeout: 60_000 }, () => {
  it("draws a large graph on a canvas (role img, named), opens a node's balloon on a click on it, and goes back to SVG when the collapse leaves few nodes", async () => {
    document.cookie = 'tab_topology_tabs=topology_tabs__graph; path=/';
    renderWithApi({ path: '/project/network_topology', routes: { 'GET /project/network_topology/json': () => topology(10, CANVAS_FROM_NODES) } });
    const drawing = await screen.findByRole('img', { name: 'Network topology graph' }, { timeout: 30_000 });
    expect(drawing.tagName).toBe('CANVAS');
    expect(document.querySelector('g.node')).toBeNull();
    await waitFor(() => expect(drawing.dataset.nodes).toBe(String(10 + CANVAS_FROM_NODES)));

    // Whatever the layout made of the places, the hit-test answers instance-7 here.
    nodeAt.mockImplementation((nodes) => nodes.find((node) => node.id === 'vm-7'));
    fireEvent.click(drawing, { clientX: 200, clientY: 150 });
    // The layout's warm-up slices run between frames; on a loaded machine the balloon may come after them.
    const balloon = await screen.findByRole('dialog', { name: 'instance-7' }, { timeout: 15_000 });
    within(balloon).getByText('vm-7');
    within(balloon).getByRole('link', { name: '» View Instance Details' });
    within(balloon).getByRole('button', { name: 'Delete Instance' });
    // Clicking it again closes it; a click on the background closes it too.
    fireEvent.click(drawing, { clientX: 200, clientY: 150 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'instance-7' })).toBeNull());
    fireEvent.click(drawing, { clientX: 200, clientY: 150 });
    await screen.findByRole('dialog', { name: 'instance-7' });
    nodeAt.mockImplementation(() => undefined);
    fireEvent.click(drawing, { clientX: 5, clientY: 5 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'instance-7' })).toBeNull());

    // Collapsed, the instances on one network leave: ten nodes, drawn in SVG again, each counting its instances.
    nodeAt.mockImplementation(realNodeAt);
    fireEvent.click(screen.getByRole('button', { name: 'Toggle Network Collapse' }));
    await waitFor(() => expect(document.querySelectorAll('g.node')).toHaveLength(10));
    expect(document.querySelector('canvas')).toBeNull();
    expect(document.querySelector('g.node[data-id="net-3"] .vmCount')!.textContent).toBe(String(CANVAS_FROM_NODES / 10));
  });
});

describe('The canvas drawing: what is under the pointer', () => {
  /** A canvas drawing of network a at (100, 100) and instance s at (300, 100), held there by the layout. */
  function drawn() {
    const canvas = document.body.appendChild(document.createElement('canvas'));
    const handlers = { onNode: vi.fn(), onBackground: vi.fn(), onZoom: vi.fn() };
    const drawing = new GraphCanvasDrawing(canvas, handlers);
    const graph = buildGraph(topology(1, 1), false);
    const [network, instance] = graph.nodes;
    Object.assign(network, { fx: 100, fy: 100 });
    Object.assign(instance, { fx: 300, fy: 100 });
    drawing.update(graph);
    return { canvas, handlers, drawing, network, instance };
  }

  it('sends a click on a node to its balloon and a click beside it to the background, and shows the pointer over a node only', () => {
    const { canvas, handlers, drawing, instance } = drawn();
    try {
      canvas.dispatchEvent(mouse('click', 310, 95));
      expect(handlers.onNode).toHaveBeenCalledWith(instance);
      canvas.dispatchEvent(mouse('click', 200, 100));
      expect(handlers.onBackground).toHaveBeenCalledTimes(1);
      expect(handlers.onNode).toHaveBeenCalledTimes(1);

      canvas.dispatchEvent(mouse('mousemove', 100, 120));
      expect(canvas.style.cursor).toBe('pointer');
      canvas.dispatchEvent(mouse('mousemove', 200, 100));
      expect(canvas.style.cursor).toBe('');
    } finally {
      drawing.destroy();
      canvas.remove();
    }
  });

  it('drags the node under a press (it follows the pointer, the view stays) and pans the view from a press on the background', () => {
    const { canvas, handlers, drawing, network } = drawn();
    try {
      canvas.dispatchEvent(mouse('mousedown', 100, 100, 1));
      window.dispatchEvent(mouse('mousemove', 160, 140, 1));
      expect([network.fx, network.fy]).toEqual([160, 140]);
      window.dispatchEvent(mouse('mouseup', 160, 140));
      expect(network.fx).toBeNull();
      expect(zoomTransform(canvas).toString()).toBe('translate(0,0) scale(1)');
      expect(handlers.onZoom).not.toHaveBeenCalled();

      canvas.dispatchEvent(mouse('mousedown', 200, 300, 1));
      window.dispatchEvent(mouse('mousemove', 230, 320, 1));
      window.dispatchEvent(mouse('mouseup', 230, 320));
      expect(zoomTransform(canvas).toString()).toBe('translate(30,20) scale(1)');
      expect(handlers.onZoom).toHaveBeenCalled();
      // After the pan the instance is found at its new place on the screen (the pan is in the hit-test), no longer at its old one.
      canvas.dispatchEvent(mouse('mousemove', 300, 100));
      expect(canvas.style.cursor).toBe('');
      canvas.dispatchEvent(mouse('mousemove', 330, 120));
      expect(canvas.style.cursor).toBe('pointer');
    } finally {
      drawing.destroy();
      canvas.remove();
    }
  });
});
