import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../support/fake-api';

/** Create Network's Subnet Details offer Horizon's IPv6 Address Configuration Mode for an IPv6 subnet, sent as Neutron's two attributes. */

describe('IPv6 address modes in Create Network', { timeout: 90_000 }, () => {
  it('offers Horizon’s modes for an IPv6 subnet and POSTs ipv6_ra_mode and ipv6_address_mode with the subnet', async () => {
    const api = renderWithApi({
      path: '/project/networks',
      services: ['identity', 'compute', 'network'],
      routes: {
        'GET /api/neutron/networks/': () => ({ items: [] }),
        'GET /api/neutron/subnetpools/': () => ({ items: [] }),
        'POST /api/neutron/networks/': () => ({ id: 'n-v6', name: 'v6-net', subnets: [] }),
        'POST /api/neutron/subnets/': () => ({ id: 's-v6', name: 'v6-sub', network_id: 'n-v6', cidr: 'fd00:1::/64', ip_version: 6 }),
      },
    });
    await api.user.click(await screen.findByRole('button', { name: 'Create Network' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Network' }, { timeout: 30_000 });
    await api.user.type(await within(dialog).findByRole('textbox', { name: 'Network Name' }, { timeout: 10_000 }), 'v6-net');
    await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await api.user.type(await within(dialog).findByRole('textbox', { name: 'Subnet Name' }, { timeout: 10_000 }), 'v6-sub');
    await api.user.type(within(dialog).getByRole('textbox', { name: /^Network Address/ }), 'fd00:1::/64');
    await api.user.click(within(dialog).getByRole('combobox', { name: 'IP Version' }));
    await api.user.click(await screen.findByRole('option', { name: 'IPv6' }, { timeout: 10_000 }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const mode = await within(dialog).findByRole('combobox', { name: 'IPv6 Address Configuration Mode' }, { timeout: 10_000 });
    expect(mode.textContent).toBe('No options specified (Default)');
    await api.user.click(mode);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'No options specified (Default)',
      'SLAAC: Address discovered from OpenStack Router',
      'SLAAC: Address discovered from an external router',
      'DHCPv6 stateful: Address discovered from OpenStack DHCP',
      'DHCPv6 stateless: Address discovered from OpenStack Router and additional information from OpenStack DHCP',
    ]);
    await api.user.click(screen.getByRole('option', { name: 'DHCPv6 stateless: Address discovered from OpenStack Router and additional information from OpenStack DHCP' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.sent('POST', '/api/neutron/subnets/')).toHaveLength(1), { timeout: 10_000 });
    expect(api.sent('POST', '/api/neutron/subnets/')[0]).toMatchObject({
      network_id: 'n-v6',
      cidr: 'fd00:1::/64',
      ip_version: 6,
      ipv6_ra_mode: 'dhcpv6-stateless',
      ipv6_address_mode: 'dhcpv6-stateless',
    });
  });
});
