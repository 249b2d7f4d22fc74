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
