import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiRoute, renderWithApi, reply } from '../support/fake-api';

/**
 * Admin › Volumes' tabs through the real data provider and HTTP helper
 * (Horizon's admin volumes group): every project's snapshots, the volume
 * types with their QoS association, and the QoS specs, with the bodies
 * their forms send.
 */
const type = (name: string, overrides: Record<string, unknown> = {}) => ({
  id: `t-${name}`,
  name,
  description: null,
  extra_specs: {},
  is_public: true,
  associated_qos_spec: null,
  qos_specs_id: null,
  ...overrides,
});
const spec = (name: string, overrides: Record<string, unknown> = {}) => ({ id: `q-${name}`, name, consumer: 'back-end', specs: {}, ...overrides });

const ROUTES: Record<string, ApiRoute> = {
  'GET /api/cinder/volumetypes/': () => ({ items: [type('fast', { associated_qos_spec: 'gold', qos_specs_id: 'q-gold' }), type('slow')] }),
  'GET /api/cinder/volumetypes/:id/': (_request, params) => type(params.id.slice(2)),
  'GET /api/cinder/qosspecs/': () => ({ items: [spec('gold', { specs: { total_iops_sec: '500' } }), spec('silver')] }),
  'POST /api/cinder/volumetypes/': (request) => type((request.body as { name: string }).name),
  'PUT /api/cinder/volumetypes/:id/qos': () => undefined,
  'POST /api/cinder/qosspecs/': () => spec('bronze'),
  'PATCH /api/cinder/volumetypes/:id/': (request, params) => type((request.body as { name: string }).name, { id: params.id }),
  'PATCH /api/cinder/qosspecs/:id/': (request, params) => spec(params.id.slice(2), request.body as Record<string, unknown>),
};

async function openTab(tab: string, table: string, routes: Record<string, ApiRoute> = {}) {
  const api = renderWithApi({ path: `/admin/volumes?tab=${tab}`, admin: true, routes: { ...ROUTES, ...routes } });
  const found = await screen.findByRole('table', { name: table }, { timeout: 30_000 });
  return { ...api, table: found };
}

describe('Admin › Volumes tabs (Horizon’s admin volumes group)', { timeout: 60_000 }, () => {
  it("lists every project's snapshots with their Project, asking with all_projects", async () => {
    const api = await openTab('snapshots_tab', 'Volume Snapshots', {
      'GET /api/cinder/volumesnapshots/': () => ({
        items: [{ id: 's-1', name: 'nightly', size: 1, status: 'available', volume_id: 'v-1', tenant_name: 'demo', metadata: {} }],
        has_more_data: false,
        has_prev_data: false,
      }),
      'GET /api/cinder/volumes/': () => ({ items: [{ id: 'v-1', name: 'data' }] }),
    });
    const row = (await within(api.table).findByRole('link', { name: 'nightly' })).closest('tr')!;
    expect(within(row).getByText('demo')).toBeTruthy();
    expect(within(row).getByText('data')).toBeTruthy();
    expect(api.requests.filter((request) => request.path === '/api/cinder/volumesnapshots/').map((request) => request.query.get('all_projects'))).toContain('true');
    expect(api.requests.filter((request) => request.path === '/api/cinder/volumes/').map((request) => request.query.get('all_projects'))).toContain('true');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Volumes', 'Volume Snapshots', 'Volume Types', 'QoS Specs']);
  });

  it('shows the volume types with their associated QoS spec, and creates one as Public with its description', async () => {
    const api = await openTab('volume_types_tab', 'Volume Types');
    const row = (await within(api.table).findByText('fast')).closest('tr')!;
    expect(within(row).getByText('gold')).toBeTruthy();
    await api.user.click(screen.getByRole('button', { name: 'Create Volume Type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Volume Type' }, { timeout: 30_000 });
    await api.user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'ssd');
    await api.user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'solid state');
    await api.user.click(within(dialog).getByRole('button', { name: 'Create Volume Type' }));
    await waitFor(() => expect(api.sent('POST', '/api/cinder/volumetypes/')).toEqual([{ name: 'ssd', description: 'solid state', is_public: true }]));
    expect((await screen.findByRole('alert')).textContent).toContain('Successfully created volume type: ssd');
  });

  it('associates a volume type with a QoS spec, and with None ends the association', async () => {
    const api = await openTab('volume_types_tab', 'Volume Types');
    await within(api.table).findByText('slow');
    await api.user.click(screen.getByRole('button', { name: 'Actions for slow' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Manage QoS Spec Association' }));
    let dialog = await screen.findByRole('dialog', { name: 'Associate QoS Spec with Volume Type' }, { timeout: 30_000 });
    await api.user.click(within(dialog).getByRole('combobox', { name: /QoS Spec to be associated/ }));
    await api.user.click(await screen.findByRole('option', { name: 'silver' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Associate' }));
    await waitFor(() => expect(api.sent('PUT', '/api/cinder/volumetypes/t-slow/qos')).toEqual([{ qos_specs_id: 'q-silver' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await api.user.click(screen.getByRole('button', { name: 'Actions for fast' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Manage QoS Spec Association' }));
    dialog = await screen.findByRole('dialog', { name: 'Associate QoS Spec with Volume Type' }, { timeout: 30_000 });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /QoS Spec to be associated/ }).textContent).toBe('gold'));
    await api.user.click(within(dialog).getByRole('combobox', { name: /QoS Spec to be associated/ }));
    await api.user.click(await screen.findByRole('option', { name: 'None' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Associate' }));
    await waitFor(() => expect(api.sent('PUT', '/api/cinder/volumetypes/t-fast/qos')).toEqual([{ qos_specs_id: null }]));
  });

  it('lists the QoS specs with their consumer and keys, and creates one for the front-end', async () => {
    const api = await openTab('qos_specs_tab', 'QoS Specs');
    const row = (await within(api.table).findByText('gold')).closest('tr')!;
    expect(within(row).getByText('back-end')).toBeTruthy();
    expect(within(row).getByText(/total_iops_sec: 500/)).toBeTruthy();
    await api.user.click(screen.getByRole('button', { name: 'Create QoS Spec' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create QoS Spec' }, { timeout: 30_000 });
    await api.user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'bronze');
    await api.user.click(within(dialog).getByRole('combobox', { name: /Consumer/ }));
    await api.user.click(await screen.findByRole('option', { name: 'front-end' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.sent('POST', '/api/cinder/qosspecs/')).toEqual([{ name: 'bronze', consumer: 'front-end', specs: {} }]));
  });

  it('edits a volume type: the form opens with its name, description and Public, and sends all three', async () => {
    const api = await openTab('volume_types_tab', 'Volume Types', {
      'GET /api/cinder/volumetypes/': () => ({ items: [type('fast', { description: 'ssd disks' })] }),
    });
    await within(api.table).findByText('fast');
    await api.user.click(screen.getByRole('button', { name: 'Actions for fast' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Edit Volume Type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Volume Type' }, { timeout: 30_000 });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect((name as HTMLInputElement).value).toBe('fast');
    expect((within(dialog).getByRole('textbox', { name: /Description/ }) as HTMLTextAreaElement).value).toBe('ssd disks');
    const isPublic = within(dialog).getByRole('checkbox', { name: /Public/ }) as HTMLInputElement;
    expect(isPublic.checked).toBe(true);
    await api.user.clear(name);
    await api.user.type(name, 'faster');
    await api.user.click(isPublic);
    await api.user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(api.sent('PATCH', '/api/cinder/volumetypes/t-fast/')).toEqual([{ name: 'faster', description: 'ssd disks', is_public: false }]));
    expect((await screen.findByRole('alert')).textContent).toContain('Successfully updated volume type.');
  });

  it("refuses a blank new name in the form, and words Cinder's name conflict as Horizon does", async () => {
    const api = await openTab('volume_types_tab', 'Volume Types', {
      'PATCH /api/cinder/volumetypes/:id/': () => reply(409, 'VOLUME_TYPE_NAME_CONFLICT'),
    });
    await within(api.table).findByText('slow');
    await api.user.click(screen.getByRole('button', { name: 'Actions for slow' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Edit Volume Type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Volume Type' }, { timeout: 30_000 });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await api.user.clear(name);
    await api.user.type(name, '   ');
    expect(await within(dialog).findByText('New name cannot be empty.')).toBeTruthy();
    expect(api.sent('PATCH', '/api/cinder/volumetypes/t-slow/')).toEqual([]);
    await api.user.clear(name);
    await api.user.type(name, 'fast');
    await api.user.click(within(dialog).getByRole('button', { name: 'Edit' }));
    expect(await within(dialog).findByText('New name conflicts with another volume type.')).toBeTruthy();
  });

  it("edits a QoS spec's consumer: the current one is shown read-only and not offered again, and the new one alone is sent", async () => {
    const api = await openTab('qos_specs_tab', 'QoS Specs');
    await within(api.table).findByText('gold');
    await api.user.click(screen.getByRole('button', { name: 'Actions for gold' }));
    await api.user.click(await screen.findByRole('menuitem', { name: 'Edit Consumer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit QoS Spec Consumer' }, { timeout: 30_000 });
    const current = within(dialog).getByRole('textbox', { name: /Current consumer/ }) as HTMLInputElement;
    expect(current.value).toBe('back-end');
    // rjsf renders a readOnly field as a disabled one: shown, never changed.
    expect(current.disabled).toBe(true);
    await api.user.click(within(dialog).getByRole('combobox', { name: /New QoS Spec Consumer/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Select a new consumer', 'front-end', 'both']);
    await api.user.click(screen.getByRole('option', { name: 'both' }));
    await api.user.click(within(dialog).getByRole('button', { name: 'Modify Consumer' }));
    await waitFor(() => expect(api.sent('PATCH', '/api/cinder/qosspecs/q-gold/')).toEqual([{ consumer: 'both' }]));
    expect((await screen.findByRole('alert')).textContent).toContain('Successfully modified QoS Spec consumer.');
  });
});
