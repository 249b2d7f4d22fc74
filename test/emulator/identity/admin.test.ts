import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken, makeDataDir, passwordAuthBody, removeDataDir, startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

let cloud: TestEmulator;
let admin: string;
let demo: string;

type Body = Record<string, unknown>;
const call = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, token: string, payload?: Body) => {
  const response = await cloud.app.inject({ method, url: `/cloud/identity/v3${url}`, headers: { 'x-auth-token': token }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.body ? (response.json() as Body & Record<string, Body & { id: string }>) : {} };
};
const forbidden = (rule: string) => ({ error: { code: 403, message: `You are not authorized to perform the requested action: ${rule}.`, title: 'Forbidden' } });
const HEX32 = /^[0-9a-f]{32}$/;

beforeAll(async () => {
  cloud = await startEmulator();
  admin = await tokenFor(cloud.app, 'admin');
  demo = await tokenFor(cloud.app, 'demo');
});
afterAll(async () => {
  await cloud.close();
});

describe('identity administration by the cloud admin', () => {
  it('creates a domain, a project in it, a user with that project and a role; the user logs in there and is refused once disabled', async () => {
    const domain = (await call('POST', '/domains', admin, { domain: { name: 'acme', description: 'Acme Corp' } })).body.domain;
    expect(domain).toMatchObject({ name: 'acme', description: 'Acme Corp', enabled: true, tags: [] });
    expect(domain.id).toMatch(HEX32);
    const project = await call('POST', '/projects', admin, { project: { name: 'web', domain_id: domain.id, tags: ['prod'] } });
    expect(project.status).toBe(201);
    expect(project.body.project).toMatchObject({ name: 'web', domain_id: domain.id, parent_id: domain.id, is_domain: false, tags: ['prod'], enabled: true });
    const role = (await call('POST', '/roles', admin, { role: { name: 'operator' } })).body.role;
    expect(role).toMatchObject({ name: 'operator', domain_id: null });
    const user = await call('POST', '/users', admin, {
      user: { name: 'alice', domain_id: domain.id, email: 'alice@example.com', password: 's3cret', default_project_id: project.body.project.id, description: 'Ops' },
    });
    expect(user.status).toBe(201);
    expect(user.body.user).toMatchObject({ name: 'alice', email: 'alice@example.com', description: 'Ops', enabled: true, password_expires_at: null, domain_id: domain.id });
    expect(user.body.user.id).toMatch(HEX32);
    const grant = await call('PUT', `/projects/${project.body.project.id}/users/${user.body.user.id}/roles/${role.id}`, admin);
    expect(grant.status).toBe(204);

    const scope = { project: { id: project.body.project.id } };
    const login = await issueToken(cloud.app, { auth: { identity: { methods: ['password'], password: { user: { id: user.body.user.id, password: 's3cret' } } }, scope } });
    expect(login.statusCode).toBe(201);
    expect(login.json().token.project.name).toBe('web');

    expect((await call('PATCH', `/users/${user.body.user.id}`, admin, { user: { enabled: false } })).body.user.enabled).toBe(false);
    const refused = await issueToken(cloud.app, { auth: { identity: { methods: ['password'], password: { user: { id: user.body.user.id, password: 's3cret' } } }, scope } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.message).toBe(`The account is disabled for user: ${user.body.user.id}.`);

    await call('PATCH', `/users/${user.body.user.id}`, admin, { user: { enabled: true, password: 'n3w-secret' } });
    const again = await issueToken(cloud.app, { auth: { identity: { methods: ['password'], password: { user: { id: user.body.user.id, password: 'n3w-secret' } } }, scope } });
    expect(again.statusCode).toBe(201);
  });

  it('refuses to delete an enabled domain with 403 and Keystone\'s message, and deletes it with all it holds once disabled', async () => {
    const domain = (await call('POST', '/domains', admin, { domain: { name: 'doomed' } })).body.domain;
    const project = (await call('POST', '/projects', admin, { project: { name: 'p', domain_id: domain.id } })).body.project;
    const user = (await call('POST', '/users', admin, { user: { name: 'u', domain_id: domain.id } })).body.user;
    const refused = await call('DELETE', `/domains/${domain.id}`, admin);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 403, message: 'Cannot delete a domain that is enabled, please disable it first.', title: 'Forbidden' } });
    await call('PATCH', `/domains/${domain.id}`, admin, { domain: { enabled: false } });
    expect((await call('DELETE', `/domains/${domain.id}`, admin)).status).toBe(204);
    expect((await call('GET', `/projects/${project.id}`, admin)).status).toBe(404);
    expect((await call('GET', `/users/${user.id}`, admin)).status).toBe(404);
  });

  it('keeps user names unique per domain, with Keystone\'s 409', async () => {
    const response = await call('POST', '/users', admin, { user: { name: 'demo' } });
    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe('Conflict occurred attempting to store user - Duplicate entry found with name demo at domain ID default.');
    expect((await call('POST', '/roles', admin, { role: { name: 'member' } })).body.error.message).toBe(
      'Conflict occurred attempting to store role - Duplicate entry found with name member.',
    );
  });

  it('answers a body without the name with 400 naming the field', async () => {
    const response = await call('POST', '/domains', admin, {});
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe("'name' is a required property");
    expect((await call('PATCH', '/users/nope', admin, { user: { enabled: 'x' } })).status).toBe(404);
  });

  it('grants roles to groups: members get them in their token, and role_assignments lists them effective and with names', async () => {
    const group = (await call('POST', '/groups', admin, { group: { name: 'ops', description: 'Operators' } })).body.group;
    expect(group).toMatchObject({ name: 'ops', domain_id: 'default', description: 'Operators' });
    const user = (await call('POST', '/users', admin, { user: { name: 'bob', password: 'bob-pass' } })).body.user;
    const project = (await call('POST', '/projects', admin, { project: { name: 'ops-project' } })).body.project;
    const reader = ((await call('GET', '/roles?name=member', admin)).body.roles as unknown as { id: string }[])[0];
    expect((await call('PUT', `/groups/${group.id}/users/${user.id}`, admin)).status).toBe(204);
    expect((await call('PUT', `/projects/${project.id}/groups/${group.id}/roles/${reader.id}`, admin)).status).toBe(204);

    const direct = (await call('GET', `/role_assignments?scope.project.id=${project.id}`, admin)).body.role_assignments as unknown as Body[];
    expect(direct).toEqual([
      expect.objectContaining({ group: { id: group.id }, role: { id: reader.id }, scope: { project: { id: project.id } } }),
    ]);
    const effective = (await call('GET', `/role_assignments?scope.project.id=${project.id}&effective&include_names`, admin)).body.role_assignments as unknown as Body[];
    expect(effective.map((row) => [(row.user as Body).name, (row.role as Body).name])).toEqual([
      ['bob', 'member'],
      ['bob', 'reader'],
    ]);
    expect(effective[0]).toMatchObject({ scope: { project: { id: project.id, name: 'ops-project', domain: { id: 'default', name: 'Default' } } } });

    const login = await issueToken(cloud.app, passwordAuthBody('bob', 'bob-pass', { project: { id: project.id } }));
    expect(login.statusCode).toBe(201);
    expect(login.json().token.roles.map((role: { name: string }) => role.name).sort()).toEqual(['member', 'reader']);
  });
});

describe('identity policy for members', () => {
  it('refuses every administration call to demo with 403 and changes nothing', async () => {
    const before = (await call('GET', '/users', admin)).body.users;
    const cases: [Parameters<typeof call>[0], string, string, Body?][] = [
      ['POST', '/domains', 'identity:create_domain', { domain: { name: 'x' } }],
      ['POST', '/projects', 'identity:create_project', { project: { name: 'x' } }],
      ['POST', '/users', 'identity:create_user', { user: { name: 'x' } }],
      ['POST', '/groups', 'identity:create_group', { group: { name: 'x' } }],
      ['POST', '/roles', 'identity:create_role', { role: { name: 'x' } }],
      ['GET', '/users', 'identity:list_users'],
      ['GET', '/domains', 'identity:list_domains'],
      ['GET', '/groups', 'identity:list_groups'],
      ['GET', '/role_assignments', 'identity:list_role_assignments'],
    ];
    for (const [method, url, rule, payload] of cases) {
      const response = await call(method, url, demo, payload);
      expect([url, response.status, response.body]).toEqual([url, 403, forbidden(rule)]);
    }
    expect((await call('GET', '/users', admin)).body.users).toEqual(before);
  });

  it('lets demo read itself and its project, not another user', async () => {
    const self = (await call('GET', '/auth/projects', demo)).body.projects as unknown as { id: string }[];
    expect((await call('GET', `/projects/${self[0].id}`, demo)).status).toBe(200);
    const users = (await call('GET', '/users?name=admin', admin)).body.users as unknown as { id: string }[];
    expect((await call('GET', `/users/${users[0].id}`, demo)).body).toEqual(forbidden('identity:get_user'));
    expect((await call('PATCH', `/users/${users[0].id}`, demo, { user: { enabled: false } })).body).toEqual(forbidden('identity:update_user'));
  });
});

describe('a domain admin', () => {
  it('manages users in its own domain and nothing outside it', async () => {
    const domain = (await call('POST', '/domains', admin, { domain: { name: 'tenant-co' } })).body.domain;
    const boss = (await call('POST', '/users', admin, { user: { name: 'boss', domain_id: domain.id, password: 'boss-pass' } })).body.user;
    const adminRole = ((await call('GET', '/roles?name=admin', admin)).body.roles as unknown as { id: string }[])[0];
    await call('PUT', `/domains/${domain.id}/users/${boss.id}/roles/${adminRole.id}`, admin);
    const login = await issueToken(cloud.app, {
      auth: { identity: { methods: ['password'], password: { user: { id: boss.id, password: 'boss-pass' } } }, scope: { domain: { id: domain.id } } },
    });
    expect(login.statusCode).toBe(201);
    const token = login.headers['x-subject-token'] as string;
    expect((await call('POST', '/users', token, { user: { name: 'staff' } })).body.user).toMatchObject({ name: 'staff', domain_id: domain.id });
    expect(((await call('GET', '/users', token)).body.users as unknown as { name: string }[]).map((user) => user.name)).toEqual(['boss', 'staff']);
    expect((await call('POST', '/users', token, { user: { name: 'intruder', domain_id: 'default' } })).body).toEqual(forbidden('identity:create_user'));
    expect((await call('GET', '/domains', token)).body).toEqual(forbidden('identity:list_domains'));
  });
});

describe('identity state across a restart', () => {
  it('keeps the domains, users, groups, memberships and grants an admin made', async () => {
    const dir = makeDataDir();
    try {
      const first = await startEmulator({ dataDir: dir });
      const token = await tokenFor(first.app, 'admin');
      const post = async (url: string, payload: Body) =>
        (await first.app.inject({ method: 'POST', url: `/cloud/identity/v3${url}`, headers: { 'x-auth-token': token }, payload })).json() as Record<string, { id: string }>;
      const domain = (await post('/domains', { domain: { name: 'kept' } })).domain;
      const user = (await post('/users', { user: { name: 'keeper', domain_id: domain.id, password: 'keeper-pass' } })).user;
      const group = (await post('/groups', { group: { name: 'keepers', domain_id: domain.id } })).group;
      await first.app.inject({ method: 'PUT', url: `/cloud/identity/v3/groups/${group.id}/users/${user.id}`, headers: { 'x-auth-token': token } });
      await first.close();

      const second = await startEmulator({ dataDir: dir });
      const again = await tokenFor(second.app, 'admin');
      const get = async (url: string) => (await second.app.inject({ url: `/cloud/identity/v3${url}`, headers: { 'x-auth-token': again } })).json();
      expect((await get(`/domains/${domain.id}`)).domain.name).toBe('kept');
      expect((await get(`/groups/${group.id}/users`)).users.map((each: { name: string }) => each.name)).toEqual(['keeper']);
      await second.close();
    } finally {
      removeDataDir(dir);
    }
  });
});
