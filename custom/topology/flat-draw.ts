import { select } from 'd3-selection';
import { FLAT_PROPERTIES, type FlatDevice, type FlatLayout, type FlatNetwork } from './flat-layout';
import { ICON_PATHS, iconTransform } from './icons';
import { isLoading, networkColor, statusClass } from './model';

/**
 * Draws a flat layout (flat-layout.ts) into an `<svg>` with d3: network bars
 * with their name, CIDRs and the globe of an external one; devices with their
 * frame, name, type and port lines. Joined by id, so a refresh moves what
 * exists instead of drawing it again.
 */

export interface FlatHandlers {
  /** A click on a network bar (spec 1 §2.3: it leads to the network). */
  onNetwork(network: FlatNetwork): void;
  /** The pointer entered or clicked a device: its balloon opens beside `frame`. */
  onDevice(device: FlatDevice, frame: SVGRectElement): void;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

function ensureDefs(svg: SVGSVGElement): void {
  if (svg.querySelector('defs')) return;
  const defs = document.createElementNS(SVG_NS, 'defs');
  // The moving stripes of a device that is being built or deleted (spec 1 §4.5).
  defs.innerHTML =
    '<pattern id="flat-loading" patternUnits="userSpaceOnUse" width="20" height="20">' +
    '<rect width="20" height="20" fill="#d9d9d9"></rect>' +
    '<path d="M0 20L20 0ZM22 18L18 22ZM-2 2L2 -2Z" stroke="rgba(0,0,0,0.3)" stroke-width="7"></path>' +
    '<animate attributeName="x" from="0" to="-20" dur="0.5s" repeatCount="indefinite"></animate></pattern>';
  svg.prepend(defs);
}

export function drawFlat(svgElement: SVGSVGElement, layout: FlatLayout, handlers: FlatHandlers): void {
  const props = FLAT_PROPERTIES[layout.mode];
  const normal = layout.mode === 'normal';
  ensureDefs(svgElement);
  const svg = select(svgElement).attr('width', layout.width).attr('height', layout.height).attr('class', `flat-topology ${layout.mode}`);

  const networks = svg
    .selectAll<SVGGElement, FlatNetwork>('g.network')
    .data(layout.networks, (network) => network.network.id)
    .join((enter) => {
      const group = enter.append('g').attr('class', 'network');
      group.append('rect').attr('class', 'network-rect');
      group.append('text').attr('class', 'network-name').attr('pointer-events', 'none');
      group.append('text').attr('class', 'network-cidr');
      group.append('path').attr('class', 'network-type').append('title').text('External Network');
      group.append('g').attr('class', 'devices');
      return group;
    })
    .attr('data-id', (network) => network.network.id)
    .attr('transform', (network) => `translate(${network.x},0)`);

  const barWidth = normal ? 17 : 15;
  networks
    .select<SVGRectElement>('.network-rect')
    .attr('rx', normal ? 9 : 7)
    .attr('width', barWidth)
    .attr('height', layout.height)
    .attr('fill', (network) => networkColor(network.index))
    .style('cursor', (network) => (network.network.url ? 'pointer' : 'default'))
    .on('click', (_event, network) => {
      if (network.network.url) handlers.onNetwork(network);
    });
  // Texts run down the bar (rotated a quarter turn), as Horizon draws them.
  networks
    .select('.network-name')
    .attr('transform', 'rotate(90 0 0)')
    .attr('x', (network) => network.nameX)
    .attr('y', normal ? -4 : -3)
    .attr('text-anchor', 'middle')
    .attr('fill', 'white')
    .attr('font-size', normal ? 12 : 10)
    .text((network) => network.network.name);
  networks
    .select('.network-cidr')
    .attr('transform', 'rotate(90 0 0)')
    .attr('x', (network) => network.cidrX)
    .attr('y', -20)
    .attr('text-anchor', 'end')
    .attr('font-size', 10)
    .text((network) => network.cidrs);
  // The globe of an external network, at the bar's end beyond its CIDRs.
  networks
    .select('.network-type')
    .attr('display', (network) => (network.network['router:external'] ? null : 'none'))
    .attr('transform', (network) => `translate(27,${network.typeX - 7}) ${iconTransform(13)}`)
    .attr('d', ICON_PATHS.globe)
    .attr('fill', '#333');

  const devices = networks
    .select<SVGGElement>('g.devices')
    .selectAll<SVGGElement, FlatDevice>('g.device')
    .data((network) => network.devices, (device) => device.device.id)
    .join((enter) => {
      const group = enter.append('g');
      group.append('g').attr('class', 'ports').attr('pointer-events', 'none');
      group.append('rect').attr('class', 'frame');
      const texts = group.append('g').attr('class', 'texts').attr('pointer-events', 'none');
      texts.append('rect').attr('class', 'texts_bg');
      texts.append('text').attr('class', 'type');
      texts.append('text').attr('class', 'name');
      group.append('path').attr('class', 'icon').attr('pointer-events', 'none');
      group.append('circle').attr('class', 'status-dot');
      return group;
    })
    .attr('class', (device) => `device ${device.type}${isLoading(device.device) ? ' loading' : ''}`)
    .attr('data-id', (device) => device.device.id)
    .attr('transform', (device) => `translate(${device.x},${device.y})`)
    .style('cursor', 'pointer')
    .on('mouseenter', function (_event, device) {
      handlers.onDevice(device, (this as SVGGElement).querySelector('.frame') as SVGRectElement);
    })
    .on('click', function (event: MouseEvent, device) {
      event.stopPropagation();
      handlers.onDevice(device, (this as SVGGElement).querySelector('.frame') as SVGRectElement);
    });

  devices
    .select('.frame')
    .attr('rx', normal ? 6 : 3)
    .attr('width', props.device_width)
    .attr('height', (device) => device.height)
    .attr('fill', (device) => (isLoading(device.device) ? 'url(#flat-loading)' : device.type === 'router' ? '#eef3f8' : '#f5f5f5'))
    .attr('stroke', '#8c8c8c');
  devices
    .select('.texts_bg')
    .attr('display', normal ? null : 'none')
    .attr('x', 1.5)
    .attr('y', (device) => device.textsBgY)
    .attr('width', 87)
    .attr('height', 17)
    .attr('fill', '#dcdcdc');
  devices
    .select('.type')
    .attr('display', normal ? null : 'none')
    .attr('x', 45)
    .attr('y', (device) => device.typeY)
    .attr('text-anchor', 'middle')
    .attr('font-size', 10)
    .text((device) => (device.type === 'router' ? 'Router' : 'Instance'));
  devices
    .select('.name')
    .attr('display', normal ? null : 'none')
    .attr('x', 45)
    .attr('y', 22)
    .attr('text-anchor', 'middle')
    .attr('font-size', 12)
    .text((device) => device.name);
  // The device's icon: top left when normal, filling the box when small (Horizon's templates).
  devices
    .select('.icon')
    .attr('transform', normal ? `translate(14,14) ${iconTransform(16)}` : `translate(10,10) ${iconTransform(14)}`)
    .attr('d', (device) => (device.type === 'router' ? ICON_PATHS.router : ICON_PATHS.instance))
    .attr('fill', '#333');
  devices
    .select('.status-dot')
    .attr('display', normal ? null : 'none')
    .attr('cx', props.device_width - 8)
    .attr('cy', 8)
    .attr('r', 3.5)
    .attr('fill', (device) => (statusClass(device.device) === 'active' ? '#3c763d' : '#a94442'));

  const ports = devices
    .select<SVGGElement>('g.ports')
    .selectAll<SVGGElement, FlatDevice['ports'][number]>('g.port')
    .data((device) => device.ports, (port) => port.port.id)
    .join((enter) => {
      const group = enter.append('g').attr('class', 'port');
      group.append('line').attr('class', 'port_line');
      group.append('text').attr('class', 'port_text');
      return group;
    })
    .attr('data-id', (port) => port.port.id)
    .attr('transform', (port) => `translate(${port.x},${port.y})`);
  ports
    .select('.port_line')
    .attr('x1', 0)
    .attr('y1', 0)
    .attr('y2', 0)
    .attr('x2', (port) => port.x2)
    .attr('stroke-width', (port) => port.strokeWidth)
    .attr('stroke', (port) => networkColor(port.colorIndex));
  ports
    .select('.port_text')
    .attr('display', normal ? null : 'none')
    .attr('x', (port) => port.textX)
    .attr('y', (port) => port.textY)
    .attr('text-anchor', (port) => (port.direction === 'left' ? 'end' : 'start'))
    .attr('font-size', 9)
    .text((port) => port.label);
}
