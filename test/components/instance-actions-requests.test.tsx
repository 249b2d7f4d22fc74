import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../support/fake-api';
import { makeNovaServer } from '../support/instance-records';

/** The instance actions of issue 22 send what their forms show, to the routes the server offers. */

const web = makeNovaServer({ name: 'web', 'OS-EXT-SRV-ATTR:host': 'compute1' });
const page = { items: [web], has_more_data: false, has_prev_data: false };

const ROUTES = {
  'GET /api/nova/servers/': () => page,
  'GET /api/nova/servers/:id': () => web,
  'GET /api/nova/flavors/': () => ({ items: [] }),
  'GET /api/cinder/volumes/': () => ({
    items: [
      { id: 'vol-free', name: 'data', status: 'available', size: 1, attachments: [] },
      { id: 'vol-used', name: 'used', status: 'in-use', size: 1, attachments: [{ server_id: 'srv-other' }] },
    ],
    has_more_data: false,
    has_prev_data: false,
  }),
  'GET /api/cinder/volumes/:id/': () => ({ id: 'vol-free', name: 'data' }),
  'GET /api/cinder/volumesnapshots/': () => ({ items: [], has_more_data: false, has_prev_data: false }),
  'POST /api/nova/servers/:id/volumes/': () => ({ device: '/dev/vdb' }),
  'GET /api/glance/images/': () => ({ items: [{ id: 'img-cirros', name: 'cirros', status: 'active', size: 1024, min_disk: 0 }], has_more_data: false, has_prev_data: false }),
  'POST /api/nova/servers/:id/rebuild/': () => ({}),
  'GET /api/keystone/projects/': () => ({ items: [] }),
  'GET /api/nova/servers/:id/security-groups/': () => ({ items: [{ id: 'sg-default', name: 'default' }] }),
  'GET /api/network/securitygroups/': () => ({ items: [{ id: 'sg-default', name: 'default', rules: [] }, { id: 'sg-web', name: 'web', rules: [] }] }),
  'PUT /api/nova/servers/:id/security-groups/': () => ({}),
  'GET /api/nova/hypervisors/': () => ({ items: [{ id: 1, hypervisor_hostname: 'compute1' }, { id: 2, hypervisor_hostname: 'compute2' }] }),
  'POST /api/nova/servers/:id/live-migrate/': () => ({}),
};

async function openAction(path: string, action: string, dialogName: string, admin = false) {
  const api = renderWithApi({ path, admin, routes: ROUTES });
  const table = await screen.findByRole('table', { name: 'Instances' }, { timeout: 30_000 });
  await within(table).findByRole('link', { name: 'web' });
  await api.user.click(screen.getByRole('button', { name: 'Actions for web' }));
  await api.user.click(await screen.findByRole('menuitem', { name: action }));
  const dialog = await screen.findByRole('dialog', { name: dialogName }, { timeout: 30_000 });
  return { ...api, dialog };
}

async function choose(api: Awaited<ReturnType<typeof openAction>>, field: RegExp, option: string) {
  await api.user.click(within(api.dialog).getByRole('combobox', { name: field }));
  await api.user.click(await screen.findByRole('option', { name: option }));
}

describe('instance actions send the bodies their forms show', { timeout: 90_000 }, () => {
  it('Attach Volume offers only free volumes as "name (id)", POSTs {volume_id} and says where Nova attached it', async () => {
    const api = await openAction('/project/instances', 'Attach Volume', 'Attach Volume');
    await api.user.click(within(api.dialog).getByRole('combobox', { name: /Volume ID/ }));
    await screen.findByRole('option', { name: 'data (vol-free)' });
    expect(screen.queryByRole('option', { name: 'used (vol-used)' })).toBeNull();
    await api.user.click(screen.getByRole('option', { name: 'data (vol-free)' }));
    await api.user.click(within(api.dialog).getByRole('button', { name: 'Attach Volume' }));
    await waitFor(() => expect(api.sent('POST', '/api/nova/servers/srv-web/volumes/')).toEqual([{ volume_id: 'vol-free' }]));
    expect(await screen.findByText('Attaching volume data (vol-free) to instance srv-web on /dev/vdb.')).toBeTruthy();
  });

  it('Rebuild Instance POSTs the image chosen and the disk partition', async () => {
    const api = await openAction('/project/instances', 'Rebuild Instance', 'Rebuild Instance');
    await choose(api, /Select Image/, 'cirros (1.00 KB)');
    await choose(api, /Disk Partition/, 'Manual');
    await api.user.click(within(api.dialog).getByRole('button', { name: 'Rebuild' }));
    await waitFor(() => expect(api.sent('POST', '/api/nova/servers/srv-web/rebuild/')).toEqual([{ image_id: 'img-cirros', disk_config: 'MANUAL', description: null }]));
    expect(await screen.findByText('Rebuilding instance srv-web.')).toBeTruthy();
  });

  it("Edit Security Groups starts from the instance's groups and PUTs the ids chosen", async () => {
    const api = await openAction('/project/instances', 'Edit Security Groups', 'Edit Instance');
    const selected = await within(api.dialog).findByRole('region', { name: 'Instance Security Groups' });
    await within(selected).findByText('default');
    await api.user.click(await within(within(api.dialog).getByRole('region', { name: 'All Security Groups' })).findByRole('button', { name: 'Allocate web' }));
    await api.user.click(within(api.dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', '/api/nova/servers/srv-web/security-groups/')).toEqual([{ security_groups: ['sg-default', 'sg-web'] }]));
  });

  it('Live Migrate (admin) leaves out the current host and POSTs the new one', async () => {
    const api = await openAction('/admin/instances', 'Live Migrate Instance', 'Live Migrate', true);
    await api.user.click(within(api.dialog).getByRole('combobox', { name: /New Host/ }));
    await screen.findByRole('option', { name: 'compute2' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Automatically schedule new host.', 'compute2']);
    await api.user.click(screen.getByRole('option', { name: 'compute2' }));
    await api.user.click(within(api.dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.sent('POST', '/api/nova/servers/srv-web/live-migrate/')).toEqual([{ host: 'compute2', block_migration: false, disk_over_commit: false }]));
    expect(await screen.findByText('The instance is preparing the live migration to host "compute2".')).toBeTruthy();
  });
});
