import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectContract } from '../support/contract';
import { renderWithApi } from '../support/fake-api';

/**
 * The bodies the browser sends for trunks (api-contract §8), through the real
 * data provider and HTTP helper: Create Trunk POSTs the parent port and the
 * subports (a VLAN subport with its id, an inherit one without).
 */
const port = (id: string, overrides: Record<string, unknown> = {}) => ({ id, name: id, admin_state_up: true, device_owner: '', network_id: 'net', fixed_ips: [], ...overrides });

const TRUNK = {
  id: 'tr1',
  name: 'edge',
  description: 'old',
  port_id: 'p-parent',
  admin_state_up: true,
  status: 'DOWN',
  project_id: 'p-demo',
  sub_ports: [{ port_id: 'p-sub', segmentation_type: 'vlan', segmentation_id: 10 }],
};

const ROUTES = {
  'GET /api/neutron/trunks/': () => ({ items: [TRUNK] }),
  'GET /api/neutron/trunks/:id/': () => TRUNK,
  'GET /api/neutron/ports/': () => ({ items: [port('p-vm', { device_owner: 'compute:nova' }), port('p-alpha'), port('p-zed'), port('p-parent', { trunk_id: 'tr1' }), port('p-sub', { trunk_id: 'tr1' })] }),
  'POST /api/neutron/trunks/': (request: { body: unknown }) => ({ ...TRUNK, ...(request.body as object), id: 'tr-new' }),
};

const listed = (region: HTMLElement) => within(region).queryAllByRole('button', { name: /^Allocate / });

describe('Trunk requests (api-contract §8)', { timeout: 60_000 }, () => {
  it('Create Trunk POSTs port_id and sub_ports: a VLAN subport with its segmentation id, an inherit subport without one', async () => {
    const api = renderWithApi({ path: '/project/trunks', routes: ROUTES, services: ['identity', 'compute', 'network'] });
    await screen.findByRole('link', { name: 'edge' }, { timeout: 20_000 });
    await api.user.click(screen.getByRole('button', { name: 'Create Trunk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Trunk' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'blue' } });
    await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const parents = await within(dialog).findByRole('region', { name: 'Available' });
    await waitFor(() => expect(listed(parents).length).toBeGreaterThan(0));
    await api.user.click(within(parents).getByRole('button', { name: 'Allocate p-vm' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const subports = await within(dialog).findByRole('region', { name: 'Available' });
    await api.user.click(await within(subports).findByRole('button', { name: 'Allocate p-alpha' }));
    await api.user.click(within(subports).getByRole('button', { name: 'Allocate p-zed' }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Segmentation ID of p-alpha' }), { target: { value: '101' } });
    await api.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Segmentation Type of p-zed' }), 'inherit');
    await api.user.click(within(dialog).getByRole('button', { name: 'Create Trunk' }));

    await waitFor(() => expect(api.sent('POST', '/api/neutron/trunks/')).toHaveLength(1));
    const [body] = api.sent('POST', '/api/neutron/trunks/');
    expectContract(body, 'trunk.schema.json#/$defs/create');
    expect(body).toEqual({
      name: 'blue',
      description: '',
      admin_state_up: true,
      port_id: 'p-vm',
      sub_ports: [
        { port_id: 'p-alpha', segmentation_type: 'vlan', segmentation_id: 101 },
        { port_id: 'p-zed', segmentation_type: 'inherit' },
      ],
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Trunk blue was successfully created.');
  });
});
