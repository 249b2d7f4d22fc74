import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client.js';
import { startTestCloud, type TestCloud, uniqueName } from '../support/cloud.js';
import { waitUntil } from '../support/wait.js';

let cloud: TestCloud;
let admin: ApiClient;
let demo: ApiClient;
let adminSession: { id: string; project_id: string };
/** What a test created, deleted in reverse order at the end (also on a real cloud). */
const cleanup: string[] = [];

beforeAll(async () => {
  cloud = await startTestCloud();
  admin = await ApiClient.loggedIn(cloud, 'admin');
  demo = await ApiClient.loggedIn(cloud, 'demo');
  adminSession = (await admin.get('/api/keystone/user-session/')).body;
});
afterAll(async () => {
  for (const path of cleanup.reverse()) await admin.delete(path);
  await cloud.close();
});

async function loginAs(username: string, password: string, domain = 'Default') {
  const client = new ApiClient(cloud);
  const response = await client.request('POST', '/api/auth/login/', { auth_type: 'credentials', username, password, domain, region: 'RegionOne' }, { csrf: false });
  return { client, response };
}

const HEX = /^[0-9a-f]{32}$/;

/**
 * A real Keystone records a password change or a disable as a revocation
 * event with whole-second times, and revokes every token of that user issued
 * in the same second, the next login's included: there the new password
 * works from the next second on. The emulator lets it in at once.
 */
function loginOnceAccepted(username: string, password: string) {
  return waitUntil(() => loginAs(username, password), ({ response }) => response.status === 200 || !cloud.isRealCloud, { what: `${username} logging in` });
}

describe('identity administration through /api/keystone/', () => {
  it("revokes a project member's role (Edit Project's members step), leaving the other roles", async () => {
    const project = await admin.post('/api/keystone/projects/', { name: uniqueName('api-members') });
    cleanup.push(`/api/keystone/projects/${project.body.id}`);
    const kept = await admin.post('/api/keystone/roles/', { name: uniqueName('api-kept') });
    cleanup.push(`/api/keystone/roles/${kept.body.id}`);
    const dropped = await admin.post('/api/keystone/roles/', { name: uniqueName('api-dropped') });
    cleanup.push(`/api/keystone/roles/${dropped.body.id}`);
    const user = await admin.post('/api/keystone/users/', { name: uniqueName('api-member'), password: 'member-pass-1' });
    cleanup.push(`/api/keystone/users/${user.body.id}`);
    const grant = (role: string) => `/api/keystone/projects/${project.body.id}/${role}/${user.body.id}`;
    for (const role of [kept.body.id, dropped.body.id]) expect((await admin.request('PUT', grant(role))).status).toBe(204);

    expect((await admin.request('DELETE', grant(dropped.body.id))).status).toBe(204);
    const roles = (await admin.get(`/api/keystone/roles/?project_id=${project.body.id}&user_id=${user.body.id}`)).body.items;
    expect(roles.map((item: { id: string }) => item.id)).toEqual([kept.body.id]);
    // Revoking a role the user does not hold is Keystone's 404, passed through; an id that is not hex matches no route (api-contract §1).
    expect((await admin.request('DELETE', grant(dropped.body.id))).status).toBe(404);
    expect((await admin.request('DELETE', `/api/keystone/projects/${project.body.id}/not-hex/${user.body.id}`)).status).toBe(404);
  });

  it('creates a domain, a project in it, a group, a role and a user with that project and role; the user logs in to that project', async () => {
    const domain = await admin.post('/api/keystone/domains/', { name: uniqueName('api-domain'), description: 'made by the api test' });
    expect(domain.status).toBe(201);
    expect(domain.body).toMatchObject({ enabled: true, description: 'made by the api test' });
    expect(domain.body.id).toMatch(HEX);
    expect(domain.headers.get('location')).toBe(`/api/keystone/domains/${domain.body.id}`);
    cleanup.push(`/api/keystone/domains/${domain.body.id}`);

    const project = await admin.post('/api/keystone/projects/', { name: uniqueName('api-project'), domain_id: domain.body.id, description: 'p' });
    expect(project.status).toBe(201);
    expect(project.body).toMatchObject({ domain_id: domain.body.id, enabled: true, description: 'p' });
    cleanup.push(`/api/keystone/projects/${project.body.id}`);

    const group = await admin.post('/api/keystone/groups/', { name: uniqueName('api-group'), description: 'g' });
    expect(group.status).toBe(201);
    expect(group.body).toMatchObject({ domain_id: 'default', description: 'g' });
    cleanup.push(`/api/keystone/groups/${group.body.id}`);

    const role = await admin.post('/api/keystone/roles/', { name: uniqueName('api-role') });
    expect(role.status).toBe(201);
    cleanup.push(`/api/keystone/roles/${role.body.id}`);

    const name = uniqueName('api-user');
    const user = await admin.post('/api/keystone/users/', { name, email: 'u@example.com', password: 'first-pass-1', project: project.body.id, enabled: true, description: 'd' });
    expect(user.status).toBe(201);
    expect(user.body).toMatchObject({ name, email: 'u@example.com', default_project_id: project.body.id, domain_id: 'default', enabled: true });
    cleanup.push(`/api/keystone/users/${user.body.id}`);
    expect((await admin.request('PUT', `/api/keystone/projects/${project.body.id}/${role.body.id}/${user.body.id}`)).status).toBe(204);

    const roles = (await admin.get(`/api/keystone/roles/?project_id=${project.body.id}&user_id=${user.body.id}`)).body.items;
    expect(roles.map((item: { name: string }) => item.name)).toEqual([role.body.name]);

    const login = await loginAs(name, 'first-pass-1');
    expect(login.response.status).toBe(200);
    expect(login.response.body).toMatchObject({ username: name, project_id: project.body.id });
    const own = await login.client.get(`/api/keystone/projects/?user_id=${user.body.id}`);
    expect(own.body.items.map((item: { id: string }) => item.id)).toEqual([project.body.id]);

    // Disabled: login refused with Keystone's reason; enabled again and a new password.
    expect((await admin.request('PATCH', `/api/keystone/users/${user.body.id}`, { enabled: false })).status).toBe(204);
    const refused = await loginAs(name, 'first-pass-1');
    expect(refused.response.status).toBe(401);
    // The emulator gives Keystone's reason as with insecure_debug; a production Keystone hides it.
    expect(refused.response.body).toBe(cloud.isRealCloud ? 'Invalid credentials.' : `The account is disabled for user: ${user.body.id}.`);
    expect((await admin.request('PATCH', `/api/keystone/users/${user.body.id}`, { enabled: true })).status).toBe(204);
    expect((await admin.request('PATCH', `/api/keystone/users/${user.body.id}`, { password: 'second-pass-2' })).status).toBe(204);
    expect((await loginOnceAccepted(name, 'second-pass-2')).response.status).toBe(200);
    expect((await loginAs(name, 'first-pass-1')).response.status).toBe(401);

    // Field edits, then everything deleted in reverse order, the domain although it is enabled.
    expect((await admin.request('PATCH', `/api/keystone/users/${user.body.id}`, { email: 'new@example.com', description: 'changed' })).status).toBe(204);
    expect((await admin.get(`/api/keystone/users/${user.body.id}`)).body).toMatchObject({ email: 'new@example.com', description: 'changed' });
    expect((await admin.delete('/api/keystone/users/', [user.body.id])).status).toBe(204);
    expect((await admin.delete('/api/keystone/roles/', [role.body.id])).status).toBe(204);
    expect((await admin.delete('/api/keystone/groups/', [group.body.id])).status).toBe(204);
    expect((await admin.delete('/api/keystone/projects/', [project.body.id])).status).toBe(204);
    expect((await admin.delete('/api/keystone/domains/', [domain.body.id])).status).toBe(204);
    expect((await admin.get(`/api/keystone/domains/${domain.body.id}`)).status).toBe(404);
    cleanup.length = 0;
  });

  it('a partial update changes only what it sends: a renamed group keeps its description, a project given only enabled keeps its name', async () => {
    const group = await admin.post('/api/keystone/groups/', { name: uniqueName('api-group'), description: 'kept' });
    cleanup.push(`/api/keystone/groups/${group.body.id}`);
    const renamed = uniqueName('api-group-renamed');
    expect((await admin.request('PATCH', `/api/keystone/groups/${group.body.id}`, { name: renamed })).status).toBe(204);
    expect((await admin.get(`/api/keystone/groups/${group.body.id}`)).body).toMatchObject({ name: renamed, description: 'kept' });

    const name = uniqueName('api-project');
    const project = await admin.post('/api/keystone/projects/', { name, description: 'kept' });
    cleanup.push(`/api/keystone/projects/${project.body.id}`);
    expect((await admin.request('PATCH', `/api/keystone/projects/${project.body.id}`, { enabled: false })).status).toBe(204);
    expect((await admin.get(`/api/keystone/projects/${project.body.id}`)).body).toMatchObject({ name, description: 'kept', enabled: false });
  });

  it('refuses a project body with a field it does not know, naming it, and writes nothing to Keystone', async () => {
    const name = uniqueName('api-project');
    const project = await admin.post('/api/keystone/projects/', { name });
    cleanup.push(`/api/keystone/projects/${project.body.id}`);
    const patched = await admin.request('PATCH', `/api/keystone/projects/${project.body.id}`, { description: 'changed', ram: 1e20 });
    expect(patched.status).toBe(400);
    expect(JSON.stringify(patched.body)).toContain('ram');
    const created = await admin.post('/api/keystone/projects/', { name: uniqueName('api-project'), vcpus: -1 });
    expect(created.status).toBe(400);
    expect(JSON.stringify(created.body)).toContain('vcpus');
    const stored = (await admin.get(`/api/keystone/projects/${project.body.id}`)).body;
    expect(stored).toMatchObject({ name, description: '' });
    expect(stored).not.toHaveProperty('ram');
  });

  it('lists users of the domain with server filters, and one by id', async () => {
    const all = (await admin.get('/api/keystone/users/')).body.items.map((user: { name: string }) => user.name);
    expect(all).toEqual(expect.arrayContaining(['admin', 'demo']));
    const demoOnly = (await admin.get('/api/keystone/users/?name=demo')).body.items;
    expect(demoOnly.map((user: { name: string }) => user.name)).toEqual(['demo']);
    expect((await admin.get(`/api/keystone/users/?id=${demoOnly[0].id}`)).body.items).toHaveLength(1);
    expect((await admin.get('/api/keystone/users/current')).body.id).toBe(adminSession.id);
  });

  it('answers the routes the contract names: default_domain/, roles/default, 404 text for DELETE of the literals', async () => {
    expect((await admin.get('/api/keystone/default_domain/')).body).toEqual({ id: 'default', name: 'Default' });
    expect((await admin.get('/api/keystone/domains/default')).body).toEqual({ id: 'default', name: 'Default' });
    expect((await admin.get('/api/keystone/roles/default')).body.name).toBe('member');
    for (const path of ['users/current', 'roles/default', 'domains/default']) {
      const response = await admin.delete(`/api/keystone/${path}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    }
    expect((await admin.delete('/api/keystone/users/current')).body).toBe('current');
    expect((await admin.get('/api/keystone/users/not-hex')).status).toBe(404);
  });

  it('answers a project without a name with 400 "name" is required, and a duplicate with 409', async () => {
    const missing = await admin.post('/api/keystone/projects/', { description: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body).toBe('"name" is required');
    const duplicate = await admin.post('/api/keystone/projects/', { name: 'demo' });
    expect(duplicate.status).toBe(409);
  });

  it('skips the caller in a bulk user delete', async () => {
    expect((await admin.delete('/api/keystone/users/', [adminSession.id])).status).toBe(204);
    expect((await admin.get(`/api/keystone/users/${adminSession.id}`)).status).toBe(200);
  });
});

describe('the projects of /api/keystone/projects/', () => {
  it("lists every project to an admin, but only the caller's own with user_id = the caller", async () => {
    const all = (await admin.get('/api/keystone/projects/')).body;
    expect(all.has_more).toBe(false);
    expect(all.items.map((project: { name: string }) => project.name)).toEqual(expect.arrayContaining(['admin', 'demo']));
    const demoSession = (await demo.get('/api/keystone/user-session/')).body;
    const own = (await demo.get(`/api/keystone/projects/?user_id=${demoSession.id}`)).body.items;
    expect(own.map((project: { name: string }) => project.name)).toEqual(['demo']);
    const demosFromAdmin = (await admin.get(`/api/keystone/projects/?user_id=${demoSession.id}`)).body.items;
    expect(demosFromAdmin.map((project: { name: string }) => project.name)).toEqual(['demo']);
    expect((await admin.get('/api/keystone/projects/?name=demo')).body.items).toHaveLength(1);
    expect((await admin.get('/api/keystone/projects/?id=ffffffffffffffffffffffffffffffff')).body.items).toEqual([]);
  });

  it('refuses the list of all projects to a member with 403', async () => {
    expect((await demo.get('/api/keystone/projects/')).status).toBe(403);
  });
});

describe('identity policy for a member', () => {
  it('refuses every administration call by demo with 403 and changes nothing', async () => {
    const refusedUser = uniqueName('x');
    const demoProject = (await demo.get('/api/keystone/user-session/')).body.project_id;
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/keystone/domains/', { name: uniqueName('x') }],
      ['POST', '/api/keystone/projects/', { name: uniqueName('x') }],
      ['POST', '/api/keystone/users/', { name: refusedUser, password: 'x' }],
      ['POST', '/api/keystone/groups/', { name: uniqueName('x') }],
      ['POST', '/api/keystone/roles/', { name: uniqueName('x') }],
      ['PATCH', `/api/keystone/users/${adminSession.id}`, { enabled: false }],
      ['DELETE', '/api/keystone/users/', [adminSession.id]],
      ['DELETE', `/api/keystone/projects/${demoProject}`],
      ['DELETE', '/api/keystone/domains/', ['default']],
      ['PUT', `/api/keystone/projects/${adminSession.project_id}/${'f'.repeat(32)}/${adminSession.id}`],
      ['DELETE', `/api/keystone/projects/${adminSession.project_id}/${'f'.repeat(32)}/${adminSession.id}`],
      ['GET', '/api/keystone/users/'],
      ['GET', '/api/keystone/domains/'],
      ['GET', '/api/keystone/groups/'],
      ['GET', '/api/keystone/roles/'],
    ];
    for (const [method, path, body] of calls) {
      const response = await demo.request(method, path, body);
      expect([method, path, response.status]).toEqual([method, path, 403]);
    }
    // Other files add users to the shared cloud meanwhile: what must not exist is the one demo tried to make.
    expect((await admin.get(`/api/keystone/users/?name=${refusedUser}`)).body.items).toEqual([]);
    expect((await admin.get(`/api/keystone/users/${adminSession.id}`)).body.enabled).toBe(true);
    expect((await loginAs('admin', cloud.passwords.admin)).response.status).toBe(200);
  });
});
