import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

/** Keystone's OS-INHERIT grants: roles inherited to the projects of a domain or of a project's subtree (issue 23). */

let cloud: TestEmulator;
let admin: string;

type Body = Record<string, any>;
const call = async (method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Body, token = admin) => {
  const response = await cloud.app.inject({ method, url: `/cloud/identity/v3${url}`, headers: { 'x-auth-token': token }, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: (response.body ? response.json() : {}) as Body };
};
const created = async (collection: string, key: string, body: Body) => (await call('POST', `/${collection}`, { [key]: body })).body[key];

let domain: Body;
let project: Body;
let leaf: Body;
let user: Body;
let group: Body;

beforeAll(async () => {
  cloud = await startEmulator();
  admin = await tokenFor(cloud.app, 'admin');
  domain = await created('domains', 'domain', { name: 'inherit-domain' });
  project = await created('projects', 'project', { name: 'inherit-parent', domain_id: domain.id });
  leaf = await created('projects', 'project', { name: 'inherit-leaf', domain_id: domain.id, parent_id: project.id });
  user = await created('users', 'user', { name: 'inherit-user', domain_id: domain.id, password: 'secret-pass' });
  group = await created('groups', 'group', { name: 'inherit-group', domain_id: domain.id });
});
afterAll(async () => {
  await cloud.close();
});

const effective = async (projectId: string) =>
  (await call('GET', `/role_assignments?effective&user.id=${user.id}&scope.project.id=${projectId}`)).body.role_assignments as Body[];

describe('OS-INHERIT grants', () => {
  it('assigns a role on a domain inherited to its projects: listed, checked (204), on every project of the domain but not the domain, revoked', async () => {
    const role = await created('roles', 'role', { name: 'inherit-on-domain' });
    const path = `/OS-INHERIT/domains/${domain.id}/users/${user.id}/roles`;
    expect((await call('PUT', `${path}/${role.id}/inherited_to_projects`)).status).toBe(204);
    expect((await call('GET', `${path}/inherited_to_projects`)).body.roles.map((item: Body) => item.id)).toEqual([role.id]);
    expect((await call('HEAD', `${path}/${role.id}/inherited_to_projects`)).status).toBe(204);
    // Not a direct grant on the domain.
    expect((await call('GET', `/domains/${domain.id}/users/${user.id}/roles`)).body.roles).toEqual([]);

    for (const target of [project, leaf]) {
      const rows = await effective(target.id);
      expect(rows.map((row) => row.role.id)).toEqual([role.id]);
      expect(rows[0].scope).toEqual({ project: { id: target.id }, 'OS-INHERIT:inherited_to': 'projects' });
      expect(rows[0].links.assignment).toMatch(new RegExp(`/v3/OS-INHERIT/domains/${domain.id}/users/${user.id}/roles/${role.id}/inherited_to_projects$`));
    }
    const given = (await call('GET', `/role_assignments?user.id=${user.id}`)).body.role_assignments as Body[];
    expect(given).toEqual([expect.objectContaining({ scope: { domain: { id: domain.id }, 'OS-INHERIT:inherited_to': 'projects' }, role: { id: role.id } })]);

    expect((await call('DELETE', `${path}/${role.id}/inherited_to_projects`)).status).toBe(204);
    expect((await call('HEAD', `${path}/${role.id}/inherited_to_projects`)).status).toBe(404);
    expect((await call('DELETE', `${path}/${role.id}/inherited_to_projects`)).status).toBe(404);
    expect(await effective(project.id)).toEqual([]);
    expect(await effective(leaf.id)).toEqual([]);
  });

  it("assigns a role on a project inherited to its subtree: the leaf has it, the project itself does not; a group's grant reaches its members", async () => {
    const role = await created('roles', 'role', { name: 'inherit-on-tree' });
    expect((await call('PUT', `/groups/${group.id}/users/${user.id}`)).status).toBe(204);
    const path = `/OS-INHERIT/projects/${project.id}/groups/${group.id}/roles/${role.id}/inherited_to_projects`;
    expect((await call('PUT', path)).status).toBe(204);
    expect((await call('HEAD', path)).status).toBe(204);
    const rows = await effective(leaf.id);
    expect(rows.map((row) => row.role.id)).toEqual([role.id]);
    expect(rows[0].links.membership).toMatch(new RegExp(`/groups/${group.id}/users/${user.id}$`));
    expect(await effective(project.id)).toEqual([]);
    expect((await call('DELETE', path)).status).toBe(204);
    expect(await effective(leaf.id)).toEqual([]);
  });

  it('gives the inherited role to a token scoped to a project below, and lists that project among the user’s own', async () => {
    const role = await created('roles', 'role', { name: 'inherit-token' });
    expect((await call('PUT', `/OS-INHERIT/domains/${domain.id}/users/${user.id}/roles/${role.id}/inherited_to_projects`)).status).toBe(204);
    const auth = await cloud.app.inject({
      method: 'POST',
      url: '/cloud/identity/v3/auth/tokens',
      payload: { auth: { identity: { methods: ['password'], password: { user: { id: user.id, password: 'secret-pass' } } }, scope: { project: { id: leaf.id } } } },
    });
    expect(auth.statusCode).toBe(201);
    expect(auth.json().token.roles.map((item: Body) => item.name)).toEqual(['inherit-token']);
    const projects = (await call('GET', `/users/${user.id}/projects`)).body.projects.map((item: Body) => item.name);
    expect(projects).toEqual(expect.arrayContaining(['inherit-leaf', 'inherit-parent']));
  });

  it('removes an inherited grant with its user', async () => {
    const role = await created('roles', 'role', { name: 'inherit-gone' });
    const doomed = await created('users', 'user', { name: 'inherit-doomed', domain_id: domain.id });
    expect((await call('PUT', `/OS-INHERIT/domains/${domain.id}/users/${doomed.id}/roles/${role.id}/inherited_to_projects`)).status).toBe(204);
    expect((await call('DELETE', `/users/${doomed.id}`)).status).toBe(204);
    expect((await call('GET', `/role_assignments?role.id=${role.id}`)).body.role_assignments).toEqual([]);
  });
});
