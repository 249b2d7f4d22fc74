import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken, passwordAuthBody, PASSWORDS, startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

/**
 * System-scoped tokens (`"scope": {"system": {"all": true}}`) and OS-EP-FILTER
 * project-endpoint associations, as the real Zed Keystone answers them.
 */

let cloud: TestEmulator;
let admin: string;
let demo: string;

type Body = Record<string, any>;
const call = async (method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, payload?: Body) => {
  const response = await cloud.app.inject({ method, url: `/cloud/identity/v3${url}`, headers: { 'x-auth-token': token }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: (response.body ? response.json() : {}) as Body };
};
const SYSTEM = { system: { all: true } };

beforeAll(async () => {
  cloud = await startEmulator();
  admin = await tokenFor(cloud.app, 'admin');
  demo = await tokenFor(cloud.app, 'demo');
});
afterAll(async () => {
  await cloud.close();
});

describe('system-scoped tokens', () => {
  it("gives the seeded admin a system-scoped token with its system roles, the catalog and no project, as keystone-manage bootstrap's admin", async () => {
    const response = await issueToken(cloud.app, passwordAuthBody('admin', PASSWORDS.admin, SYSTEM));
    expect(response.statusCode).toBe(201);
    const token = response.json().token as Body;
    expect(token.system).toEqual({ all: true });
    expect(token).not.toHaveProperty('project');
    expect(token).not.toHaveProperty('domain');
    expect(token.roles.map((role: Body) => role.name)).toEqual(['admin', 'member', 'reader']);
    expect(token.catalog.map((service: Body) => service.type)).toContain('identity');

    // Validated, it says the same; and it is a cloud admin's token.
    const system = response.headers['x-subject-token'] as string;
    const shown = await cloud.app.inject({ method: 'GET', url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': system, 'x-subject-token': system } });
    expect(shown.json().token).toMatchObject({ system: { all: true }, roles: expect.any(Array) });
    expect((await call('GET', '/users', system)).status).toBe(200);
    expect((await call('GET', '/auth/system', system)).body.system).toEqual([{ all: true }]);
  });

  it('refuses a system scope to a user without a role on the system (401), and lists no system for it', async () => {
    const response = await issueToken(cloud.app, passwordAuthBody('demo', PASSWORDS.demo, SYSTEM));
    expect(response.statusCode).toBe(401);
    expect((await call('GET', '/auth/system', demo)).body).toEqual({ system: [], links: { self: expect.stringMatching(/\/v3\/auth\/system$/) } });
  });

  it("issues one through a group's system grant, and the token stops validating when the grant is revoked", async () => {
    const user = (await call('POST', '/users', admin, { user: { name: 'sys-scope-user', domain_id: 'default', password: 'sys-scope-pass' } })).body.user;
    const group = (await call('POST', '/groups', admin, { group: { name: 'sys-scope-group', domain_id: 'default' } })).body.group;
    const reader = ((await call('GET', '/roles?name=reader', admin)).body.roles as Body[])[0];
    await call('PUT', `/groups/${group.id}/users/${user.id}`, admin);
    await call('PUT', `/system/groups/${group.id}/roles/${reader.id}`, admin);

    const response = await issueToken(cloud.app, passwordAuthBody('sys-scope-user', 'sys-scope-pass', SYSTEM));
    expect(response.statusCode).toBe(201);
    expect(response.json().token.roles.map((role: Body) => role.name)).toEqual(['reader']);
    const token = response.headers['x-subject-token'] as string;
    // A reader on the system is no admin.
    expect((await call('GET', '/users', token)).status).toBe(403);

    await call('DELETE', `/system/groups/${group.id}/roles/${reader.id}`, admin);
    const check = await cloud.app.inject({ method: 'GET', url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': admin, 'x-subject-token': token } });
    expect(check.statusCode).toBe(404);
    await call('DELETE', `/users/${user.id}`, admin);
    await call('DELETE', `/groups/${group.id}`, admin);
  });

  it('refuses a scope naming both system and project: 400 naming the scope', async () => {
    const response = await issueToken(cloud.app, passwordAuthBody('admin', PASSWORDS.admin, { ...SYSTEM, project: { name: 'admin', domain: { name: 'Default' } } }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('scope');
  });
});

describe('project-endpoint associations (OS-EP-FILTER)', () => {
  it('associates, checks (204, HEAD too), lists both ways and removes an endpoint of a project, and narrows its token catalog to it', async () => {
    const project = (await call('POST', '/projects', admin, { project: { name: 'ep-filter-project', domain_id: 'default' } })).body.project;
    const adminUser = ((await call('GET', '/users?name=admin', admin)).body.users as Body[])[0];
    const adminRole = ((await call('GET', '/roles?name=admin', admin)).body.roles as Body[])[0];
    await call('PUT', `/projects/${project.id}/users/${adminUser.id}/roles/${adminRole.id}`, admin);
    const compute = ((await call('GET', '/services?type=compute', admin)).body.services as Body[])[0];
    const endpoint = ((await call('GET', `/endpoints?service_id=${compute.id}&interface=public`, admin)).body.endpoints as Body[])[0];
    const path = `/OS-EP-FILTER/projects/${project.id}/endpoints/${endpoint.id}`;

    expect(await call('GET', path, admin)).toEqual({ status: 404, body: { error: { code: 404, title: 'Not Found', message: `Endpoint ${endpoint.id} not found in project ${project.id}` } } });
    expect((await call('PUT', path, admin)).status).toBe(204);
    expect((await call('PUT', path, admin)).body.error.message).toBe('Conflict occurred attempting to store project_endpoint - Duplicate entry.');
    expect((await call('GET', path, admin)).status).toBe(204);
    expect((await call('HEAD', path, admin)).status).toBe(204);
    expect((await call('GET', `/OS-EP-FILTER/projects/${project.id}/endpoints`, admin)).body.endpoints.map((e: Body) => e.id)).toEqual([endpoint.id]);
    expect((await call('GET', `/OS-EP-FILTER/endpoints/${endpoint.id}/projects`, admin)).body.projects.map((p: Body) => p.id)).toEqual([project.id]);

    const scoped = await cloud.app.inject({
      method: 'POST',
      url: '/cloud/identity/v3/auth/tokens',
      payload: { auth: { identity: { methods: ['token'], token: { id: admin } }, scope: { project: { id: project.id } } } },
    });
    const catalog = scoped.json().token.catalog as Body[];
    expect(catalog.map((service) => service.type)).toEqual(['compute']);
    expect(catalog[0].endpoints.map((e: Body) => e.id)).toEqual([endpoint.id]);

    expect((await call('DELETE', path, admin)).status).toBe(204);
    expect((await call('DELETE', path, admin)).body.error.message).toBe(`Endpoint ${endpoint.id} not found in project ${project.id}`);
    // Without a filter the project sees the whole catalog again.
    const unfiltered = await cloud.app.inject({
      method: 'POST',
      url: '/cloud/identity/v3/auth/tokens',
      payload: { auth: { identity: { methods: ['token'], token: { id: admin } }, scope: { project: { id: project.id } } } },
    });
    expect((unfiltered.json().token.catalog as Body[]).length).toBeGreaterThan(1);

    // An association goes with its project.
    await call('PUT', path, admin);
    await call('DELETE', `/projects/${project.id}`, admin);
    expect((await call('GET', `/OS-EP-FILTER/endpoints/${endpoint.id}/projects`, admin)).body.projects).toEqual([]);
  });

  it('names the missing endpoint or project (404), and refuses a non-admin (403)', async () => {
    const projectId = ((await call('GET', '/projects?name=demo', admin)).body.projects as Body[])[0].id;
    const endpointId = ((await call('GET', '/endpoints', admin)).body.endpoints as Body[])[0].id;
    expect((await call('PUT', `/OS-EP-FILTER/projects/${projectId}/endpoints/nope`, admin)).body.error.message).toBe('Could not find endpoint: nope.');
    expect((await call('PUT', `/OS-EP-FILTER/projects/nope/endpoints/${endpointId}`, admin)).body.error.message).toBe('Could not find project: nope.');
    expect((await call('GET', '/OS-EP-FILTER/projects/nope/endpoints', admin)).body.error.message).toBe('Could not find project: nope.');
    expect((await call('GET', '/OS-EP-FILTER/endpoints/nope/projects', admin)).body.error.message).toBe('Could not find endpoint: nope.');
    expect((await call('PUT', `/OS-EP-FILTER/projects/${projectId}/endpoints/${endpointId}`, demo)).status).toBe(403);
  });
});
