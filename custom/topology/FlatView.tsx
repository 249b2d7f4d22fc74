import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { readCookie, writeCookie } from '../../src/utils/cookies';
import { Balloon, type BalloonActions, type BalloonTarget } from './Balloon';
import { drawFlat } from './flat-draw';
import { chooseDrawMode, DRAW_MODE_COOKIE, type DrawMode, FLAT_PROPERTIES, type FlatDevice, layoutFlat } from './flat-layout';
import type { TopologyData } from './model';

interface OpenBalloon {
  id: string;
  position: { left: number; top: number };
}

/**
 * The flat view (spec 1 §2.3): a column per network with its routers and
 * instances, the Small/Normal toggle kept in the `ntp_draw_mode` cookie, a
 * click on a network going to it, and a device's balloon on hover or click.
 */
export function FlatView({ data, actions }: { data: TopologyData; actions: BalloonActions }) {
  const container = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const navigate = useNavigate();
  const [mode, setMode] = useState<DrawMode | null>(() => {
    const saved = readCookie(DRAW_MODE_COOKIE);
    return saved === 'normal' || saved === 'small' ? saved : null;
  });
  // Without a cookie, the mode follows the canvas width, and is then kept (spec 1 §4.5).
  useLayoutEffect(() => {
    if (mode) return;
    const chosen = chooseDrawMode(null, data.networks.length, container.current?.clientWidth || window.innerWidth);
    writeCookie(DRAW_MODE_COOKIE, chosen);
    setMode(chosen);
  }, [mode, data.networks.length]);
  const layout = useMemo(() => (mode ? layoutFlat(data, mode) : null), [data, mode]);
  const [balloon, setBalloon] = useState<OpenBalloon | null>(null);

  const openDevice = useRef<(device: FlatDevice, frame: SVGRectElement) => void>(() => {});
  openDevice.current = (device, frame) => {
    const box = container.current?.getBoundingClientRect();
    const rect = frame.getBoundingClientRect();
    if (!box || !mode) return;
    const margin = FLAT_PROPERTIES[mode].balloon_margin;
    setBalloon({ id: device.device.id, position: { left: rect.right - box.left + container.current!.scrollLeft + margin.x, top: Math.max(0, rect.top - box.top + container.current!.scrollTop + margin.y) } });
  };
  useEffect(() => {
    if (!layout || !svg.current) return;
    drawFlat(svg.current, layout, {
      onNetwork: (network) => network.network.url && navigate(network.network.url),
      onDevice: (device, frame) => openDevice.current(device, frame),
    });
  }, [layout, navigate]);
  // A click anywhere else closes the balloon (Horizon's document click).
  useEffect(() => {
    if (!balloon) return;
    const close = () => setBalloon(null);
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [balloon]);

  const target = useMemo<BalloonTarget | null>(() => {
    if (!balloon) return null;
    const router = data.routers.find((item) => item.id === balloon.id);
    if (router) return { kind: 'router', router, ports: data.ports.filter((port) => port.device_id === router.id) };
    const server = data.servers.find((item) => item.id === balloon.id);
    // A device being deleted loses its balloon (spec 1 §4.5).
    return server && server.task !== 'deleting' ? { kind: 'instance', server } : null;
  }, [balloon, data]);

  const choose = (next: DrawMode | null) => {
    if (!next) return;
    writeCookie(DRAW_MODE_COOKIE, next);
    setBalloon(null);
    setMode(next);
  };

  return (
    <Box>
      <ToggleButtonGroup size="small" exclusive value={mode} onChange={(_event, next: DrawMode | null) => choose(next)} aria-label="Draw mode" sx={{ mb: 1 }}>
        <ToggleButton value="small">Small</ToggleButton>
        <ToggleButton value="normal">Normal</ToggleButton>
      </ToggleButtonGroup>
      <Box ref={container} id="flatTopologyCanvasContainer" sx={{ position: 'relative', overflow: 'auto', maxWidth: '100%' }}>
        <svg ref={svg} id="topology_canvas" role="img" aria-label="Network topology" />
        {target && balloon && <Balloon target={target} position={balloon.position} actions={actions} onClose={() => setBalloon(null)} />}
      </Box>
    </Box>
  );
}
