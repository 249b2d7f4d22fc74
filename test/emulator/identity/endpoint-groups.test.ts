import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

/** Keystone's OS-EP-FILTER endpoint groups, with the answers of the real Zed Keystone (issue 23). */

let cloud: TestEmulator;
let admin: string;
let demo: string;

type Body = Record<string, any>;
const call = async (method: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, token: string, payload?: Body) => {
  const response = await cloud.app.inject({ method, url: `/cloud/identity/v3${url}`, headers: { 'x-auth-token': token }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: (response.body ? response.json() : {}) as Body };
};
const groups = '/OS-EP-FILTER/endpoint_groups';

beforeAll(async () => {
  cloud = await startEmulator();
  admin = await tokenFor(cloud.app, 'admin');
  demo = await tokenFor(cloud.app, 'demo');
});
afterAll(async () => {
  await cloud.close();
});

describe('endpoint groups', () => {
  it('creates, lists, shows, checks (HEAD 200), updates and deletes a group', async () => {
    const service = (await call('POST', '/services', admin, { service: { type: 'eg-type', name: 'eg' } })).body.service;
    const created = await call('POST', groups, admin, { endpoint_group: { name: 'eg-one', description: 'first', filters: { service_id: service.id } } });
    expect(created.status).toBe(201);
    const group = created.body.endpoint_group;
    expect(group).toMatchObject({ name: 'eg-one', description: 'first', filters: { service_id: service.id } });
    expect(group.links.self).toMatch(new RegExp(`/v3/OS-EP-FILTER/endpoint_groups/${group.id}$`));
    expect((await call('GET', groups, admin)).body.endpoint_groups).toContainEqual(group);
    expect((await call('GET', `${groups}?name=eg-one`, admin)).body.endpoint_groups.map((g: Body) => g.id)).toEqual([group.id]);
    expect((await call('GET', `${groups}/${group.id}`, admin)).body.endpoint_group).toEqual(group);
    expect((await call('HEAD', `${groups}/${group.id}`, admin)).status).toBe(200);
    const updated = await call('PATCH', `${groups}/${group.id}`, admin, { endpoint_group: { name: 'eg-two', filters: { interface: 'public' } } });
    expect(updated.body.endpoint_group).toMatchObject({ id: group.id, name: 'eg-two', description: 'first', filters: { interface: 'public' } });
    expect((await call('DELETE', `${groups}/${group.id}`, admin)).status).toBe(204);
    expect(await call('GET', `${groups}/${group.id}`, admin)).toEqual({ status: 404, body: { error: { code: 404, message: `Could not find Endpoint Group: ${group.id}.`, title: 'Not Found' } } });
    await call('DELETE', `/services/${service.id}`, admin);
  });

  it('a description left out is null', async () => {
    const group = (await call('POST', groups, admin, { endpoint_group: { name: 'eg-bare', filters: { interface: 'admin' } } })).body.endpoint_group;
    expect(group.description).toBeNull();
    await call('DELETE', `${groups}/${group.id}`, admin);
  });

  it('refuses a filter other than service_id, region_id, interface, a missing name or filters, an id change, and a member', async () => {
    const bogus = await call('POST', groups, admin, { endpoint_group: { name: 'x', filters: { bogus: '1' } } });
    expect(bogus.status).toBe(400);
    expect(bogus.body.error.message).toMatch(/^Expecting to find service_id or region_id or interface in endpoint_group\. /);
    expect((await call('POST', groups, admin, { endpoint_group: { name: 'x' } })).body.error.message).toContain("'filters' is a required property");
    expect((await call('POST', groups, admin, { endpoint_group: { filters: {} } })).body.error.message).toContain("'name' is a required property");
    const group = (await call('POST', groups, admin, { endpoint_group: { name: 'eg-id', filters: { interface: 'admin' } } })).body.endpoint_group;
    expect(await call('PATCH', `${groups}/${group.id}`, admin, { endpoint_group: { id: 'other' } })).toMatchObject({ status: 400, body: { error: { message: 'Cannot change ID' } } });
    expect((await call('PATCH', `${groups}/${group.id}`, admin, { endpoint_group: {} })).status).toBe(400);
    expect((await call('GET', groups, demo)).status).toBe(403);
    await call('DELETE', `${groups}/${group.id}`, admin);
  });

  it('lists the endpoints its filters select', async () => {
    const group = (await call('POST', groups, admin, { endpoint_group: { name: 'eg-admin', filters: { interface: 'admin' } } })).body.endpoint_group;
    const endpoints = (await call('GET', `${groups}/${group.id}/endpoints`, admin)).body.endpoints as Body[];
    const all = (await call('GET', '/endpoints?interface=admin', admin)).body.endpoints as Body[];
    expect(endpoints.map((e) => e.id).sort()).toEqual(all.map((e) => e.id).sort());
    expect(new Set(endpoints.map((e) => e.interface))).toEqual(new Set(['admin']));
    await call('DELETE', `${groups}/${group.id}`, admin);
  });
});

describe('endpoint group projects', () => {
  it('associates a project, shows and lists the association, and narrows the project token catalog to the selected endpoints', async () => {
    const project = (await call('POST', '/projects', admin, { project: { name: 'eg-project', domain_id: 'default' } })).body.project;
    const users = (await call('GET', '/users?name=admin', admin)).body.users as Body[];
    const adminRole = ((await call('GET', '/roles?name=admin', admin)).body.roles as Body[])[0];
    await call('PUT', `/projects/${project.id}/users/${users[0].id}/roles/${adminRole.id}`, admin);
    const compute = ((await call('GET', '/services?type=compute', admin)).body.services as Body[])[0];
    const group = (await call('POST', groups, admin, { endpoint_group: { name: 'eg-compute', filters: { service_id: compute.id, interface: 'public' } } })).body.endpoint_group;

    expect((await call('GET', `${groups}/${group.id}/projects/${project.id}`, admin)).body.error.message).toBe('Endpoint Group Project Association not found');
    expect((await call('PUT', `${groups}/${group.id}/projects/${project.id}`, admin)).status).toBe(204);
    expect((await call('GET', `${groups}/${group.id}/projects/${project.id}`, admin)).body).toEqual({
      project_endpoint_group: { endpoint_group_id: group.id, project_id: project.id, links: { self: `/OS-EP-FILTER/endpoint_groups/${group.id}/projects/${project.id}` } },
    });
    expect((await call('GET', `${groups}/${group.id}/projects`, admin)).body.projects.map((p: Body) => p.id)).toEqual([project.id]);
    expect((await call('GET', `/OS-EP-FILTER/projects/${project.id}/endpoint_groups`, admin)).body.endpoint_groups.map((g: Body) => g.id)).toEqual([group.id]);
    expect((await call('PUT', `${groups}/${group.id}/projects/nope`, admin)).body.error.message).toBe('Could not find project: nope.');

    const token = await cloud.app.inject({
      method: 'POST',
      url: '/cloud/identity/v3/auth/tokens',
      payload: { auth: { identity: { methods: ['token'], token: { id: admin } }, scope: { project: { id: project.id } } } },
    });
    const catalog = token.json().token.catalog as Body[];
    expect(catalog.map((service) => service.type)).toEqual(['compute']);
    expect(catalog[0].endpoints.map((endpoint: Body) => endpoint.interface)).toEqual(['public']);

    expect((await call('DELETE', `${groups}/${group.id}/projects/${project.id}`, admin)).status).toBe(204);
    expect((await call('DELETE', `${groups}/${group.id}/projects/${project.id}`, admin)).status).toBe(404);
    await call('PUT', `${groups}/${group.id}/projects/${project.id}`, admin);
    await call('DELETE', `/projects/${project.id}`, admin);
    expect((await call('GET', `${groups}/${group.id}/projects`, admin)).body.projects).toEqual([]);
    await call('DELETE', `${groups}/${group.id}`, admin);
  });
});
