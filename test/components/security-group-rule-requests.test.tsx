import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiRequest, renderWithApi } from '../support/fake-api';

/**
 * The body Add Rule POSTs to /api/network/securitygrouprules/ for each kind
 * of rule (Neutron's security_group_rule fields; README 'Routes beyond the
 * /api contract'), through the real data provider and HTTP helper.
 */
const group = (id: string, name: string) => ({ id, name, description: '', tenant_id: 'p-demo', project_id: 'p-demo', security_group_rules: [] });
const GROUPS = [group('g-web', 'web'), group('g-db', 'db')];

type Step = (api: ReturnType<typeof renderWithApi>, dialog: HTMLElement) => Promise<void>;

const choose =
  (label: string, option: string): Step =>
  async (api, dialog) => {
    await api.user.click(within(dialog).getByRole('combobox', { name: new RegExp(`^${label}`) }));
    await api.user.click(await screen.findByRole('option', { name: option }));
  };
const fill =
  (label: string, value: string, role: 'spinbutton' | 'textbox' = 'spinbutton'): Step =>
  async (_api, dialog) => {
    fireEvent.change(within(dialog).getByRole(role, { name: new RegExp(`^${label}`) }), { target: { value } });
  };

const BASE = { security_group_id: 'g-web', direction: 'ingress', ethertype: 'IPv4', remote_ip_prefix: '0.0.0.0/0', remote_group_id: null };

const KINDS: [kind: string, steps: Step[], body: Record<string, unknown>][] = [
  ['Custom TCP Rule, one port', [fill('Port', '8080')], { ...BASE, protocol: 'tcp', port_range_min: 8080, port_range_max: 8080 }],
  [
    'Custom UDP Rule, a port range, egress, to a CIDR',
    [choose('Rule', 'Custom UDP Rule'), choose('Direction', 'Egress'), choose('Open Port', 'Port Range'), fill('From Port', '5000'), fill('To Port', '5100'), fill('CIDR', '10.0.0.0/8', 'textbox')],
    { ...BASE, direction: 'egress', protocol: 'udp', port_range_min: 5000, port_range_max: 5100, remote_ip_prefix: '10.0.0.0/8' },
  ],
  ['Custom TCP Rule, all ports', [choose('Open Port', 'All ports')], { ...BASE, protocol: 'tcp', port_range_min: null, port_range_max: null }],
  ['Custom ICMP Rule, type and code', [choose('Rule', 'Custom ICMP Rule'), fill('Type', '8'), fill('Code', '0')], { ...BASE, protocol: 'icmp', port_range_min: 8, port_range_max: 0 }],
  ['Other Protocol', [choose('Rule', 'Other Protocol'), fill('IP Protocol', '47')], { ...BASE, protocol: '47', port_range_min: null, port_range_max: null }],
  ['All ICMP', [choose('Rule', 'All ICMP')], { ...BASE, protocol: 'icmp', port_range_min: null, port_range_max: null }],
  [
    'SSH from another security group, IPv6',
    [choose('Rule', 'SSH'), choose('Remote', 'Security Group'), choose('Security Group', 'db'), choose('Ether Type', 'IPv6')],
    { ...BASE, ethertype: 'IPv6', protocol: 'tcp', port_range_min: 22, port_range_max: 22, remote_ip_prefix: null, remote_group_id: 'g-db' },
  ],
  ['an IPv6 CIDR makes an IPv6 rule', [choose('Rule', 'All ICMP'), fill('CIDR', '::/0', 'textbox')], { ...BASE, ethertype: 'IPv6', protocol: 'ipv6-icmp', port_range_min: null, port_range_max: null, remote_ip_prefix: '::/0' }],
];

describe('Add Rule sends the rule kind the user chose', { timeout: 60_000 }, () => {
  it.each(KINDS)('%s', async (_kind, steps, body) => {
    const api = renderWithApi({
      path: '/ngdetails/OS::Neutron::SecurityGroup/g-web',
      services: ['identity', 'compute', 'network'],
      routes: {
        'GET /api/network/securitygroups/': () => ({ items: GROUPS }),
        'GET /api/network/securitygroups/:id/': (_request: ApiRequest, { id }) => GROUPS.find((each) => each.id === id),
        'POST /api/network/securitygrouprules/': (request: ApiRequest) => ({ id: 'r-new', ...(request.body as object) }),
      },
    });
    await api.user.click(await screen.findByRole('button', { name: 'Add Rule' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Rule' });
    for (const step of steps) await step(api, dialog);
    const add = within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false));
    await api.user.click(add);
    await waitFor(() => expect(api.sent('POST', '/api/network/securitygrouprules/')).toEqual([body]));
  });
});
