import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeCatalog } from '../support/records';
import { renderApp } from '../support/render-app';

const catalog = makeCatalog(['identity', 'compute', 'network']);

function port(id: string, overrides: Record<string, unknown> = {}) {
  return { id, name: id, admin_state_up: true, device_owner: '', network_id: 'net', fixed_ips: [], ...overrides };
}

/** Ports covering every candidate rule of spec 2 §5. */
const PORTS = [
  port('p-zed'),
  port('p-blank-b', { name: '' }),
  port('p-blank-a', { name: '' }),
  port('p-alpha'),
  port('p-vm', { device_owner: 'compute:nova' }),
  port('p-router', { device_owner: 'network:router_interface' }),
  port('p-down', { admin_state_up: false }),
  port('p-trunked', { trunk_id: 'other' }),
];

const TRUNK = {
  id: 'tr1',
  name: 'edge',
  name_or_id: 'edge',
  description: 'old',
  port_id: 'p-parent',
  admin_state_up: true,
  admin_state: 'UP',
  status: 'DOWN',
  project_id: 'p-demo',
  sub_ports: [
    { port_id: 'p-sub1', segmentation_type: 'vlan', segmentation_id: 10 },
    { port_id: 'p-sub2', segmentation_type: 'inherit' },
  ],
  subport_count: 2,
};

/** The trunk's own ports: in a trunk, so never candidates. */
const TRUNK_PORTS = [port('p-sub1', { name: 'sub one', trunk_id: 'tr1' }), port('p-sub2', { trunk_id: 'tr1' })];

function open(resources: Record<string, Record<string, unknown>>, path = '/project/trunks') {
  return renderApp({ backend: signedInBackend({ catalog, resources: { port: { getList: () => [...PORTS, ...TRUNK_PORTS] }, ...resources } }), path });
}

async function openCreate(resources: Record<string, Record<string, unknown>> = {}) {
  const view = open({ trunk: { getList: () => [TRUNK], ...resources.trunk } });
  await screen.findByRole('link', { name: 'edge' }, { timeout: 5000 });
  await view.user.click(screen.getByRole('button', { name: 'Create Trunk' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Trunk' }, { timeout: 5000 });
  return { ...view, dialog };
}

const listed = (region: HTMLElement) => within(region).queryAllByRole('button', { name: /^Allocate / }).map((button) => button.getAttribute('aria-label')!.slice('Allocate '.length));

describe('Create Trunk wizard (spec 2 §2.3, §4, §5)', { timeout: 30_000 }, () => {
  it('has the steps Details, Parent Port, Subports and starts with Admin State up, empty name and description', async () => {
    const { dialog } = await openCreate();
    for (const step of ['Details', 'Parent Port', 'Subports']) expect(within(dialog).getAllByText(step).length).toBeGreaterThan(0);
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByRole('textbox', { name: 'Description' }) as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByRole('checkbox', { name: 'Admin State' }) as HTMLInputElement).checked).toBe(true);
  });

  it("offers as parent ports those up, unowned or a compute port's, not in a trunk, sorted by name with blank names last, then id", async () => {
    const { user, dialog } = await openCreate();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const available = await within(dialog).findByRole('region', { name: 'Available' });
    await waitFor(() => expect(listed(available)).toEqual(['p-alpha', 'p-vm', 'p-zed', 'p-blank-a', 'p-blank-b']));
  });

  it('needs exactly one parent port: Next is refused without one, and a second replaces the first', async () => {
    const { user, dialog } = await openCreate();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const available = await within(dialog).findByRole('region', { name: 'Available' });
    await waitFor(() => expect(listed(available).length).toBe(5));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Select a parent port.')).toBeTruthy();
    await user.click(within(available).getByRole('button', { name: 'Allocate p-alpha' }));
    await user.click(within(available).getByRole('button', { name: 'Allocate p-zed' }));
    const allocated = within(dialog).getByRole('region', { name: 'Allocated' });
    expect(within(allocated).getAllByRole('button', { name: /^Remove / }).map((button) => button.getAttribute('aria-label'))).toEqual(['Remove p-zed']);
  });

  it('offers as subports only ports up, unowned and not in a trunk, and checks the VLAN id is from 1 to 4094', async () => {
    const create = vi.fn();
    const { user, dialog } = await openCreate({ trunk: { create } });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const parentAvailable = await within(dialog).findByRole('region', { name: 'Available' });
    await waitFor(() => expect(listed(parentAvailable).length).toBe(5));
    await user.click(within(parentAvailable).getByRole('button', { name: 'Allocate p-vm' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const available = await within(dialog).findByRole('region', { name: 'Available' });
    await waitFor(() => expect(listed(available)).toEqual(['p-alpha', 'p-zed', 'p-blank-a', 'p-blank-b']));
    await user.click(within(available).getByRole('button', { name: 'Allocate p-alpha' }));
    const segmentationId = within(dialog).getByRole('spinbutton', { name: 'Segmentation ID of p-alpha' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Trunk' }));
    expect(await within(dialog).findByText('A VLAN subport needs a segmentation ID from 1 to 4094.')).toBeTruthy();
    fireEvent.change(segmentationId, { target: { value: '4095' } });
    await user.click(within(dialog).getByRole('button', { name: 'Create Trunk' }));
    expect(await within(dialog).findByText('Segmentation ID must be an integer from 1 to 4094.')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it("creates with the contract's body (port_id, sub_ports; inherit without an id) and toasts 'Trunk <name> was successfully created.'", async () => {
    const create = vi.fn(({ data }) => ({ ...TRUNK, ...data, id: 'tr-new', name_or_id: data.name }));
    const { user, dialog } = await openCreate({ trunk: { create } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'blue' } });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const parentAvailable = await within(dialog).findByRole('region', { name: 'Available' });
    await waitFor(() => expect(listed(parentAvailable).length).toBe(5));
    await user.click(within(parentAvailable).getByRole('button', { name: 'Allocate p-vm' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const available = await within(dialog).findByRole('region', { name: 'Available' });
    await waitFor(() => expect(listed(available).length).toBe(4));
    await user.click(within(available).getByRole('button', { name: 'Allocate p-alpha' }));
    await user.click(within(available).getByRole('button', { name: 'Allocate p-zed' }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Segmentation ID of p-alpha' }), { target: { value: '101' } });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Segmentation Type of p-zed' }), 'inherit');
    expect(within(dialog).queryByRole('spinbutton', { name: 'Segmentation ID of p-zed' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Create Trunk' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Trunk blue was successfully created.');
    expect(create.mock.calls[0][0].data).toEqual({
      name: 'blue',
      description: '',
      admin_state_up: true,
      port_id: 'p-vm',
      sub_ports: [
        { port_id: 'p-alpha', segmentation_type: 'vlan', segmentation_id: 101 },
        { port_id: 'p-zed', segmentation_type: 'inherit' },
      ],
    });
  });

  it('is not offered without Neutron’s create_trunk, nor on the admin list', async () => {
    const policy = (rules: [string, string][]) => !rules.some(([, action]) => action === 'create_trunk');
    renderApp({ backend: signedInBackend({ catalog, policy, resources: { trunk: { getList: () => [TRUNK] } } }), path: '/project/trunks' });
    await screen.findByRole('link', { name: 'edge' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Trunks' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Create Trunk' })).toBeNull();
  });
});

describe('Edit Trunk wizard (spec 2 §2.3, §4; api-contract §8)', { timeout: 30_000 }, () => {
  async function openEdit(update = vi.fn(({ data }) => ({ ...TRUNK, ...data.new }))) {
    const view = open({ trunk: { getList: () => [TRUNK], getOne: () => TRUNK, update } });
    await screen.findByRole('link', { name: 'edge' }, { timeout: 5000 });
    await view.user.click(screen.getByRole('button', { name: 'Actions for edge' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Edit Trunk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Trunk' }, { timeout: 5000 });
    return { ...view, dialog, update };
  }

  it('has the steps Details and Subports, prefilled from the trunk, with its subports allocated by name', async () => {
    const { user, dialog } = await openEdit();
    expect(within(dialog).queryByText('Parent Port')).toBeNull();
    expect((within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('edge');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const allocated = await within(dialog).findByRole('region', { name: 'Allocated' });
    await waitFor(() =>
      expect(within(allocated).getAllByRole('button', { name: /^Remove / }).map((button) => button.getAttribute('aria-label'))).toEqual(['Remove sub one', 'Remove p-sub2']),
    );
    expect((within(dialog).getByRole('spinbutton', { name: 'Segmentation ID of sub one' }) as HTMLInputElement).value).toBe('10');
  });

  it("submits the old and the new trunk and toasts 'Trunk <name> was successfully edited.'", async () => {
    const { user, dialog, update } = await openEdit();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'new' } });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const allocated = await within(dialog).findByRole('region', { name: 'Allocated' });
    await user.click(within(allocated).getByRole('button', { name: 'Remove p-sub2' }));
    const available = within(dialog).getByRole('region', { name: 'Available' });
    await waitFor(() => expect(listed(available)).toContain('p-alpha'));
    await user.click(within(available).getByRole('button', { name: 'Allocate p-alpha' }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Segmentation ID of p-alpha' }), { target: { value: '4094' } });
    await user.click(within(dialog).getByRole('button', { name: 'Edit Trunk' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Trunk edge was successfully edited.');
    const old = { id: 'tr1', name: 'edge', description: 'old', admin_state_up: true, sub_ports: TRUNK.sub_ports };
    expect(update.mock.calls[0][0]).toMatchObject({
      id: 'tr1',
      data: {
        old,
        new: {
          ...old,
          description: 'new',
          sub_ports: [
            { port_id: 'p-sub1', segmentation_type: 'vlan', segmentation_id: 10 },
            { port_id: 'p-alpha', segmentation_type: 'vlan', segmentation_id: 4094 },
          ],
        },
      },
    });
  });
});
