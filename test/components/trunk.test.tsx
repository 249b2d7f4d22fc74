import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeCatalog } from '../support/records';
import { renderApp } from '../support/render-app';

const catalog = makeCatalog(['identity', 'compute', 'network']);

/** A trunk as /api/neutron/trunks/ answers it: with Horizon's name_or_id and subport_count. */
function makeTrunk(overrides: Record<string, unknown> = {}) {
  const name = (overrides.name as string | undefined) ?? 'trunk';
  const subPorts = (overrides.sub_ports as unknown[] | undefined) ?? [];
  return {
    id: `trunk-${name || 'unnamed'}-0000000000`,
    name,
    name_or_id: name,
    description: '',
    port_id: `port-parent-${name}`,
    admin_state_up: true,
    admin_state: 'UP',
    status: 'DOWN',
    tenant_id: 'p-demo',
    project_id: 'p-demo',
    sub_ports: subPorts,
    subport_count: subPorts.length,
    ...overrides,
  };
}

// The first lazy page load takes a while on a loaded two-core machine.
describe('Trunk list (spec 2 §2.3)', { timeout: 30_000 }, () => {
  it('lists Name, Parent Port, Subports, Admin State and Status, sorted by name or id, the parent port a link to the port', async () => {
    const getList = () => [
      makeTrunk({ name: 'zeta', sub_ports: [{ port_id: 'p1', segmentation_type: 'vlan', segmentation_id: 10 }], subport_count: 1 }),
      makeTrunk({ name: 'alpha', admin_state_up: false, admin_state: 'DOWN', status: 'ACTIVE' }),
    ];
    renderApp({ backend: signedInBackend({ catalog, resources: { trunk: { getList } } }), path: '/project/trunks' });
    expect(await screen.findByRole('heading', { name: 'Trunks', level: 1 }, { timeout: 5000 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Trunks' });
    await within(table).findByRole('link', { name: 'alpha' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Name', 'Parent Port', 'Subports', 'Admin State', 'Status', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('link')[0].textContent)).toEqual(['alpha', 'zeta']);
    expect(within(rows[0]).getByRole('link', { name: 'port-parent-alpha' }).getAttribute('href')).toBe('/project/networks/ports/port-parent-alpha/detail');
    expect(within(rows[0]).getByText('DOWN')).toBeTruthy();
    expect(within(rows[0]).getByText('ACTIVE')).toBeTruthy();
    expect(within(rows[1]).getByText('1')).toBeTruthy();
    expect(within(rows[1]).getByText('UP')).toBeTruthy();
  });

  it('is not offered without Neutron’s trunk extension, in the menu or at its route', async () => {
    renderApp({ backend: signedInBackend({ catalog, extensions: { neutron: ['qos'] }, resources: { trunk: { getList: () => [] } } }), path: '/project/trunks' });
    expect(await screen.findByRole('heading', { name: /not found/i }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Network QoS' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Trunks' })).toBeNull();
  });

  it('renders a name with HTML as text', async () => {
    renderApp({ backend: signedInBackend({ catalog, resources: { trunk: { getList: () => [makeTrunk({ name: '<b>bold</b>' })] } } }), path: '/project/trunks' });
    expect(await screen.findByRole('link', { name: '<b>bold</b>' }, { timeout: 5000 })).toBeTruthy();
  });

  it('offers no Delete when Neutron policy refuses delete_trunk', async () => {
    const policy = (rules: [string, string][]) => !rules.some(([scope, action]) => scope === 'network' && action === 'delete_trunk');
    const { user } = renderApp({ backend: signedInBackend({ catalog, policy, resources: { trunk: { getList: () => [makeTrunk({ name: 't1' })] } } }), path: '/project/trunks' });
    await screen.findByRole('link', { name: 't1' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Trunk' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Delete Trunks' })).toBeNull();
    // The row keeps Edit Trunk, without Delete.
    await user.click(screen.getByRole('button', { name: 'Actions for t1' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit Trunk' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Delete Trunk' })).toBeNull();
  });

  it("deletes with 'Confirm Delete Trunk' and toasts 'Deleted Trunk: <name>.'", async () => {
    let current = [makeTrunk({ name: 't1' }), makeTrunk({ name: 't2' })];
    const remove = vi.fn(async ({ id }: { id: string }) => {
      current = current.filter((item) => item.id !== id);
    });
    const { user } = renderApp({ backend: signedInBackend({ catalog, resources: { trunk: { getList: () => current, delete: remove } } }), path: '/project/trunks' });
    await screen.findByRole('link', { name: 't1' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Actions for t1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Trunk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Trunk' });
    expect(within(dialog).getByText('You have selected "t1". Deleted Trunk is not recoverable.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Trunk' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Deleted Trunk: t1.');
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ id: 'trunk-t1-0000000000' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 't1' })).toBeNull());
  });

  it("reports 'Unable to delete Trunk: <name>.' when the delete fails", async () => {
    const remove = vi.fn(async () => {
      throw new Error('Conflict');
    });
    const { user } = renderApp({ backend: signedInBackend({ catalog, resources: { trunk: { getList: () => [makeTrunk({ name: 't1' })], delete: remove } } }), path: '/project/trunks' });
    await screen.findByRole('link', { name: 't1' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Actions for t1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Trunk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Trunk' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Trunk' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Unable to delete Trunk: t1.');
  });
});

describe('Trunk overview (spec 2 §2.2, §2.3, §3)', { timeout: 30_000 }, () => {
  const trunk = makeTrunk({
    id: 'tr1',
    name: 'edge',
    sub_ports: [
      { port_id: 'sub-a', segmentation_type: 'vlan', segmentation_id: 100 },
      { port_id: 'sub-b', segmentation_type: 'inherit' },
    ],
  });

  it('redirects /project/trunks/{id} to OS::Neutron::Trunk/{id} and shows the subports table: Segmentation Type, Segmentation ID, Port ID', async () => {
    const { router } = renderApp({ backend: signedInBackend({ catalog, resources: { trunk: { getOne: () => trunk } } }), path: '/project/trunks/tr1' });
    expect(await screen.findByRole('heading', { name: 'edge', level: 1 }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ngdetails/OS::Neutron::Trunk/tr1');
    const subports = screen.getByRole('table', { name: 'Subports' });
    expect(within(subports).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Segmentation Type', 'Segmentation ID', 'Port ID']);
    const rows = within(subports).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['vlan', '100', 'sub-a'],
      ['inherit', '-', 'sub-b'],
    ]);
  });

  it('after a delete from the details goes to the list page /project/trunks', async () => {
    const remove = vi.fn(async () => undefined);
    const { user, router } = renderApp({ backend: signedInBackend({ catalog, resources: { trunk: { getOne: () => trunk, getList: () => [], delete: remove } } }), path: '/ngdetails/OS::Neutron::Trunk/tr1' });
    await screen.findByRole('heading', { name: 'edge', level: 1 }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Delete Trunk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Trunk' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Trunk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/trunks'));
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ id: 'tr1' }));
  });

  it('stays on the details when the delete from them fails', async () => {
    const remove = vi.fn(async () => {
      throw new Error('Conflict');
    });
    const { user, router } = renderApp({ backend: signedInBackend({ catalog, resources: { trunk: { getOne: () => trunk, delete: remove } } }), path: '/ngdetails/OS::Neutron::Trunk/tr1' });
    await screen.findByRole('heading', { name: 'edge', level: 1 }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Delete Trunk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Delete Trunk' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Trunk' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Unable to delete Trunk: edge.');
    expect(router.state.location.pathname).toBe('/ngdetails/OS::Neutron::Trunk/tr1');
  });
});

describe('Admin trunks (spec 2 §2.1, §2.2, §6)', { timeout: 30_000 }, () => {
  it('lists trunks at /admin/trunks for an admin, the parent port linking to the admin port, names leading back with nav', async () => {
    renderApp({ backend: signedInBackend({ catalog, admin: true, resources: { trunk: { getList: () => [makeTrunk({ name: 't1' })] } } }), path: '/admin/trunks' });
    const link = await screen.findByRole('link', { name: 't1' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/ngdetails/OS::Neutron::Trunk/trunk-t1-0000000000?nav=%2Fadmin%2Ftrunks');
    expect(screen.getByRole('link', { name: 'port-parent-t1' }).getAttribute('href')).toBe('/admin/networks/ports/port-parent-t1/detail');
    expect(screen.queryByRole('button', { name: /Create Trunk/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit Trunk/ })).toBeNull();
  });

  it("asks for the project's own trunks on /project/trunks and for every project's on /admin/trunks", async () => {
    const asked: unknown[] = [];
    const getList = (params: { filter?: unknown }) => {
      asked.push(params.filter ?? {});
      return [makeTrunk({ name: 't1' })];
    };
    const project = renderApp({ backend: signedInBackend({ catalog, admin: true, resources: { trunk: { getList } } }), path: '/project/trunks' });
    await screen.findByRole('link', { name: 't1' }, { timeout: 5000 });
    expect(asked).toEqual([{ project_id: 'p-demo' }]);
    project.unmount();
    asked.length = 0;
    renderApp({ backend: signedInBackend({ catalog, admin: true, resources: { trunk: { getList } } }), path: '/admin/trunks' });
    await screen.findByRole('link', { name: 't1' }, { timeout: 5000 });
    expect(asked).toEqual([{}]);
  });

  it('redirects /admin/trunk/{id}/detail to OS::Neutron::Trunk/{id}', async () => {
    const { router } = renderApp({ backend: signedInBackend({ catalog, admin: true, resources: { trunk: { getOne: () => makeTrunk({ id: 'tr9', name: 'nine' }) } } }), path: '/admin/trunk/tr9/detail' });
    expect(await screen.findByRole('heading', { name: 'nine', level: 1 }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ngdetails/OS::Neutron::Trunk/tr9');
  });
});
