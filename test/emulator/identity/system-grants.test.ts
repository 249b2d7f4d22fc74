import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

/** Role grants on the system (`/v3/system/{users|groups}/{id}/roles`), answered as the real Zed Keystone does (issue 23). */

let cloud: TestEmulator;
let admin: string;
let demo: string;

type Body = Record<string, any>;
const call = async (method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Body) => {
  const response = await cloud.app.inject({ method, url: `/cloud/identity/v3${url}`, headers: { 'x-auth-token': token }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: (response.body ? response.json() : {}) as Body };
};

let reader: Body;
beforeAll(async () => {
  cloud = await startEmulator();
  admin = await tokenFor(cloud.app, 'admin');
  demo = await tokenFor(cloud.app, 'demo');
  reader = ((await call('GET', '/roles?name=reader', admin)).body.roles as Body[])[0];
});
afterAll(async () => {
  await cloud.close();
});

describe('system role grants', () => {
  for (const actor of ['users', 'groups'] as const) {
    it(`grants, lists, checks and revokes a role to ${actor === 'users' ? 'a user' : 'a group'} on the system`, async () => {
      const created = actor === 'users'
        ? (await call('POST', '/users', admin, { user: { name: 'sys-user', domain_id: 'default' } })).body.user
        : (await call('POST', '/groups', admin, { group: { name: 'sys-group', domain_id: 'default' } })).body.group;
      const path = `/system/${actor}/${created.id}/roles`;
      expect((await call('GET', path, admin)).body.roles).toEqual([]);
      expect((await call('PUT', `${path}/${reader.id}`, admin)).status).toBe(204);
      expect((await call('GET', path, admin)).body.roles).toEqual([reader]);
      expect((await call('HEAD', `${path}/${reader.id}`, admin)).status).toBe(204);

      const assignments = (await call('GET', `/role_assignments?scope.system=all`, admin)).body.role_assignments as Body[];
      const key = actor === 'users' ? 'user' : 'group';
      expect(assignments).toContainEqual({
        links: { assignment: expect.stringMatching(new RegExp(`/v3/system/${actor}/${created.id}/roles/${reader.id}$`)) },
        scope: { system: { all: true } },
        [key]: { id: created.id },
        role: { id: reader.id },
      });
      expect((await call('GET', `/role_assignments?scope.project.id=${created.id}`, admin)).body.role_assignments).toEqual([]);

      expect((await call('DELETE', `${path}/${reader.id}`, admin)).status).toBe(204);
      expect(await call('GET', `${path}/${reader.id}`, admin)).toMatchObject({
        status: 404,
        body: { error: { message: `Could not find role assignment with role: ${reader.id}, user or group: ${created.id}, project, domain, or system: system.` } },
      });
      expect((await call('DELETE', `${path}/${reader.id}`, admin)).status).toBe(404);
      await call('DELETE', `/${actor}/${created.id}`, admin);
    });
  }

  it('names the missing user, group or role (404), and is refused to a member (403)', async () => {
    expect((await call('PUT', `/system/users/nope/roles/${reader.id}`, admin)).body.error.message).toBe('Could not find user: nope.');
    expect((await call('GET', '/system/groups/nope/roles', admin)).body.error.message).toBe('Could not find group: nope.');
    const user = (await call('GET', '/users?name=demo', admin)).body.users[0];
    expect((await call('PUT', `/system/users/${user.id}/roles/nope`, admin)).body.error.message).toBe('Could not find role: nope.');
    expect((await call('PUT', `/system/users/${user.id}/roles/${reader.id}`, demo)).status).toBe(403);
    expect((await call('GET', `/system/users/${user.id}/roles`, admin)).body.roles).toEqual([]);
  });

  it('a grant goes with its user', async () => {
    const user = (await call('POST', '/users', admin, { user: { name: 'sys-gone', domain_id: 'default' } })).body.user;
    await call('PUT', `/system/users/${user.id}/roles/${reader.id}`, admin);
    await call('DELETE', `/users/${user.id}`, admin);
    const rows = (await call('GET', '/role_assignments?scope.system=all', admin)).body.role_assignments as Body[];
    expect(rows.filter((row) => row.user?.id === user.id)).toEqual([]);
  });
});
