import { ApiClient } from './api-client.js';
import type { TestCloud } from './cloud.js';
import { uniqueName } from './cloud.js';

/** A user of its own project, for a test that needs what no other test touches (an empty list). */
export interface ProjectMember {
  username: string;
  password: string;
  projectId: string;
  userId: string;
  /** Deletes the user and the project (what the project holds is the caller's to delete first). */
  remove(): Promise<void>;
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
  const remove = async () => {
    await admin.delete('/api/keystone/users/', [user.id]);
    await admin.delete('/api/keystone/projects/', [project.id]);
  };
  return { username, password, projectId: project.id, userId: user.id, remove };
}

/** The member logged in through `/api` (an api test's browser stand-in). */
export async function memberClient(cloud: TestCloud, member: ProjectMember): Promise<ApiClient> {
  const client = new ApiClient(cloud);
  const body = { auth_type: 'credentials', username: member.username, password: member.password, domain: 'Default', region: 'RegionOne' };
  const response = await client.request('POST', '/api/auth/login/', body, { csrf: false });
  if (response.status !== 200) throw new Error(`login of ${member.username}: ${response.status} ${JSON.stringify(response.body)}`);
  return client;
}
