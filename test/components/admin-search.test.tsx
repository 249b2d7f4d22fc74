import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiRequest, renderWithApi } from '../support/fake-api';

/**
 * The admin lists of every project search on the server (spec 1 §4.6, §7.3:
 * "the list function is called with the facet search params"): a facet term
 * goes out in the list request's query and the table shows what the server
 * answers, not the loaded page filtered. The project's own panels still
 * search their loaded rows.
 */

const page = (items: unknown[], more = false) => ({ items, has_more_data: more, has_prev_data: false });
const network = (id: string, name: string, project: string) => ({ id, name, tenant_id: `p-${project}`, tenant_name: project, shared: false, 'router:external': false, router__external: false, status: 'ACTIVE', admin_state_up: true, admin_state: 'UP', subnets: [] });

/** The rows of the table, by the text of their name links. */
const names = (table: HTMLElement) => within(table).queryAllByRole('link').map((link) => link.textContent);
const lastQuery = (requests: ApiRequest[], path: string) => Object.fromEntries(requests.filter((request) => request.method === 'GET' && request.path === path).at(-1)!.query);

describe('admin facets ask the server', { timeout: 90_000 }, () => {
  it("Admin › Networks sends Project and External as the list's query and shows the server's answer", async () => {
    const api = renderWithApi({
      path: '/admin/networks',
      admin: true,
      services: ['identity', 'compute', 'network'],
      routes: {
        // The first page holds admin's network only; demo's comes from the server's search.
        'GET /api/neutron/networks/': (request) => (request.query.get('project') === 'demo' ? page([network('n-demo', 'demo-net', 'demo')]) : page([network('n-admin', 'admin-net', 'admin')], true)),
        'GET /api/neutron/subnetpools/': () => ({ items: [] }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Networks' }, { timeout: 30_000 });
    await within(table).findByRole('link', { name: 'admin-net' }, { timeout: 10_000 });
    const search = screen.getByRole('textbox', { name: 'Search' });
    await api.user.type(search, 'Project: demo{Enter}');
    await waitFor(() => expect(names(table)).toEqual(['demo-net']), { timeout: 10_000 });
    expect(lastQuery(api.requests, '/api/neutron/networks/')).toEqual({ all_tenants: 'true', paginate: 'true', limit: expect.any(String), project: 'demo' });
    await api.user.type(search, 'External: Yes{Enter}');
    await waitFor(() => expect(lastQuery(api.requests, '/api/neutron/networks/')).toMatchObject({ project: 'demo', 'router:external': 'true' }), { timeout: 10_000 });
  });

  it('Admin › Instances sends the IPv4 Address and Host Name to Nova through the list route', async () => {
    const api = renderWithApi({
      path: '/admin/instances',
      admin: true,
      services: ['identity', 'compute', 'network'],
      routes: {
        'GET /api/nova/servers/': (request) => page(request.query.get('ip') ? [] : [{ id: 's1', name: 'web', status: 'ACTIVE', tenant_id: 'p-demo', tenant_name: 'demo', addresses: {}, flavor: { id: '1' }, image: '' }]),
        'GET /api/nova/flavors/': () => ({ items: [] }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Instances' }, { timeout: 30_000 });
    await within(table).findByRole('link', { name: 'web' }, { timeout: 10_000 });
    const search = screen.getByRole('textbox', { name: 'Search' });
    await api.user.type(search, 'IPv4 Address: 10.0.0.5{Enter}');
    await waitFor(() => expect(names(table)).toEqual([]), { timeout: 10_000 });
    await api.user.type(search, 'Host Name: compute-2{Enter}');
    await waitFor(() => expect(lastQuery(api.requests, '/api/nova/servers/')).toMatchObject({ all_tenants: 'true', paginate: 'true', ip: '10.0.0.5', host: 'compute-2' }), { timeout: 10_000 });
  });

  it("Admin › Volumes' Snapshots tab sends the Project to Cinder with every project's snapshots", async () => {
    const api = renderWithApi({
      path: '/admin/volumes?tab=snapshots_tab',
      admin: true,
      services: ['identity', 'compute', 'volumev3'],
      routes: {
        'GET /api/cinder/volumesnapshots/': (request) => page(request.query.get('project') === 'demo' ? [{ id: 'sn1', name: 'demo-snap', volume_id: 'v1', size: 1, status: 'available', tenant_name: 'demo' }] : []),
        'GET /api/cinder/volumes/': () => page([]),
      },
    });
    await screen.findByRole('table', { name: 'Volume Snapshots' }, { timeout: 30_000 });
    await api.user.type(screen.getByRole('textbox', { name: 'Search' }), 'Project: demo{Enter}');
    await waitFor(() => expect(lastQuery(api.requests, '/api/cinder/volumesnapshots/')).toMatchObject({ all_projects: 'true', project: 'demo' }), { timeout: 10_000 });
    expect(await screen.findByRole('link', { name: 'demo-snap' }, { timeout: 10_000 })).toBeTruthy();
  });

  it("the project's Networks panel still searches its loaded rows: Name goes to no request", async () => {
    const api = renderWithApi({
      path: '/project/networks',
      services: ['identity', 'compute', 'network'],
      routes: {
        'GET /api/neutron/networks/': () => ({ items: [network('n1', 'web-net', 'demo'), network('n2', 'db-net', 'demo')] }),
        'GET /api/neutron/subnetpools/': () => ({ items: [] }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Networks' }, { timeout: 30_000 });
    await within(table).findByRole('link', { name: 'web-net' }, { timeout: 10_000 });
    await api.user.type(screen.getByRole('textbox', { name: 'Search' }), 'Name: db{Enter}');
    await waitFor(() => expect(names(table)).toEqual(['db-net']), { timeout: 10_000 });
    for (const request of api.requests.filter((candidate) => candidate.path === '/api/neutron/networks/')) expect(request.query.has('name')).toBe(false);
  });
});
