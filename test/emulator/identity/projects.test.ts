import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_URL, startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

let cloud: TestEmulator;
let demo: string;
let admin: string;
let ids: { demoUser: string; adminUser: string; demoProject: string; adminProject: string };

const get = (url: string, token: string) => cloud.app.inject({ url: `/cloud/identity/v3${url}`, headers: { 'x-auth-token': token } });
const forbidden = (rule: string) => ({ error: { code: 403, message: `You are not authorized to perform the requested action: ${rule}.`, title: 'Forbidden' } });

beforeAll(async () => {
  cloud = await startEmulator();
  demo = await tokenFor(cloud.app, 'demo');
  admin = await tokenFor(cloud.app, 'admin');
  const demoToken = (await cloud.app.inject({ url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': demo, 'x-subject-token': demo } })).json().token;
  const adminToken = (await cloud.app.inject({ url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': admin, 'x-subject-token': admin } })).json().token;
  ids = { demoUser: demoToken.user.id, adminUser: adminToken.user.id, demoProject: demoToken.project.id, adminProject: adminToken.project.id };
});
afterAll(async () => {
  await cloud.close();
});

describe('the projects a user may scope to', () => {
  it('lists at /v3/auth/projects the projects the user holds a role on, with Keystone fields', async () => {
    const response = await get('/auth/projects', demo);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      projects: [
        {
          id: ids.demoProject,
          name: 'demo',
          domain_id: 'default',
          description: 'Demo Project',
          enabled: true,
          parent_id: 'default',
          is_domain: false,
          tags: [],
          options: {},
          links: { self: `${PUBLIC_URL}/cloud/identity/v3/projects/${ids.demoProject}` },
        },
      ],
      links: { next: null, self: `${PUBLIC_URL}/cloud/identity/v3/auth/projects`, previous: null },
    });
  });

  it('lists /v3/users/{id}/projects for the user themself and for an admin, not for another user', async () => {
    expect((await get(`/users/${ids.demoUser}/projects`, demo)).json().projects.map((p: { name: string }) => p.name)).toEqual(['demo']);
    expect((await get(`/users/${ids.demoUser}/projects`, admin)).json().projects.map((p: { name: string }) => p.name)).toEqual(['demo']);
    const other = await get(`/users/${ids.adminUser}/projects`, demo);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual(forbidden('identity:list_user_projects'));
  });

  it('lists no domains at /v3/auth/domains when the user holds no domain role', async () => {
    const response = await get('/auth/domains', demo);
    expect(response.statusCode).toBe(200);
    expect(response.json().domains).toEqual([]);
  });
});

describe('projects', () => {
  it('lists every project at /v3/projects for an admin only', async () => {
    const response = await get('/projects', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().projects.map((p: { name: string }) => p.name)).toEqual(['admin', 'demo']);
    expect((await get('/projects?name=demo', admin)).json().projects.map((p: { id: string }) => p.id)).toEqual([ids.demoProject]);
    expect((await get('/projects', demo)).json()).toEqual(forbidden('identity:list_projects'));
  });

  it('shows a project to an admin and to a member of it, not to others', async () => {
    expect((await get(`/projects/${ids.demoProject}`, demo)).json().project.name).toBe('demo');
    expect((await get(`/projects/${ids.demoProject}`, admin)).json().project.name).toBe('demo');
    const other = await get(`/projects/${ids.adminProject}`, demo);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual(forbidden('identity:get_project'));
  });

  it('answers 404 with Keystone body for an unknown project', async () => {
    const response = await get('/projects/0123456789abcdef0123456789abcdef', admin);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 404, message: 'Could not find project: 0123456789abcdef0123456789abcdef.', title: 'Not Found' } });
  });

  it('lists the roles granted on a project to a user (admin only), without implied roles', async () => {
    const response = await get(`/projects/${ids.demoProject}/users/${ids.demoUser}/roles`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().roles.map((role: { name: string }) => role.name)).toEqual(['member']);
    expect((await get(`/projects/${ids.adminProject}/users/${ids.adminUser}/roles`, admin)).json().roles.map((r: { name: string }) => r.name)).toEqual(['admin']);
    expect((await get(`/projects/${ids.demoProject}/users/${ids.demoUser}/roles`, demo)).statusCode).toBe(403);
  });
});

describe('users, domains and roles', () => {
  it('shows a user to themself and to an admin, not to another user', async () => {
    const own = await get(`/users/${ids.demoUser}`, demo);
    expect(own.statusCode).toBe(200);
    expect(own.json().user).toEqual({
      id: ids.demoUser,
      name: 'demo',
      domain_id: 'default',
      enabled: true,
      default_project_id: ids.demoProject,
      password_expires_at: null,
      options: {},
      links: { self: `${PUBLIC_URL}/cloud/identity/v3/users/${ids.demoUser}` },
    });
    expect(own.json().user).not.toHaveProperty('password');
    expect((await get(`/users/${ids.demoUser}`, admin)).statusCode).toBe(200);
    expect((await get(`/users/${ids.adminUser}`, demo)).json()).toEqual(forbidden('identity:get_user'));
  });

  it('finds users by name for an admin (what `openstack … --user demo` does)', async () => {
    expect((await get('/users?name=demo', admin)).json().users.map((u: { id: string }) => u.id)).toEqual([ids.demoUser]);
    expect((await get('/users', demo)).statusCode).toBe(403);
  });

  it('shows the Default domain, whose id is the literal "default", to its users', async () => {
    const response = await get('/domains/default', demo);
    expect(response.statusCode).toBe(200);
    expect(response.json().domain).toMatchObject({ id: 'default', name: 'Default', enabled: true });
    expect((await get('/domains/nope', admin)).statusCode).toBe(404);
    expect((await get('/domains', demo)).statusCode).toBe(403);
    expect((await get('/domains', admin)).json().domains.map((d: { id: string }) => d.id)).toEqual(['default']);
  });

  it('lists the roles admin, member and reader to an admin only', async () => {
    const response = await get('/roles', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().roles.map((role: { name: string }) => role.name)).toEqual(['admin', 'member', 'reader']);
    for (const role of response.json().roles) expect(role.id).toMatch(/^[0-9a-f]{32}$/);
    expect((await get('/roles', demo)).json()).toEqual(forbidden('identity:list_roles'));
  });

  it('answers 401 to every identity API call without a token', async () => {
    for (const url of ['/auth/projects', '/projects', `/users/${ids.demoUser}`, '/domains/default', '/roles']) {
      const response = await cloud.app.inject({ url: `/cloud/identity/v3${url}` });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('projects acting as domains (is_domain)', () => {
  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    cloud.app.inject({ method, url: `/cloud/identity/v3${url}`, headers: { 'x-auth-token': admin }, ...(payload ? { payload } : {}) });

  it('creates a domain, seen by the projects API (is_domain=true) and the domains API, disabled then deleted through the projects API', async () => {
    const created = await send('POST', '/projects', { project: { name: 'acting-domain', description: 'dd', domain_id: null, is_domain: true } });
    expect(created.statusCode).toBe(201);
    const project = created.json().project;
    expect(project).toEqual({
      id: project.id,
      name: 'acting-domain',
      domain_id: null,
      description: 'dd',
      enabled: true,
      parent_id: null,
      is_domain: true,
      tags: [],
      options: {},
      links: { self: `${PUBLIC_URL}/cloud/identity/v3/projects/${project.id}` },
    });
    expect((await get(`/projects/${project.id}`, admin)).json().project).toEqual(project);
    const asDomains = (await get('/projects?is_domain=true', admin)).json().projects as { id: string }[];
    expect(asDomains.map((p) => p.id)).toEqual(expect.arrayContaining([project.id, 'default']));
    expect(((await get('/projects', admin)).json().projects as { id: string }[]).map((p) => p.id)).not.toContain(project.id);
    expect((await get(`/domains/${project.id}`, admin)).json().domain).toMatchObject({ id: project.id, name: 'acting-domain', description: 'dd', enabled: true });

    expect((await send('DELETE', `/projects/${project.id}`)).json().error.message).toBe('Cannot delete a domain that is enabled, please disable it first.');
    expect((await send('PATCH', `/projects/${project.id}`, { project: { enabled: false } })).json().project).toMatchObject({ id: project.id, enabled: false, is_domain: true });
    expect((await get(`/domains/${project.id}`, admin)).json().domain.enabled).toBe(false);
    expect((await send('DELETE', `/projects/${project.id}`)).statusCode).toBe(204);
    expect((await get(`/domains/${project.id}`, admin)).statusCode).toBe(404);
  });

  it('refuses a project acting as a domain with a domain or parent (400), or named as an existing domain (409)', async () => {
    const nested = await send('POST', '/projects', { project: { name: 'nested-domain', domain_id: 'default', is_domain: true } });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error.message).toBe('only root projects are allowed to act as domains.');
    const clash = await send('POST', '/projects', { project: { name: 'Default', is_domain: true } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe('Conflict occurred attempting to store project - it is not permitted to have two projects acting as domains with the same name: Default.');
  });

  it('is refused to a member (403)', async () => {
    const refused = await cloud.app.inject({ method: 'POST', url: '/cloud/identity/v3/projects', headers: { 'x-auth-token': demo }, payload: { project: { name: 'member-domain', is_domain: true } } });
    expect(refused.statusCode).toBe(403);
  });
});
