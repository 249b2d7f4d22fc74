import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { readCookie, writeCookie } from '../../src/utils/cookies';
import { Balloon, type BalloonActions, type BalloonTarget } from './Balloon';
import { GraphCanvasDrawing } from './graph-canvas';
import { GraphDrawing } from './graph-draw';
import type { GraphHandlers } from './graph-drawing';
import { buildGraph, COLLAPSED_COOKIE, type GraphNode, graphRenderer, LABELS_COOKIE, NODE_RADIUS } from './graph-model';
import type { TopologyData } from './model';

/**
 * The graph view (spec 1 §2.4): a force layout of networks, external
 * networks, routers and instances that pans, zooms and drags, with Toggle
 * Labels and Toggle Network Collapse (kept in the `show_labels` and
 * `are_networks_collapsed` cookies), Center Topology, and a balloon on a
 * node's click; clicking it again closes it (spec 1 §4.5). Drawn in SVG,
 * or on a canvas from `CANVAS_FROM_NODES` nodes (`graphRenderer`).
 */
export function GraphView({ data, actions }: { data: TopologyData; actions: BalloonActions }) {
  const svg = useRef<SVGSVGElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const drawing = useRef<GraphDrawing | GraphCanvasDrawing | null>(null);
  const [labels, setLabels] = useState(() => readCookie(LABELS_COOKIE) === 'true');
  const [collapsed, setCollapsed] = useState(() => readCookie(COLLAPSED_COOKIE) === 'true');
  const [balloon, setBalloon] = useState<{ id: string; position: { left: number; top: number } } | null>(null);
  const openId = useRef<string | null>(null);
  openId.current = balloon?.id ?? null;
  const graph = useMemo(() => buildGraph(data, collapsed), [data, collapsed]);
  const renderer = graphRenderer(graph);

  // A new drawing when the renderer changes (the graph grew past the threshold, or a collapse took it below).
  useEffect(() => {
    const handlers: GraphHandlers = {
      onNode: (node: GraphNode) => {
        if (openId.current === node.id) {
          setBalloon(null);
          return;
        }
        const at = drawing.current!.screenPosition(node);
        setBalloon({ id: node.id, position: { left: at.x + NODE_RADIUS[node.kind] + 12, top: Math.max(0, at.y - 12) } });
      },
      onBackground: () => setBalloon(null),
      onZoom: () => setBalloon(null),
    };
    drawing.current = renderer === 'canvas' ? new GraphCanvasDrawing(canvas.current!, handlers) : new GraphDrawing(svg.current!, handlers);
    return () => {
      drawing.current?.destroy();
      drawing.current = null;
    };
  }, [renderer]);
  useEffect(() => {
    drawing.current?.update(graph);
  }, [graph, renderer]);
  useEffect(() => {
    drawing.current?.showLabels(labels);
  }, [labels, graph, renderer]);
  useEffect(() => {
    drawing.current?.pause(Boolean(balloon));
  }, [balloon, renderer]);

  const target = useMemo<BalloonTarget | null>(() => {
    const node = balloon ? graph.byId.get(balloon.id) : undefined;
    if (!node) return null;
    if (node.kind === 'router') return { kind: 'router', router: node.data, ports: node.ports };
    if (node.kind === 'instance') return node.data.task === 'deleting' ? null : { kind: 'instance', server: node.data, ipAddresses: node.ipAddresses };
    return { kind: 'network', network: node.data };
  }, [balloon, graph]);

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Resize the canvas by scrolling up/down with your mouse/trackpad on the topology. Pan around the canvas by clicking and dragging the space behind the topology.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <ToggleButton
          size="small"
          value="labels"
          selected={labels}
          onChange={() => {
            writeCookie(LABELS_COOKIE, String(!labels));
            setLabels(!labels);
          }}
        >
          Toggle Labels
        </ToggleButton>
        <ToggleButton
          size="small"
          value="collapse"
          selected={collapsed}
          onChange={() => {
            writeCookie(COLLAPSED_COOKIE, String(!collapsed));
            setBalloon(null);
            setCollapsed(!collapsed);
          }}
        >
          Toggle Network Collapse
        </ToggleButton>
        <Button
          size="small"
          variant="outlined"
          onClick={() => {
            setBalloon(null);
            drawing.current?.center();
          }}
        >
          Center Topology
        </Button>
      </Box>
      <Box ref={container} id="topologyCanvasContainer" sx={{ position: 'relative', border: 1, borderColor: 'divider', height: 'calc(100vh - 270px)', minHeight: 400, overflow: 'hidden' }}>
        {renderer === 'canvas' ? (
          <canvas ref={canvas} role="img" aria-label="Network topology graph" style={{ display: 'block', width: '100%', height: '100%' }} />
        ) : (
          <svg ref={svg} width="100%" height="100%" role="img" aria-label="Network topology graph" style={{ display: 'block' }} />
        )}
        {target && balloon && <Balloon target={target} position={balloon.position} actions={actions} onClose={() => setBalloon(null)} />}
      </Box>
    </Box>
  );
}
