import { ApiClient } from './api-client.js';
import type { TestCloud } from './cloud.js';
import { uniqueName } from './cloud.js';

/** A user of its own project, for a test that needs what no other test touches (an empty list). */
export interface ProjectMember {
  username: string;
  password: string;
  projectId: string;
}

/**
 * Makes, as admin through `/api/keystone/`, a project and a user with the
 * member role on it (what demo is, minus everything other tests leave in
 * demo's project). Test files share one cloud and run in parallel, so a
 * journey that expects "No items to display." logs in as its own member.
 *
 * @example
 * const member = await createProjectMember(baseUrl, passwords.admin, 'e2e-keys');
 * await logIn(page, baseUrl, member.username, member.password);
 */
export async function createProjectMember(baseUrl: string, adminPassword: string, prefix: string): Promise<ProjectMember> {
  const admin = await ApiClient.loggedIn({ baseUrl, passwords: { admin: adminPassword, demo: '' } } as TestCloud, 'admin');
  const expectCreated = <T>(what: string, response: { status: number; body: T }) => {
    if (response.status !== 201) throw new Error(`creating ${what}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const project = expectCreated('the project', await admin.post<{ id: string }>('/api/keystone/projects/', { name: uniqueName(prefix) }));
  const roles = (await admin.get<{ items: { id: string; name: string }[] }>('/api/keystone/roles/')).body.items;
  const member = roles.find((role) => role.name === 'member');
  if (!member) throw new Error('the cloud has no member role');
  const username = uniqueName(prefix);
  const password = `${username}-pass`;
  const user = expectCreated('the user', await admin.post<{ id: string }>('/api/keystone/users/', { name: username, password, project: project.id, enabled: true }));
  const granted = await admin.request('PUT', `/api/keystone/projects/${project.id}/${member.id}/${user.id}`);
  if (granted.status !== 204) throw new Error(`granting member: ${granted.status}`);
  return { username, password, projectId: project.id };
}
