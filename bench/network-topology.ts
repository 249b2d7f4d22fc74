import os from 'node:os';
import { layoutFlat } from '../custom/topology/flat-layout.js';
import type { TopologyData } from '../custom/topology/model.js';
import { forceLayout } from '../custom/topology/d3-kit.js';
import { buildGraph, GRAPH, linkDistance } from '../custom/topology/graph-model.js';
import { launchChromium } from '../test/support/browser.js';
import { logIn } from '../test/support/pages.js';
import { framesDuring, longestTask, printFrames, watchLongTasks } from './frames.js';
import type { BenchCloud } from './support.js';

/**
 * (h) The network topology of a large project: `networks` networks (the
 * first external), `routers` routers each with a gateway and ten interfaces,
 * and `instances` instances one port each, spread over the networks. The
 * topology call is answered from memory (page.route), so the figures are the
 * browser's own: layout arithmetic in Node, then in headless Chromium the
 * time to draw every device (flat) and every node (graph: on a canvas at this
 * size, `CANVAS_FROM_NODES`), the longest task while doing it, and the frames
 * while panning and zooming.
 */
export function makeTopology(networks = 500, instances = 2000, routers = 50): TopologyData {
  const active = { status: 'Active', original_status: 'ACTIVE' };
  return {
    networks: Array.from({ length: networks }, (_, i) => ({
      id: `net-${i}`,
      name: `network-${i}`,
      subnets: [{ id: `sub-${i}`, cidr: `10.${i >> 8}.${i & 255}.0/24`, url: `/project/networks/subnets/sub-${i}/detail` }],
      ...active,
      'router:external': i === 0,
      allow_delete_subnet: i !== 0,
      allow_delete_network: i !== 0,
      url: `/project/networks/net-${i}/detail`,
    })),
    routers: Array.from({ length: routers }, (_, i) => ({ id: `router-${i}`, name: `router-${i}`, ...active, external_gateway_info: { network_id: 'net-0' }, url: `/project/routers/router-${i}/` })),
    servers: Array.from({ length: instances }, (_, i) => ({ id: `vm-${i}`, name: `instance-${i}`, ...active, task: null, console: 'auto_console', allow_delete_server: true, url: `/project/instances/vm-${i}/` })),
    ports: [
      ...Array.from({ length: routers }, (_, i) => [
        { id: `gatewaynet-0-${i}`, network_id: 'net-0', device_id: `router-${i}`, fixed_ips: [] },
        ...Array.from({ length: 10 }, (_, k) => ({
          id: `rif-${i}-${k}`,
          network_id: `net-${1 + ((i * 10 + k) % (networks - 1))}`,
          device_id: `router-${i}`,
          device_owner: 'network:router_interface',
          fixed_ips: [{ ip_address: '10.0.0.1', subnet_id: `sub-${1 + ((i * 10 + k) % (networks - 1))}` }],
          ...active,
        })),
      ]).flat(),
      ...Array.from({ length: instances }, (_, i) => ({
        id: `port-${i}`,
        network_id: `net-${1 + (i % (networks - 1))}`,
        device_id: `vm-${i}`,
        device_owner: 'compute:nova',
        fixed_ips: [{ ip_address: `10.0.${i & 255}.${10 + (i % 200)}`, subnet_id: `sub-${1 + (i % (networks - 1))}` }],
        ...active,
      })),
    ],
  };
}

const time = (run: () => unknown) => {
  const start = performance.now();
  run();
  return Math.round((performance.now() - start) * 10) / 10;
};

/** The arithmetic alone, in Node: both flat layouts, the graph model, and the graph's warm-up (100 ticks). */
export async function benchTopologyLayout(data: TopologyData) {
  const normal = time(() => layoutFlat(data, 'normal'));
  const small = time(() => layoutFlat(data, 'small'));
  const graph = buildGraph(data, false);
  const model = time(() => buildGraph(data, false));
  const warmStart = performance.now();
  await new Promise<void>((resolve) => {
    const layout = forceLayout(graph.nodes, graph.links, {
      width: 1200,
      height: 800,
      gravity: GRAPH.gravity,
      distance: (link) => linkDistance(link),
      charge: GRAPH.charge,
      warmTicks: GRAPH.warmTicks,
      id: (node) => node.id,
      onTick: () => undefined,
    });
    // The warm-up is over once the layout runs on its own timer (its tick listener is set).
    const done = () => (layout.simulation.on('tick') ? (layout.stop(), resolve()) : setTimeout(done, 1));
    done();
  });
  const warm = Math.round(performance.now() - warmStart);
  return { normal, small, model, warm, nodes: graph.nodes.length, links: graph.links.length };
}


/** In headless Chromium: draw both views of `data`, then pan and zoom each. */
export async function benchTopologyPage(cloud: BenchCloud, demoPassword: string, data: TopologyData) {
  const body = JSON.stringify(data);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.route(/\/project\/network_topology\/json\?\d+$/, (route) => route.fulfill({ status: 200, contentType: 'text/json', body }));
    await logIn(page, cloud.server.baseUrl, 'demo', demoPassword);
    const devices = data.routers.length + data.servers.length;
    const nodes = data.networks.length + devices;

    // Flat (small: 500 columns do not fit the canvas, spec 1 §4.5), from the page's first request.
    await context.addCookies([{ name: 'tab_topology_tabs', value: 'topology_tabs__topology', url: cloud.server.baseUrl }]);
    await watchLongTasks(page);
    const answered = page.waitForResponse(/\/project\/network_topology\/json/);
    await page.getByRole('link', { name: 'Network Topology', exact: true }).click();
    await answered;
    let start = performance.now();
    await page.waitForFunction((count) => document.querySelectorAll('g.device').length === count, devices, { timeout: 120_000, polling: 50 });
    const flatDrawMs = Math.round(performance.now() - start);
    const flatLongest = await longestTask(page);
    const container = page.locator('#flatTopologyCanvasContainer');
    const box = (await container.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 300));
    const flatPan = await framesDuring(page, async () => {
      for (let i = 0; i < 30; i++) {
        await page.mouse.wheel(i % 2 ? 0 : 400, 300);
        await page.waitForTimeout(30);
      }
    });

    // Graph: every node joined, the warm-up sliced, then a drag of the canvas and wheel zooms.
    await watchLongTasks(page);
    start = performance.now();
    await page.getByRole('tab', { name: 'Graph' }).click();
    // Every node joined: an element each in SVG, or the canvas's count of the nodes it paints.
    await page.waitForFunction(
      (count) => document.querySelectorAll('g.node').length === count || document.querySelector<HTMLCanvasElement>('#topologyCanvasContainer canvas')?.dataset.nodes === String(count),
      nodes,
      { timeout: 120_000, polling: 50 },
    );
    const graphDrawMs = Math.round(performance.now() - start);
    const settle = await framesDuring(page, () => page.waitForTimeout(3000));
    const graphLongest = await longestTask(page);
    const canvas = (await page.locator('#topologyCanvasContainer').boundingBox())!;
    const cx = canvas.x + 20;
    const cy = canvas.y + 20;
    await watchLongTasks(page);
    const graphPan = await framesDuring(page, async () => {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      for (let i = 1; i <= 20; i++) await page.mouse.move(cx + i * 10, cy + i * 5);
      await page.mouse.up();
      for (let i = 0; i < 10; i++) {
        await page.mouse.wheel(0, i < 5 ? 200 : -200);
        await page.waitForTimeout(30);
      }
    });
    const graphPanLongest = await longestTask(page);
    await context.close();
    return { devices, nodes, flatDrawMs, flatLongest, flatPan, graphDrawMs, settle, graphLongest, graphPan, graphPanLongest };
  } finally {
    await browser.close();
  }
}


export async function benchNetworkTopology(cloud: BenchCloud, demoPassword: string) {
  const networks = Number(process.env.BENCH_TOPOLOGY_NETWORKS ?? 500);
  const instances = Number(process.env.BENCH_TOPOLOGY_INSTANCES ?? 2000);
  const data = makeTopology(networks, instances);
  console.log(`\n(load on this machine: ${os.loadavg().map((value) => value.toFixed(2)).join(', ')} on ${os.cpus().length} cores)`);
  console.log(`(h) Network topology: ${networks} networks, ${data.routers.length} routers, ${instances} instances, ${data.ports.length} ports (the JSON answered from memory)`);
  const layout = await benchTopologyLayout(data);
  console.log(`layout in Node: flat normal ${layout.normal} ms, flat small ${layout.small} ms; graph model ${layout.model} ms (${layout.nodes} nodes, ${layout.links} links), warm-up of ${GRAPH.warmTicks} ticks ${layout.warm} ms, run in slices of at most 12 ms plus one tick`);
  const page = await benchTopologyPage(cloud, demoPassword, data);
  console.log(`flat view: ${page.devices} devices drawn ${page.flatDrawMs} ms after the data; longest task ${page.flatLongest} ms; scrolling: ${printFrames(page.flatPan)}`);
  console.log(`graph view: ${page.nodes} nodes drawn ${page.graphDrawMs} ms after the click; longest task while it lays out ${page.graphLongest} ms; first 3 s of layout: ${printFrames(page.settle)}; pan and zoom: ${printFrames(page.graphPan)}, longest task ${page.graphPanLongest} ms`);
}
