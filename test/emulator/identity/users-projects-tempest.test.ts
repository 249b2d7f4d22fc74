import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

/** Keystone user and project behaviour Tempest's identity tests rely on (issue 23). */

let cloud: TestEmulator;
let admin: string;

type Body = Record<string, any>;
const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string | null, payload?: Body) => {
  const response = await cloud.app.inject({ method, url: `/cloud/identity/v3${url}`, headers: token ? { 'x-auth-token': token } : {}, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: (response.body ? response.json() : {}) as Body };
};
const login = (userId: string, password: string) =>
  cloud.app.inject({ method: 'POST', url: '/cloud/identity/v3/auth/tokens', payload: { auth: { identity: { methods: ['password'], password: { user: { id: userId, password } } } } } });

beforeAll(async () => {
  cloud = await startEmulator();
  admin = await tokenFor(cloud.app, 'admin');
});
afterAll(async () => {
  await cloud.close();
});

describe('users', () => {
  it('keeps attributes beyond Keystone’s own (project_id) at creation and update, and returns them', async () => {
    const created = await call('POST', '/users', admin, { user: { name: 'extra-user', project_id: 'p-one', email: 'e@x.test' } });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ name: 'extra-user', project_id: 'p-one', email: 'e@x.test' });
    const id = created.body.user.id;
    expect((await call('PATCH', `/users/${id}`, admin, { user: { project_id: 'p-two', enabled: false } })).body.user).toMatchObject({ project_id: 'p-two', enabled: false });
    expect((await call('GET', `/users/${id}`, admin)).body.user.project_id).toBe('p-two');
  });

  it('changes its own password with the original one (204) and refuses a wrong original (401)', async () => {
    const id = (await call('POST', '/users', admin, { user: { name: 'pw-user', password: 'first-pass' } })).body.user.id;
    expect((await call('POST', `/users/${id}/password`, null, { user: { password: 'x', original_password: 'wrong' } })).status).toBe(401);
    expect((await call('POST', `/users/${id}/password`, null, { user: { password: 'second-pass', original_password: 'first-pass' } })).status).toBe(204);
    expect((await login(id, 'second-pass')).statusCode).toBe(201);
    expect((await login(id, 'first-pass')).statusCode).toBe(401);
  });
});

describe('project hierarchy', () => {
  it('keeps parent_id (the domain when none is given) and refuses to delete a parent with children', async () => {
    const root = (await call('POST', '/projects', admin, { project: { name: 'root-p', domain_id: 'default' } })).body.project;
    expect(root.parent_id).toBe('default');
    const child = await call('POST', '/projects', admin, { project: { name: 'child-p', parent_id: root.id } });
    expect(child.status).toBe(201);
    expect(child.body.project).toMatchObject({ parent_id: root.id, domain_id: 'default' });
    expect((await call('GET', `/projects/${child.body.project.id}`, admin)).body.project.parent_id).toBe(root.id);
    expect((await call('GET', `/projects?parent_id=${root.id}`, admin)).body.projects.map((project: Body) => project.name)).toEqual(['child-p']);
    expect((await call('DELETE', `/projects/${root.id}`, admin)).status).toBe(403);
    expect((await call('DELETE', `/projects/${child.body.project.id}`, admin)).status).toBe(204);
    expect((await call('DELETE', `/projects/${root.id}`, admin)).status).toBe(204);
  });
});
