import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

/** Keystone role inference rules (issue 23). */

let cloud: TestEmulator;
let admin: string;

type Body = Record<string, any>;
const call = async (method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Body) => {
  const response = await cloud.app.inject({ method, url: `/cloud/identity/v3${url}`, headers: { 'x-auth-token': admin }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: (response.body ? response.json() : {}) as Body };
};
const role = async (name: string, domainId?: string) => (await call('POST', '/roles', { role: { name, ...(domainId ? { domain_id: domainId } : {}) } })).body.role;

beforeAll(async () => {
  cloud = await startEmulator();
  admin = await tokenFor(cloud.app, 'admin');
});
afterAll(async () => {
  await cloud.close();
});

describe('implied roles', () => {
  it('creates a rule (201), checks it with HEAD (204), shows and lists it, and deletes it (then 404)', async () => {
    const prior = await role('ir-prior');
    const implied = await role('ir-implied');
    const created = await call('PUT', `/roles/${prior.id}/implies/${implied.id}`);
    expect(created.status).toBe(201);
    expect(created.body.role_inference).toMatchObject({ prior_role: { id: prior.id, name: 'ir-prior' }, implies: { id: implied.id, name: 'ir-implied' } });
    expect((await call('HEAD', `/roles/${prior.id}/implies/${implied.id}`)).status).toBe(204);
    expect((await call('GET', `/roles/${prior.id}/implies`)).body.role_inference.implies.map((item: Body) => item.id)).toEqual([implied.id]);
    const all = (await call('GET', '/role_inferences')).body.role_inferences;
    expect(all.find((rule: Body) => rule.prior_role.id === prior.id).implies.map((item: Body) => item.id)).toEqual([implied.id]);
    expect((await call('DELETE', `/roles/${prior.id}/implies/${implied.id}`)).status).toBe(204);
    expect((await call('GET', `/roles/${prior.id}/implies/${implied.id}`)).status).toBe(404);
  });

  it('refuses a global role implying a domain-specific one, and implying admin (403)', async () => {
    const global = await role('ir-global');
    const domainRole = await role('ir-domain', 'default');
    expect((await call('PUT', `/roles/${global.id}/implies/${domainRole.id}`)).status).toBe(403);
    expect((await call('PUT', `/roles/${domainRole.id}/implies/${global.id}`)).status).toBe(201);
    const adminRole = (await call('GET', '/roles?name=admin')).body.roles[0];
    expect((await call('PUT', `/roles/${global.id}/implies/${adminRole.id}`)).status).toBe(403);
  });

  it("lists the seeded rules (admin implies member, member implies reader) with the ones made through the API", async () => {
    const inferences = (await call('GET', '/role_inferences')).body.role_inferences as Body[];
    const implied = (name: string) => inferences.find((rule) => rule.prior_role.name === name)?.implies.map((item: Body) => item.name);
    expect(implied('admin')).toEqual(['member']);
    expect(implied('member')).toEqual(['reader']);
  });

  it('a rule made through the API adds its role to the effective assignments and the token; deleting it takes the role away', async () => {
    const prior = await role('ir-eff-prior');
    const implied = await role('ir-eff-implied');
    const project = (await call('POST', '/projects', { project: { name: 'ir-eff-project', domain_id: 'default' } })).body.project;
    const user = (await call('POST', '/users', { user: { name: 'ir-eff-user', domain_id: 'default', password: 'secret-pass' } })).body.user;
    expect((await call('PUT', `/projects/${project.id}/users/${user.id}/roles/${prior.id}`)).status).toBe(204);
    expect((await call('PUT', `/roles/${prior.id}/implies/${implied.id}`)).status).toBe(201);
    const effective = async () =>
      ((await call('GET', `/role_assignments?effective&user.id=${user.id}&scope.project.id=${project.id}`)).body.role_assignments as Body[]).map((row) => row.role.id).sort();
    expect(await effective()).toEqual([prior.id, implied.id].sort());
    const token = await cloud.app.inject({
      method: 'POST',
      url: '/cloud/identity/v3/auth/tokens',
      payload: { auth: { identity: { methods: ['password'], password: { user: { id: user.id, password: 'secret-pass' } } }, scope: { project: { id: project.id } } } },
    });
    expect(token.json().token.roles.map((item: Body) => item.name).sort()).toEqual(['ir-eff-implied', 'ir-eff-prior']);
    expect((await call('DELETE', `/roles/${prior.id}/implies/${implied.id}`)).status).toBe(204);
    expect(await effective()).toEqual([prior.id]);
  });

  it('keeps a domain-specific role out of the effective assignments and the token, but not the global role it implies', async () => {
    const domainRole = await role('ir-dom-only', 'default');
    const global = await role('ir-dom-global');
    const project = (await call('POST', '/projects', { project: { name: 'ir-dom-project', domain_id: 'default' } })).body.project;
    const user = (await call('POST', '/users', { user: { name: 'ir-dom-user', domain_id: 'default' } })).body.user;
    expect((await call('PUT', `/projects/${project.id}/users/${user.id}/roles/${domainRole.id}`)).status).toBe(204);
    const effective = async () =>
      ((await call('GET', `/role_assignments?effective&user.id=${user.id}&scope.project.id=${project.id}`)).body.role_assignments as Body[]).map((row) => row.role.id);
    expect(await effective()).toEqual([]);
    expect((await call('PUT', `/roles/${domainRole.id}/implies/${global.id}`)).status).toBe(201);
    expect(await effective()).toEqual([global.id]);
  });
});
