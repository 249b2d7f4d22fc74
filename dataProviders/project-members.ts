import type { HttpClient } from '../src/backend/http';

/** A project's members: user id → the ids of the roles they hold on it (the membership step's value). */
export type ProjectMembers = Record<string, string[]>;

const grantPath = (project: string, role: string, user: string) =>
  `/api/keystone/projects/${encodeURIComponent(project)}/${encodeURIComponent(role)}/${encodeURIComponent(user)}`;

/**
 * The members of `project` (api-contract §3 has no role-assignment list):
 * the users the members step offers (those of the domain context, as
 * `resource:user` lists them), each asked for its roles on the project;
 * those with none are left out. Users of other domains are neither shown nor
 * touched by a save.
 */
export async function loadProjectMembers(http: HttpClient, project: string): Promise<ProjectMembers> {
  const { items: users } = await http.get<{ items: { id: string }[] }>('/api/keystone/users/');
  const members: ProjectMembers = {};
  for (const user of users) {
    const { items: roles } = await http.get<{ items: { id: string }[] }>('/api/keystone/roles/', { query: { project_id: project, user_id: user.id } });
    if (roles.length) members[user.id] = roles.map((role) => role.id);
  }
  return members;
}

/**
 * Grants what `wanted` adds to `current` and revokes what it drops, one call
 * per user and role (Keystone has no batch grant); the first failure stops.
 */
export async function applyProjectMembers(http: HttpClient, project: string, wanted: ProjectMembers, current: ProjectMembers = {}): Promise<void> {
  for (const [user, roles] of Object.entries(wanted)) {
    for (const role of roles) if (!current[user]?.includes(role)) await http.put(grantPath(project, role, user));
  }
  for (const [user, roles] of Object.entries(current)) {
    for (const role of roles) if (!wanted[user]?.includes(role)) await http.delete(grantPath(project, role, user));
  }
}
