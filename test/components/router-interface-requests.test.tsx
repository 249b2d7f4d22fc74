import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiRequest, renderWithApi } from '../support/fake-api';

/**
 * The requests a router's Interfaces tab sends (routes beyond the contract,
 * README 'Routes beyond the /api contract': `routers/{id}/interfaces/` POST
 * `{subnet_id[, ip_address]}` and `routers/{id}/interfaces/{port}/` DELETE),
 * through the real data provider and HTTP helper.
 */
const ROUTER = { id: 'r-edge', name: 'edge', status: 'ACTIVE', admin_state_up: true, availability_zones: ['nova'], external_gateway_info: null, project_id: 'p-demo' };
const port = (id: string, address: string, subnet: string) => ({
  id,
  name: '',
  status: 'ACTIVE',
  admin_state_up: true,
  device_owner: 'network:router_interface',
  interface_type: 'Internal Interface',
  fixed_ips: [{ subnet_id: subnet, ip_address: address }],
});

function openInterfaces() {
  let ports = [port('p-one', '10.0.1.1', 'sub-one'), port('p-two', '10.0.2.1', 'sub-two')];
  const api = renderWithApi({
    path: '/ngdetails/OS::Neutron::Router/r-edge',
    services: ['identity', 'compute', 'network'],
    routes: {
      'GET /api/neutron/routers/:id/': () => ROUTER,
      'GET /api/neutron/routers/:id/interfaces/': () => ({ items: ports }),
      'DELETE /api/neutron/routers/:id/interfaces/:port/': (_request: ApiRequest, { port: portId }) => {
        ports = ports.filter((each) => each.id !== portId);
      },
      'GET /api/neutron/networks/': () => ({ items: [{ id: 'net-three', name: 'three', 'router:external': false, subnets: [{ id: 'sub-three', name: 'three-v4', cidr: '10.0.3.0/24' }] }] }),
      'POST /api/neutron/routers/:id/interfaces/': (request: ApiRequest) => {
        const added = port('p-three', '10.0.3.1', (request.body as { subnet_id: string }).subnet_id);
        ports = [...ports, added];
        return added;
      },
    },
  });
  return api;
}

async function interfacesTab(api: ReturnType<typeof openInterfaces>) {
  await api.user.click(await screen.findByRole('tab', { name: 'Interfaces' }, { timeout: 30_000 }));
  const table = await screen.findByRole('table', { name: 'Interfaces' });
  await within(table).findByText('10.0.1.1');
  return table;
}

describe("a router's Interfaces tab sends the interface's router and port", { timeout: 60_000 }, () => {
  it('Delete Interface on a row: DELETE routers/{router}/interfaces/{port}/, and the row is gone', async () => {
    const api = openInterfaces();
    const table = await interfacesTab(api);
    const row = within(table).getByText('10.0.1.1').closest('tr')!;
    await api.user.click(within(row).getByRole('button', { name: /^Actions for/ }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Delete Interface' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete Interface' });
    await api.user.click(within(confirm).getByRole('button', { name: 'Delete Interface' }));
    await waitFor(() => expect(within(table).queryByText('10.0.1.1')).toBeNull());
    expect(api.calls('DELETE')).toEqual(['/api/neutron/routers/r-edge/interfaces/p-one/']);
    expect(within(table).getByText('10.0.2.1')).toBeTruthy();
  });

  it('Delete Interfaces for the checked rows: one DELETE per port', async () => {
    const api = openInterfaces();
    const table = await interfacesTab(api);
    await api.user.click(within(table).getByRole('checkbox', { name: /select all/i }));
    await api.user.click(screen.getByRole('button', { name: 'Delete Interfaces' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete Interfaces' });
    await api.user.click(within(confirm).getByRole('button', { name: 'Delete Interfaces' }));
    await within(table).findByText('No items to display.');
    expect(api.calls('DELETE').sort()).toEqual(['/api/neutron/routers/r-edge/interfaces/p-one/', '/api/neutron/routers/r-edge/interfaces/p-two/']);
  });

  it('Add Interface on the tab: POST routers/{router}/interfaces/ with the chosen subnet, and the new row shows', async () => {
    const api = openInterfaces();
    const table = await interfacesTab(api);
    await api.user.click(screen.getByRole('button', { name: 'Add Interface' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Interface' });
    await api.user.click(within(dialog).getByRole('combobox', { name: 'Subnet' }));
    await api.user.click(await screen.findByRole('option', { name: 'three: 10.0.3.0/24 (three-v4)' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(table).findByText('10.0.3.1')).toBeTruthy();
    expect(api.sent('POST', '/api/neutron/routers/r-edge/interfaces/')).toEqual([{ subnet_id: 'sub-three' }]);
  });
});
