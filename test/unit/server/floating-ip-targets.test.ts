import { describe, expect, it } from 'vitest';
import { floatingIpTargets } from '../../../server/api/network/floating-ips';

const PUBLIC = 'net-public';
const OTHER_EXTERNAL = 'net-other';

/** A router with a gateway on `network` and interfaces on `subnets`, as its ports. */
function routerOn(id: string, network: string | null, subnets: string[]) {
  const router = { id, external_gateway_info: network ? { network_id: network } : null };
  const ports = subnets.map((subnet, index) => ({ id: `${id}-if${index}`, device_id: id, device_owner: 'network:router_interface', fixed_ips: [{ subnet_id: subnet, ip_address: `10.0.${index}.1` }] }));
  return { router, ports };
}

const port = (id: string, name: string, fixed: [string, string][], owner = 'compute:nova') => ({
  id,
  name,
  device_id: `vm-${id}`,
  device_owner: owner,
  fixed_ips: fixed.map(([subnet_id, ip_address]) => ({ subnet_id, ip_address })),
});

describe("floating IP targets (Horizon's list_targets)", () => {
  it("offers the ports on subnets a router with a gateway on the address's network reaches, as '<port>_<ip>' named 'name: ip'", () => {
    const edge = routerOn('r-edge', PUBLIC, ['s-reached']);
    const ports = [...edge.ports, port('p1', 'web', [['s-reached', '10.0.0.5']]), port('p2', 'lonely', [['s-alone', '10.9.0.5']])];
    expect(floatingIpTargets(PUBLIC, ports, [edge.router], new Set())).toEqual([{ id: 'p1_10.0.0.5', name: 'web: 10.0.0.5', port_id: 'p1', ip_address: '10.0.0.5', instance_id: 'vm-p1' }]);
  });

  it('leaves out subnets reached only through a router without a gateway or with a gateway on another external network', () => {
    const noGateway = routerOn('r-none', null, ['s-a']);
    const elsewhere = routerOn('r-else', OTHER_EXTERNAL, ['s-b']);
    const ports = [...noGateway.ports, ...elsewhere.ports, port('pa', 'a', [['s-a', '10.1.0.5']]), port('pb', 'b', [['s-b', '10.2.0.5']])];
    expect(floatingIpTargets(PUBLIC, ports, [noGateway.router, elsewhere.router], new Set())).toEqual([]);
    expect(floatingIpTargets(OTHER_EXTERNAL, ports, [noGateway.router, elsewhere.router], new Set()).map((target) => target.id)).toEqual(['pb_10.2.0.5']);
  });

  it('never offers network: ports (router interfaces, DHCP) nor IPv6 addresses; each IPv4 address of a port is its own target', () => {
    const edge = routerOn('r-edge', PUBLIC, ['s-1', 's-6']);
    const ports = [
      ...edge.ports,
      port('dhcp', 'dhcp', [['s-1', '10.0.0.2']], 'network:dhcp'),
      port('multi', '', [
        ['s-1', '10.0.0.7'],
        ['s-1', '10.0.0.8'],
        ['s-6', 'fd00::7'],
      ]),
    ];
    expect(floatingIpTargets(PUBLIC, ports, [edge.router], new Set()).map((target) => [target.id, target.name])).toEqual([
      ['multi_10.0.0.7', '10.0.0.7'],
      ['multi_10.0.0.8', '10.0.0.8'],
    ]);
  });

  it('counts shared subnets as reachable, whose router a member may not see', () => {
    const ports = [port('p', 'on-shared', [['s-shared', '192.168.0.9']])];
    expect(floatingIpTargets(PUBLIC, ports, [], new Set(['s-shared'])).map((target) => target.id)).toEqual(['p_192.168.0.9']);
  });
});
