import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeCatalog } from '../support/records';
import { renderApp } from '../support/render-app';

const catalog = makeCatalog(['identity', 'compute', 'network']);
/** The first lazy page load is slow on a loaded two-core machine. */
const FIRST_LOAD = { timeout: 15_000 };

function makeGroup(name: string, overrides: Record<string, unknown> = {}) {
  return { id: `g-${name}`, name, description: `${name} group`, tenant_id: 'p-demo', project_id: 'p-demo', security_group_rules: [], ...overrides };
}

function makeRule(overrides: Record<string, unknown>) {
  return {
    id: 'r1', name: 'ALLOW IPv4 22/tcp from 0.0.0.0/0', security_group_id: 'g-web', direction: 'ingress', ethertype: 'IPv4', protocol: 'tcp', ip_protocol: 'TCP',
    port_range_min: 22, port_range_max: 22, port_range: '22 (SSH)', remote_ip_prefix: '0.0.0.0/0', remote_group_id: null, remote_group: null, description: 'admins', ...overrides,
  };
}

const groups = () => [makeGroup('web'), makeGroup('default', { description: 'Default security group' })];

/** The group's details page with its rules; `rules` answers the rules list, `create` the Add Rule call. */
function renderDetails(options: { create?: (params: { data: Record<string, unknown> }) => unknown; rules?: (params: { filter?: Record<string, unknown> }) => unknown[] } = {}) {
  const rules = vi.fn(options.rules ?? (() => [makeRule({})]));
  const rendered = renderApp({
    backend: signedInBackend({
      catalog,
      resources: {
        'security-group': { getList: groups, getOne: ({ id }: { id: string }) => groups().find((group) => group.id === id) },
        'security-group-rule': { getList: rules, ...(options.create ? { create: options.create } : {}) },
      },
    }),
    path: '/ngdetails/OS::Neutron::SecurityGroup/g-web',
  });
  return { ...rendered, rules };
}

async function openAddRule(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Add Rule' }, FIRST_LOAD));
  return screen.findByRole('dialog', { name: 'Add Rule' });
}

async function choose(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, label: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The Add Rule fields by label and the role of their input. */
const FIELDS: [label: string, role: 'combobox' | 'textbox' | 'spinbutton'][] = [
  ['Rule', 'combobox'], ['Description', 'textbox'], ['Direction', 'combobox'], ['IP Protocol', 'spinbutton'], ['Open Port', 'combobox'], ['Port', 'spinbutton'],
  ['From Port', 'spinbutton'], ['To Port', 'spinbutton'], ['Type', 'spinbutton'], ['Code', 'spinbutton'], ['Remote', 'combobox'], ['CIDR', 'textbox'],
  ['Security Group', 'combobox'], ['Ether Type', 'combobox'],
];

/** The labels of the form's shown fields, in the form's order. */
function shownFields(dialog: HTMLElement): string[] {
  return FIELDS.filter(([label, role]) => within(dialog).queryByRole(role, { name: new RegExp(`^${label}( \\*)?$`) })).map(([label]) => label);
}

/** Waits for a toast containing `text` (toasts read 'Success: …' / 'Error: …'). */
async function expectToast(text: string) {
  await waitFor(() => expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes(text))).toBe(true));
}

// Typing into modals and the first lazy page load take a while on a loaded two-core machine.
describe('Security Groups list', { timeout: 30_000 }, () => {
  it('lists Name, Security Group ID and Description sorted by name, the name a link to Manage Rules', async () => {
    renderApp({ backend: signedInBackend({ catalog, resources: { 'security-group': { getList: groups } } }), path: '/project/security_groups' });
    const table = await screen.findByRole('table', { name: 'Security Groups' }, FIRST_LOAD);
    await within(table).findByRole('link', { name: 'web' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Name', 'Security Group ID', 'Description', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['default', 'web']);
    expect(within(rows[1]).getByText('g-web')).toBeTruthy();
    expect(within(rows[0]).getByRole('link').getAttribute('href')).toBe('/ngdetails/OS::Neutron::SecurityGroup/g-default');
  });

  it('adds the Shared column where Neutron has the security-groups-shared-filtering extension, as Horizon does', async () => {
    const extensions = { neutron: ['security-groups-shared-filtering'] };
    renderApp({ backend: signedInBackend({ catalog, extensions, resources: { 'security-group': { getList: () => [makeGroup('web', { shared: true })] } } }), path: '/project/security_groups' });
    const table = await screen.findByRole('table', { name: 'Security Groups' }, FIRST_LOAD);
    await within(table).findByRole('link', { name: 'web' });
    await waitFor(() => expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Name', 'Security Group ID', 'Description', 'Shared', 'Actions']));
    expect(within(table).getByText('Yes')).toBeTruthy();
  });

  it('offers Edit Security Group on every group but default, and Delete on all', async () => {
    const { user } = renderApp({ backend: signedInBackend({ catalog, resources: { 'security-group': { getList: groups } } }), path: '/project/security_groups' });
    await user.click(await screen.findByRole('button', { name: 'Actions for default' }, FIRST_LOAD));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Delete Security Group']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Actions for web' }));
    await waitFor(() => expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit Security Group', 'Delete Security Group']));
  });

  it("creates a group with name and description, toasts 'Successfully created security group: <name>' and opens its rules, as Horizon does", async () => {
    const create = vi.fn(({ data }) => makeGroup(data.name as string, data));
    const getOne = ({ id }: { id: string }) => makeGroup(id.slice(2), { description: 'databases' });
    const { user } = renderApp({
      backend: signedInBackend({ catalog, resources: { 'security-group': { getList: groups, create, getOne }, 'security-group-rule': { getList: () => [] } } }),
      path: '/project/security_groups',
    });
    await user.click(await screen.findByRole('button', { name: 'Create Security Group' }, FIRST_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Create Security Group' });
    const submit = () => within(dialog).getByRole('button', { name: 'Create Security Group' }) as HTMLButtonElement;
    expect(submit().disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'db');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'databases');
    await waitFor(() => expect(submit().disabled).toBe(false));
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('Successfully created security group: db');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ data: { name: 'db', description: 'databases' } }));
    expect(await screen.findByRole('heading', { name: 'Manage Security Group Rules: db (g-db)', level: 1 }, FIRST_LOAD)).toBeTruthy();
  });

  it("shows Neutron's refusal to delete the default group in its words", async () => {
    const refusal = Object.assign(new Error('conflict'), { status: 409, body: 'Insufficient rights for removing default security group.' });
    const { user } = renderApp({
      backend: signedInBackend({ catalog, resources: { 'security-group': { getList: groups, delete: () => Promise.reject(refusal) } } }),
      path: '/project/security_groups',
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for default' }, FIRST_LOAD));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Security Group' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete Security Group' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Security Group' }));
    await expectToast('Unable to delete Security Group: default. Insufficient rights for removing default security group.');
  });
});

describe('Manage Security Group Rules', { timeout: 30_000 }, () => {
  it("shows the group's rules with Horizon's columns, asking for this group's rules only", async () => {
    const { rules } = renderDetails({ rules: () => [makeRule({}), makeRule({ id: 'r2', name: 'ALLOW IPv6 from web', ethertype: 'IPv6', protocol: null, ip_protocol: 'Any', port_range: 'Any', remote_ip_prefix: null, remote_group: 'web', description: '' })] });
    expect(await screen.findByRole('heading', { name: 'Manage Security Group Rules: web (g-web)', level: 1 }, FIRST_LOAD)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Rules' });
    await within(table).findByText('22 (SSH)');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Direction', 'Ether Type', 'IP Protocol', 'Port Range', 'Remote IP Prefix', 'Remote Security Group', 'Description', 'Actions']);
    const [, ssh, fromWeb] = within(table).getAllByRole('row');
    expect(within(ssh).getAllByRole('cell').slice(1, 8).map((cell) => cell.textContent)).toEqual(['Ingress', 'IPv4', 'TCP', '22 (SSH)', '0.0.0.0/0', '-', 'admins']);
    expect(within(fromWeb).getAllByRole('cell').slice(1, 8).map((cell) => cell.textContent)).toEqual(['Ingress', 'IPv6', 'Any', 'Any', '-', 'web', '-']);
    expect(rules).toHaveBeenCalledWith(expect.objectContaining({ filter: { security_group_id: 'g-web' } }));
  });

  it("offers Horizon's Rule choices: the custom ones, then the named ones", async () => {
    const { user } = renderDetails();
    const dialog = await openAddRule(user);
    await user.click(within(dialog).getByRole('combobox', { name: 'Rule' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Custom TCP Rule', 'Custom UDP Rule', 'Custom ICMP Rule', 'Other Protocol', 'All ICMP', 'All TCP', 'All UDP',
      'DNS', 'HTTP', 'HTTPS', 'IMAP', 'IMAPS', 'LDAP', 'MS SQL', 'MYSQL', 'POP3', 'POP3S', 'RDP', 'SMTP', 'SMTPS', 'SSH',
    ]);
  });

  it('shows each field only when the rule choice needs it', async () => {
    const { user } = renderDetails();
    const dialog = await openAddRule(user);
    expect(shownFields(dialog)).toEqual(['Rule', 'Description', 'Direction', 'Open Port', 'Port', 'Remote', 'CIDR']);
    await choose(user, dialog, 'Open Port', 'Port Range');
    expect(shownFields(dialog)).toEqual(['Rule', 'Description', 'Direction', 'Open Port', 'From Port', 'To Port', 'Remote', 'CIDR']);
    await choose(user, dialog, 'Open Port', 'All ports');
    expect(shownFields(dialog)).toEqual(['Rule', 'Description', 'Direction', 'Open Port', 'Remote', 'CIDR']);
    await choose(user, dialog, 'Rule', 'Custom ICMP Rule');
    expect(shownFields(dialog)).toEqual(['Rule', 'Description', 'Direction', 'Type', 'Code', 'Remote', 'CIDR']);
    await choose(user, dialog, 'Rule', 'Other Protocol');
    expect(shownFields(dialog)).toEqual(['Rule', 'Description', 'Direction', 'IP Protocol', 'Remote', 'CIDR']);
    await choose(user, dialog, 'Rule', 'All TCP');
    expect(shownFields(dialog)).toEqual(['Rule', 'Description', 'Direction', 'Remote', 'CIDR']);
    await choose(user, dialog, 'Rule', 'SSH');
    expect(shownFields(dialog)).toEqual(['Rule', 'Description', 'Remote', 'CIDR']);
    await choose(user, dialog, 'Remote', 'Security Group');
    expect(shownFields(dialog)).toEqual(['Rule', 'Description', 'Remote', 'Security Group', 'Ether Type']);
  });

  it("refuses bad ports, a reversed range, ICMP values outside -1…255 and a bad CIDR with Horizon's messages", async () => {
    const { user } = renderDetails();
    const dialog = await openAddRule(user);
    const add = () => within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^Port/ }), { target: { value: '70000' } });
    expect(await within(dialog).findByText('Not a valid port number')).toBeTruthy();
    expect(add().disabled).toBe(true);
    await choose(user, dialog, 'Open Port', 'Port Range');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^From Port/ }), { target: { value: '90' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^To Port/ }), { target: { value: '80' } });
    expect(await within(dialog).findByText('The "to" port number must be greater than or equal to the "from" port number.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^CIDR/ }), { target: { value: '10.0.0.300/8' } });
    expect(await within(dialog).findByText('Incorrect format for IP address')).toBeTruthy();
    await choose(user, dialog, 'Rule', 'Custom ICMP Rule');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^Type/ }), { target: { value: '256' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^Code/ }), { target: { value: '-2' } });
    expect(await within(dialog).findByText('Not a valid ICMP type')).toBeTruthy();
    expect(await within(dialog).findByText('Not a valid ICMP code')).toBeTruthy();
    expect(add().disabled).toBe(true);
  });

  it("adds a port-range rule to this group and shows Neutron's refusal of a duplicate in its words", async () => {
    const duplicate = Object.assign(new Error('conflict'), { status: 409, body: 'Security group rule already exists. Rule id is r1.' });
    const create = vi.fn().mockResolvedValueOnce(makeRule({ id: 'r3', name: 'ALLOW IPv4 8000-8080/tcp from 10.0.0.0/8' })).mockRejectedValueOnce(duplicate);
    const { user } = renderDetails({ create });
    let dialog = await openAddRule(user);
    await choose(user, dialog, 'Open Port', 'Port Range');
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^From Port/ }), { target: { value: '8000' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^To Port/ }), { target: { value: '8080' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^CIDR/ }), { target: { value: '10.0.0.0/8' } });
    await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(false));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await expectToast('Successfully added rule: ALLOW IPv4 8000-8080/tcp from 10.0.0.0/8');
    expect(create.mock.calls[0][0].data).toEqual({
      security_group_id: 'g-web', rule_menu: 'tcp', direction: 'ingress', port_or_range: 'range', from_port: 8000, to_port: 8080, remote: 'cidr', cidr: '10.0.0.0/8',
    });

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Rule' })).toBeNull());
    dialog = await openAddRule(user);
    await choose(user, dialog, 'Rule', 'SSH');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Security group rule already exists. Rule id is r1.')).toBeTruthy();
  });
});
