import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInBackend } from '../support/fake-backend';
import { makeCatalog } from '../support/records';
import { renderApp } from '../support/render-app';

const WEB = { id: 'p-web', name: 'web', description: 'shop', domain_id: 'default', enabled: true };
const QUOTAS = {
  instances: 10, cores: 20, ram: 51200, metadata_items: 128, key_pairs: 100, server_groups: 10, server_group_members: 10,
  injected_files: 5, injected_file_content_bytes: 10240, injected_file_path_bytes: 255,
  volumes: 10, snapshots: 10, gigabytes: 1000,
  network: 100, subnet: 100, port: 500, router: 10, floatingip: 50, security_group: 10, security_group_rule: 100,
};

describe("Identity › Projects › Modify Quotas (Horizon's Edit Quotas)", { timeout: 60_000 }, () => {
  it("opens Edit Quotas from the project's quotas and sends every service's values to updateQuotas", async () => {
    const getOne = vi.fn(() => ({ ...WEB, quotas: QUOTAS }));
    const call = vi.fn(() => ({}));
    const backend = signedInBackend({ admin: true, resources: { project: { getList: () => [WEB], getOne, call } } });
    const { user } = renderApp({ backend, path: '/identity/projects' });
    const row = (await screen.findByText('web', undefined, { timeout: 10_000 })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /actions/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Modify Quotas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Quotas' }, { timeout: 10_000 });
    expect(getOne).toHaveBeenCalledWith(expect.objectContaining({ id: 'p-web', meta: { quotas: true } }));
    const cores = within(dialog).getByRole('spinbutton', { name: /^vCPUs/ }) as HTMLInputElement;
    expect(cores.value).toBe('20');
    await user.clear(cores);
    await user.type(cores, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const gigabytes = await within(dialog).findByRole('spinbutton', { name: /^Total Size of Volumes and Snapshots \(GiB\)/ });
    await user.clear(gigabytes);
    await user.type(gigabytes, '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByRole('spinbutton', { name: /^Floating IPs/ });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Modified quotas of project');
    expect(call).toHaveBeenCalledWith({ id: 'p-web', name: 'updateQuotas', data: { ...QUOTAS, cores: 2, gigabytes: -1 } });
  });

  it('refuses a quota below -1 with the field named, and offers Modify Quotas to admins only', async () => {
    const backend = signedInBackend({ admin: true, resources: { project: { getList: () => [WEB], getOne: () => ({ ...WEB, quotas: QUOTAS }), call: () => ({}) } } });
    const { user } = renderApp({ backend, path: '/identity/projects' });
    const row = (await screen.findByText('web', undefined, { timeout: 10_000 })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /actions/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Modify Quotas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Quotas' }, { timeout: 10_000 });
    const instances = within(dialog).getByRole('spinbutton', { name: /^Instances/ });
    await user.clear(instances);
    await user.type(instances, '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Ensure this value is greater than or equal to -1.')).toBeTruthy();

    const member = signedInBackend({ resources: { project: { getList: () => [WEB] } }, policy: () => false });
    renderApp({ backend: member, path: '/identity/projects' });
    const rows = await screen.findAllByText('web', undefined, { timeout: 10_000 });
    const memberRow = rows.at(-1)!.closest('tr')!;
    expect(within(memberRow).queryByRole('button', { name: /actions/i })).toBeNull();
  });
});

describe('Admin › Defaults (default quotas, Update Default Quotas)', { timeout: 60_000 }, () => {
  const DEFAULTS = [
    { id: 'compute/instances', service: 'compute', name: 'instances', display_name: 'Instances', limit: 10 },
    { id: 'compute/cores', service: 'compute', name: 'cores', display_name: 'vCPUs', limit: 20 },
    ...['ram', 'metadata_items', 'key_pairs', 'server_groups', 'server_group_members', 'injected_files', 'injected_file_content_bytes', 'injected_file_path_bytes'].map((name) => ({
      id: `compute/${name}`, service: 'compute', name, display_name: name, limit: 7,
    })),
    { id: 'volume/volumes', service: 'volume', name: 'volumes', display_name: 'Volumes', limit: 10 },
    { id: 'volume/snapshots', service: 'volume', name: 'snapshots', display_name: 'Volume Snapshots', limit: 10 },
    { id: 'volume/gigabytes', service: 'volume', name: 'gigabytes', display_name: 'Total Size of Volumes and Snapshots (GB)', limit: 1000 },
    { id: 'network/network', service: 'network', name: 'network', display_name: 'Networks', limit: 100 },
  ];

  it('lists every service\'s defaults with Quota Name and Limit, and saves the changed defaults starting from those listed', async () => {
    const create = vi.fn(({ data }) => ({ id: 'defaults', ...data }));
    const backend = signedInBackend({ admin: true, resources: { 'quota-default': { getList: () => DEFAULTS, create } } });
    const { user } = renderApp({ backend, path: '/admin/defaults' });
    const table = await screen.findByRole('table', { name: 'Defaults' }, { timeout: 10_000 });
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Quota Name', 'Limit', 'Service']);
    expect(within((await within(table).findByText('Networks')).closest('tr')!).getByText('Network Quotas')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Update Default Quotas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Default Quotas' }, { timeout: 10_000 });
    const instances = within(dialog).getByRole('spinbutton', { name: /^Instances/ }) as HTMLInputElement;
    expect(instances.value).toBe('10');
    await user.clear(instances);
    await user.type(instances, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByRole('spinbutton', { name: /^Volume Snapshots/ });
    await user.click(within(dialog).getByRole('button', { name: 'Update Default Quotas' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Default quotas updated.');
    await waitFor(() => expect(create).toHaveBeenCalled());
    const sent = create.mock.calls[0][0].data;
    expect(sent).toEqual({
      instances: 12, cores: 20, ram: 7, metadata_items: 7, key_pairs: 7, server_groups: 7, server_group_members: 7,
      injected_files: 7, injected_file_content_bytes: 7, injected_file_path_bytes: 7, volumes: 10, snapshots: 10, gigabytes: 1000,
    });
  });
});

describe("create buttons of a used-up quota (Horizon's '(Quota exceeded)')", { timeout: 60_000 }, () => {
  it("disables Create Network and labels it '(Quota exceeded)' once the network quota is used up", async () => {
    const quotaUsage = vi.fn(() => ({ id: 'p-demo', network: [{ name: 'network', display_name: 'Networks', limit: 2, in_use: 2 }, { name: 'router', limit: -1, in_use: 9 }] }));
    const backend = signedInBackend({
      session: { project_id: 'p-demo' },
      catalog: makeCatalog(['identity', 'compute', 'network']),
      resources: { network: { getList: () => [] }, 'quota-usage': { getOne: quotaUsage } },
    });
    renderApp({ backend, path: '/project/networks' });
    const button = await screen.findByRole('button', { name: 'Create Network (Quota exceeded)' }, { timeout: 10_000 });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(quotaUsage).toHaveBeenCalledWith(expect.objectContaining({ id: 'p-demo' }));
  });
});
