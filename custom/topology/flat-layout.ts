import type { DeviceType, TopologyData, TopologyNetwork, TopologyPort, TopologyRouter, TopologyServer } from './model';

/**
 * The flat view's arithmetic (spec 1 §2.3, §4.5, §9): one column per
 * network, every device on a row of its own in the column of its main
 * network, its ports drawn as lines to the other networks' bars. Pure, so
 * the figures of spec 1 §9 are unit-tested and the drawing only places what
 * this returns.
 */

export type DrawMode = 'normal' | 'small';

export interface ModeProperties {
  network_width: number;
  network_min_height: number;
  top_margin: number;
  default_height: number;
  margin: number;
  device_x: number;
  device_width: number;
  port_margin: number;
  port_height: number;
  port_width: number;
  port_text_margin: { x: number; y: number };
  texts_bg_y: number;
  type_y: number;
  balloon_margin: { x: number; y: number };
}

/** Spec 1 §9: normal column 270 wide and at least 500 high, small 100 and 400; port margin 16 or 5. */
export const FLAT_PROPERTIES: Record<DrawMode, ModeProperties> = {
  normal: {
    network_width: 270,
    network_min_height: 500,
    top_margin: 80,
    default_height: 50,
    margin: 20,
    device_x: 98.5,
    device_width: 90,
    port_margin: 16,
    port_height: 6,
    port_width: 82,
    port_text_margin: { x: 6, y: -4 },
    texts_bg_y: 32,
    type_y: 46,
    balloon_margin: { x: 12, y: -12 },
  },
  small: {
    network_width: 100,
    network_min_height: 400,
    top_margin: 50,
    default_height: 20,
    margin: 30,
    device_x: 47.5,
    device_width: 20,
    port_margin: 5,
    port_height: 3,
    port_width: 32.5,
    port_text_margin: { x: 0, y: 0 },
    texts_bg_y: 0,
    type_y: 0,
    balloon_margin: { x: 12, y: -30 },
  },
};

/** The space kept at a network bar's end for its subnets' CIDRs, and the globe of an external one. */
export const CIDR_MARGIN = 5;
export const GLOBE_WIDTH = 15;
/** Spec 1 §9: a device name is cut after 9 width units, with '..'. */
export const NAME_MAX_UNITS = 9;
export const NAME_SUFFIX = '..';
/** Spec 1 §9: the cookie keeping the draw mode. */
export const DRAW_MODE_COOKIE = 'ntp_draw_mode';

/**
 * A device name cut after 9 width units, a character above code 255 counting
 * 2, with '..' after the cut.
 *
 * @example
 * truncateName('web-server-1'); // 'web-serve..'
 * truncateName('サーバー12345'); // 'サーバー1..'
 */
export function truncateName(name: string): string {
  let units = 0;
  for (let index = 0; index < name.length; index++) {
    units += name.charCodeAt(index) <= 255 ? 1 : 2;
    if (units > NAME_MAX_UNITS) return name.slice(0, index) + NAME_SUFFIX;
  }
  return name;
}

/**
 * Spec 1 §4.5: the saved mode when there is one; otherwise small when the
 * networks at normal width would be wider than the canvas, else normal.
 */
export function chooseDrawMode(saved: string | null, networkCount: number, canvasWidth: number): DrawMode {
  if (saved === 'normal' || saved === 'small') return saved;
  return networkCount * FLAT_PROPERTIES.normal.network_width > canvasWidth ? 'small' : 'normal';
}

export type FlatDirection = 'left' | 'right';

export interface FlatPort {
  port: TopologyPort;
  direction: FlatDirection;
  /** Where the line starts, in the device's frame. */
  x: number;
  y: number;
  /** The line's end, relative to its start: negative to the left. */
  x2: number;
  strokeWidth: number;
  colorIndex: number;
  textX: number;
  textY: number;
  label: string;
}

export interface FlatDevice {
  type: DeviceType;
  device: TopologyRouter | TopologyServer;
  parentNetwork: string;
  x: number;
  y: number;
  height: number;
  /** Where the texts' band and the type label sit (they follow the frame's bottom). */
  textsBgY: number;
  typeY: number;
  name: string;
  ports: FlatPort[];
}

export interface FlatNetwork {
  network: TopologyNetwork;
  index: number;
  x: number;
  nameX: number;
  cidrX: number;
  typeX: number;
  cidrs: string;
  devices: FlatDevice[];
}

export interface FlatLayout {
  mode: DrawMode;
  width: number;
  height: number;
  networks: FlatNetwork[];
}

/**
 * The network a device is drawn under: the one of its ports whose lines to
 * the others add up shortest (the first on a tie), or the first network.
 */
function mainNetwork(ports: TopologyPort[], indexOf: (id: string) => number, firstNetwork: string): string {
  if (!ports.length) return firstNetwork;
  let best = 0;
  let bestLength = Number.MAX_SAFE_INTEGER;
  ports.forEach((candidate, index) => {
    const base = indexOf(candidate.network_id);
    const length = ports.reduce((sum, port) => sum + base - indexOf(port.network_id), 0);
    if (length < bestLength) {
      bestLength = length;
      best = index;
    }
  });
  return ports[best].network_id;
}

/** Places every network, device and port of `data` for `mode`. No networks: an empty layout (the 'no info' state). */
export function layoutFlat(data: TopologyData, mode: DrawMode): FlatLayout {
  const props = FLAT_PROPERTIES[mode];
  if (!data.networks.length) return { mode, width: 0, height: props.network_min_height, networks: [] };
  const networkIndex = new Map(data.networks.map((network, index) => [network.id, index]));
  const indexOf = (id: string) => networkIndex.get(id) ?? 0;
  const portsByDevice = new Map<string, TopologyPort[]>();
  for (const port of data.ports) {
    if (!networkIndex.has(port.network_id)) continue;
    const list = portsByDevice.get(port.device_id);
    if (list) list.push(port);
    else portsByDevice.set(port.device_id, [port]);
  }

  let height = props.top_margin;
  const devices: FlatDevice[] = [];
  const typed: { type: DeviceType; device: TopologyRouter | TopologyServer }[] = [
    ...data.routers.map((device) => ({ type: 'router' as const, device })),
    ...data.servers.map((device) => ({ type: 'instance' as const, device })),
  ];
  for (const { type, device } of typed) {
    const ports = portsByDevice.get(device.id) ?? [];
    const parentNetwork = mainNetwork(ports, indexOf, data.networks[0].id);
    const spread = props.port_margin * (ports.length - 1);
    // Normal devices grow to hold their ports; small ones keep their size and squeeze the ports.
    const deviceHeight = mode === 'normal' && spread > props.default_height ? spread : props.default_height;
    const squeezed = mode === 'small' && spread > deviceHeight;
    const portHeight = squeezed ? 1 : props.port_height;
    const portMargin = squeezed ? deviceHeight / ports.length : props.port_margin;
    const y = height;
    height += deviceHeight + props.margin;

    const counts: Record<FlatDirection, number> = { left: 0, right: 0 };
    const placed = ports.map((port) => {
      let indexDiff = indexOf(parentNetwork) - indexOf(port.network_id);
      if (indexDiff >= 0) indexDiff += 1;
      const direction: FlatDirection = indexDiff < 0 ? 'right' : 'left';
      return { port, indexDiff, direction, index: counts[direction]++ };
    });
    const flatPorts = placed.map(({ port, indexDiff, direction, index }): FlatPort => {
      const width = (Math.abs(indexDiff) - 1) * props.network_width + props.port_width;
      return {
        port,
        direction,
        x: direction === 'left' ? 0 : props.device_width,
        y: (deviceHeight - (counts[direction] - 1) * portMargin) / 2 + index * portMargin,
        x2: direction === 'left' ? -width : width,
        strokeWidth: portHeight,
        colorIndex: indexOf(port.network_id),
        textX: direction === 'left' ? -props.port_text_margin.x : props.port_text_margin.x,
        textY: props.port_text_margin.y,
        label: port.fixed_ips.map((ip) => ip.ip_address).filter(Boolean).join(','),
      };
    });
    devices.push({
      type,
      device,
      parentNetwork,
      x: props.device_x,
      y,
      height: deviceHeight,
      textsBgY: props.texts_bg_y + deviceHeight - props.default_height,
      typeY: props.type_y + deviceHeight - props.default_height,
      name: truncateName(device.name ?? ''),
      ports: flatPorts,
    });
  }
  height = Math.max(height + props.top_margin, props.network_min_height);

  const byNetwork = new Map<string, FlatDevice[]>();
  for (const device of devices) {
    const list = byNetwork.get(device.parentNetwork);
    if (list) list.push(device);
    else byNetwork.set(device.parentNetwork, [device]);
  }
  const networks = data.networks.map((network, index): FlatNetwork => {
    const external = network['router:external'];
    return {
      network,
      index,
      x: props.network_width * index,
      nameX: height / 2,
      cidrX: height - CIDR_MARGIN - (external ? GLOBE_WIDTH : 0),
      typeX: height - CIDR_MARGIN,
      cidrs: network.subnets.map((subnet) => subnet.cidr).join(', '),
      devices: byNetwork.get(network.id) ?? [],
    };
  });
  return { mode, width: data.networks.length * props.network_width, height, networks };
}
