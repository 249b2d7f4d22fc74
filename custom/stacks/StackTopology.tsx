import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useQuery } from '@tanstack/react-query';
import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY, type SimulationLinkDatum, type SimulationNodeDatum } from 'd3-force';
import { useMemo, useRef, useState } from 'react';
import { resourceCall } from '../../src/backend/verbs';
import { useBackend } from '../../src/engine/context';
import { resourceKey } from '../../src/engine/queries';
import type { DetailTabComponentProps } from '../../src/plugins';

/** Spec 1 §9: the stack topology polls every 3 s while the stack is in progress, every 30 s otherwise. */
export const POLL_IN_PROGRESS_MS = 3000;
export const POLL_SETTLED_MS = 30_000;

export interface TopologyNode {
  name: string;
  status: string;
  image: string;
  image_size: number;
  image_x: number;
  image_y: number;
  text_x: number;
  text_y: string;
  in_progress: boolean;
  info_box: string;
  required_by?: string[];
  stack_id?: string;
}

export interface TopologyData {
  stack: TopologyNode;
  nodes: TopologyNode[];
}

/** How long until the topology is read again: 3 s while the stack is in progress, 30 s once it settled. */
export const pollInterval = (data: TopologyData | undefined) => (data?.stack.in_progress ? POLL_IN_PROGRESS_MS : POLL_SETTLED_MS);

type Placed = TopologyNode & SimulationNodeDatum & { root?: boolean };

const WIDTH = 900;
const HEIGHT = 500;

/**
 * Heat-dashboard's links: a resource to each resource that requires it, and
 * a resource nothing requires to the stack.
 */
export function topologyLinks(data: TopologyData): { source: string; target: string }[] {
  return data.nodes.flatMap((node) => {
    const targets = (node.required_by ?? []).filter((name) => data.nodes.some((other) => other.name === name));
    return targets.length ? targets.map((target) => ({ source: node.name, target })) : [{ source: node.name, target: data.stack.name }];
  });
}

/** A force layout computed to rest; nodes keep the place they had at the last poll. */
function layout(data: TopologyData, previous: Map<string, { x: number; y: number }>): { nodes: Placed[]; links: { source: Placed; target: Placed }[] } {
  const nodes: Placed[] = [{ ...data.stack, root: true }, ...data.nodes].map((node) => ({ ...node, ...(previous.get(node.name) ?? {}) }));
  const links: SimulationLinkDatum<Placed>[] = topologyLinks(data).map((link) => ({ ...link }));
  const simulation = forceSimulation(nodes)
    .force('link', forceLink<Placed, SimulationLinkDatum<Placed>>(links).id((node) => node.name).distance(110))
    .force('charge', forceManyBody().strength(-500))
    .force('collide', forceCollide(45))
    .force('x', forceX(WIDTH / 2).strength(0.05))
    .force('y', forceY(HEIGHT / 2).strength(0.08))
    .stop();
  for (let tick = 0; tick < 300; tick++) simulation.tick();
  for (const node of nodes) {
    node.x = Math.max(40, Math.min(WIDTH - 120, node.x ?? WIDTH / 2));
    node.y = Math.max(40, Math.min(HEIGHT - 40, node.y ?? HEIGHT / 2));
  }
  return { nodes, links: links as { source: Placed; target: Placed }[] };
}

/**
 * The stack's Topology tab (spec 1 §4.4, heat-dashboard's d3 graph): the
 * stack and its resources with icons by type and status, links along the
 * dependencies, an info box for the node under the pointer (or the stack);
 * nodes come and go with the data, and a node whose icon changed shakes.
 */
export function StackTopology({ record }: DetailTabComponentProps) {
  const { dataProvider } = useBackend();
  const id = String(record.id);
  const query = useQuery({
    queryKey: [...resourceKey('stack'), 'call', id, 'topology'],
    queryFn: async () => (await resourceCall(dataProvider)('stack', { id, name: 'topology' })).data as TopologyData,
    refetchInterval: (current) => pollInterval(current.state.data),
  });
  const positions = useRef(new Map<string, { x: number; y: number }>());
  const images = useRef(new Map<string, string>());
  const [hovered, setHovered] = useState<string | null>(null);

  const drawn = useMemo(() => {
    if (!query.data) return null;
    const placed = layout(query.data, positions.current);
    const shaking = new Set(placed.nodes.filter((node) => images.current.has(node.name) && images.current.get(node.name) !== node.image).map((node) => node.name));
    positions.current = new Map(placed.nodes.map((node) => [node.name, { x: node.x!, y: node.y! }]));
    images.current = new Map(placed.nodes.map((node) => [node.name, node.image]));
    return { ...placed, shaking };
  }, [query.data]);

  if (!drawn || !query.data) return null;
  const info = drawn.nodes.find((node) => node.name === hovered) ?? drawn.nodes[0]!;
  return (
    <Box sx={{ position: 'relative' }} data-testid="stack-topology">
      <style>{'@keyframes stack-node-shake{0%,100%{transform:translateX(0)}25%{transform:translateX(-4px)}75%{transform:translateX(4px)}}'}</style>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={`Topology of stack ${query.data.stack.name}`}>
        {drawn.links.map((link) => (
          <line key={`${link.source.name}->${link.target.name}`} x1={link.source.x} y1={link.source.y} x2={link.target.x} y2={link.target.y} stroke="#999" strokeWidth={2} />
        ))}
        {drawn.nodes.map((node) => (
          <g
            key={node.name + (node.root ? ':stack' : '')}
            transform={`translate(${node.x},${node.y})`}
            data-node={node.name}
            data-status={node.status}
            onMouseEnter={() => setHovered(node.name)}
            onFocus={() => setHovered(node.name)}
            tabIndex={0}
          >
            <g style={drawn.shaking.has(node.name) ? { animation: 'stack-node-shake 0.4s 2' } : undefined}>
              <image href={node.image} x={node.image_x} y={node.image_y} width={node.image_size} height={node.image_size} />
            </g>
            <text x={node.text_x} dy={node.text_y} fontSize={13}>
              {node.name}
            </text>
          </g>
        ))}
      </svg>
      <Paper variant="outlined" sx={{ position: 'absolute', top: 8, right: 8, p: 1, maxWidth: 320, '& h3': { m: 0, fontSize: 16 }, '& p': { my: 0.5 }, '& img': { float: 'left', mr: 1 } }}>
        {/* The info box is the server's HTML (api-contract §12), every name in it escaped there. */}
        <div data-testid="stack-topology-info" dangerouslySetInnerHTML={{ __html: info.info_box }} />
      </Paper>
    </Box>
  );
}
