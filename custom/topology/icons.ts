/**
 * The topology's node icons as SVG paths in a 24×24 box (Material icons, the
 * set the app's MUI icons come from): paths, not font glyphs, so thousands of
 * nodes paint fast and look the same on machines without an icon font.
 */
export const ICON_PATHS = {
  /** Public: a globe, for an external network. */
  globe:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-1 17.93c-3.95-.49-7-3.85-7-7.93 0-.62.08-1.21.21-1.79L9 15v1c0 1.1.9 2 2 2zm6.9-2.54c-.26-.81-1-1.39-1.9-1.39h-1v-3c0-.55-.45-1-1-1H8v-2h2c.55 0 1-.45 1-1V7h2c1.1 0 2-.9 2-2v-.41c2.93 1.19 5 4.06 5 7.41 0 2.08-.8 3.97-2.1 5.39',
  /** Cloud, for a network. */
  cloud: 'M19.35 10.04C18.67 6.59 15.64 4 12 4 9.11 4 6.6 5.64 5.35 8.04 2.34 8.36 0 10.91 0 14c0 3.31 2.69 6 6 6h13c2.76 0 5-2.24 5-5 0-2.64-2.05-4.78-4.65-4.96',
  /** OpenWith: arrows out, for a router. */
  router: 'M10 9h4V6h3l-5-5-5 5h3zm-1 1H6V7l-5 5 5 5v-3h3zm14 2-5-5v3h-3v4h3v3zm-9 3h-4v3H7l5 5 5-5h-3z',
  /** Computer, for an instance. */
  instance: 'M20 18c1.1 0 1.99-.9 1.99-2L22 6c0-1.1-.9-2-2-2H4c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2H0v2h24v-2zM4 6h16v10H4z',
};

/** The transform that draws a 24×24 icon `size` pixels wide, centred on the origin. */
export function iconTransform(size: number): string {
  const scale = size / 24;
  return `translate(${-size / 2},${-size / 2}) scale(${scale})`;
}

/** An icon per kind of graph node (Horizon's globe, cloud, router arrows and desktop), and its width. */
export const NODE_ICON = { 'external-network': ICON_PATHS.globe, network: ICON_PATHS.cloud, router: ICON_PATHS.router, instance: ICON_PATHS.instance };
export const NODE_ICON_SIZE = { 'external-network': 50, network: 36, router: 30, instance: 22 };
