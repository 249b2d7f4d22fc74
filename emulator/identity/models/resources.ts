import { BadRequest, Conflict, Forbidden, NotFound } from '../../core/errors.js';
import { newKeystoneId } from '../../core/ids.js';
import type { Db } from '../../store/db.js';

/** Keystone's resource backend: domains and projects. */

export interface Domain {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
}

export interface Project {
  id: string;
  name: string;
  domainId: string;
  description: string;
  enabled: boolean;
  tags: string[];
  /** The parent project, or null when the domain is the parent. */
  parentId: string | null;
}

interface DomainRow {
  id: string;
  name: string;
  description: string;
  enabled: number;
}

interface ProjectRow {
  id: string;
  name: string;
  domain_id: string;
  description: string;
  enabled: number;
  tags: string;
  parent_id: string | null;
}

const toDomain = (row: DomainRow): Domain => ({ id: row.id, name: row.name, description: row.description, enabled: row.enabled === 1 });
const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  name: row.name,
  domainId: row.domain_id,
  description: row.description,
  enabled: row.enabled === 1,
  tags: JSON.parse(row.tags) as string[],
  parentId: row.parent_id,
});

export function findDomain(db: Db, id: string): Domain | null {
  const row = db.get<DomainRow>('SELECT * FROM domains WHERE id = ?', id);
  return row ? toDomain(row) : null;
}

export function getDomain(db: Db, id: string): Domain {
  const domain = findDomain(db, id);
  if (!domain) throw new NotFound(`Could not find domain: ${id}.`);
  return domain;
}

export function findDomainByName(db: Db, name: string): Domain | null {
  const row = db.get<DomainRow>('SELECT * FROM domains WHERE name = ?', name);
  return row ? toDomain(row) : null;
}

export function listDomains(db: Db, filters: { name?: string; enabled?: boolean } = {}): Domain[] {
  return db
    .all<DomainRow>('SELECT * FROM domains ORDER BY name')
    .map(toDomain)
    .filter((domain) => (filters.name === undefined || domain.name === filters.name) && (filters.enabled === undefined || domain.enabled === filters.enabled));
}

export function createDomain(db: Db, input: { id?: string; name: string; description?: string; enabled?: boolean }): Domain {
  const domain: Domain = { id: input.id ?? newKeystoneId(), name: input.name, description: input.description ?? '', enabled: input.enabled ?? true };
  db.tx(() => {
    if (findDomainByName(db, domain.name)) throw new Conflict(`Conflict occurred attempting to store domain - Duplicate entry found with name ${domain.name}.`);
    db.run('INSERT INTO domains (id, name, description, enabled) VALUES (?, ?, ?, ?)', domain.id, domain.name, domain.description, domain.enabled ? 1 : 0);
  });
  return domain;
}

export function findProject(db: Db, id: string): Project | null {
  const row = db.get<ProjectRow>('SELECT * FROM projects WHERE id = ?', id);
  return row ? toProject(row) : null;
}

export function getProject(db: Db, id: string): Project {
  const project = findProject(db, id);
  if (!project) throw new NotFound(`Could not find project: ${id}.`);
  return project;
}

export function findProjectByName(db: Db, name: string, domainId: string): Project | null {
  const row = db.get<ProjectRow>('SELECT * FROM projects WHERE name = ? AND domain_id = ?', name, domainId);
  return row ? toProject(row) : null;
}

export interface ProjectFilters {
  name?: string;
  domainId?: string;
  enabled?: boolean;
  /** A project id, or a domain id for the projects at the top of that domain. */
  parentId?: string;
}

export function listProjects(db: Db, filters: ProjectFilters = {}): Project[] {
  return db
    .all<ProjectRow>('SELECT * FROM projects ORDER BY name, id')
    .map(toProject)
    .filter(
      (project) =>
        (filters.name === undefined || project.name === filters.name) &&
        (filters.domainId === undefined || project.domainId === filters.domainId) &&
        (filters.enabled === undefined || project.enabled === filters.enabled) &&
        (filters.parentId === undefined || (project.parentId ?? project.domainId) === filters.parentId),
    );
}

export function createProject(
  db: Db,
  input: { name: string; domainId: string; description?: string; enabled?: boolean; tags?: string[]; id?: string; parentId?: string | null },
): Project {
  const project: Project = {
    id: input.id ?? newKeystoneId(),
    name: input.name,
    domainId: input.domainId,
    description: input.description ?? '',
    enabled: input.enabled ?? true,
    tags: input.tags ?? [],
    // A parent naming the domain itself means the top of the hierarchy, as Keystone treats it.
    parentId: input.parentId && input.parentId !== input.domainId ? input.parentId : null,
  };
  db.tx(() => {
    getDomain(db, project.domainId);
    if (project.parentId) {
      const parent = findProject(db, project.parentId);
      if (!parent) throw new NotFound(`Could not find project: ${project.parentId}.`);
      if (parent.domainId !== project.domainId) throw new BadRequest('Cannot create project, the parent is in a different domain.');
    }
    if (findProjectByName(db, project.name, project.domainId)) throw duplicateProject(project);
    db.run(
      'INSERT INTO projects (id, name, domain_id, description, enabled, tags, parent_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
      project.id,
      project.name,
      project.domainId,
      project.description,
      project.enabled ? 1 : 0,
      JSON.stringify(project.tags),
      project.parentId,
    );
  });
  return project;
}

/** Keystone's wording for a project name taken in its domain. */
function duplicateProject(project: { name: string; id: string }): Conflict {
  return new Conflict(
    `Conflict occurred attempting to store project - it is not permitted to have two projects with either the same name or same id in the same domain: name is ${project.name}, project id ${project.id}.`,
  );
}

export interface ProjectChanges {
  name?: string;
  description?: string;
  enabled?: boolean;
  tags?: string[];
}

export function updateProject(db: Db, id: string, changes: ProjectChanges): Project {
  return db.tx(() => {
    const project = { ...getProject(db, id), ...definedOnly(changes) };
    const clash = findProjectByName(db, project.name, project.domainId);
    if (clash && clash.id !== id) throw duplicateProject(project);
    db.run(
      'UPDATE projects SET name = ?, description = ?, enabled = ?, tags = ? WHERE id = ?',
      project.name,
      project.description,
      project.enabled ? 1 : 0,
      JSON.stringify(project.tags),
      id,
    );
    return project;
  });
}

/** Deletes a project and every role granted on it. */
export function deleteProject(db: Db, id: string): void {
  db.tx(() => {
    getProject(db, id);
    if (db.get('SELECT 1 FROM projects WHERE parent_id = ?', id)) throw new Forbidden(`Cannot delete the project ${id} since it is not a leaf in the hierarchy. Use the cascade option if you want to delete a whole subtree.`);
    db.run("DELETE FROM role_assignments WHERE target_type = 'project' AND target_id = ?", id);
    db.run("DELETE FROM group_assignments WHERE target_type = 'project' AND target_id = ?", id);
    db.run('UPDATE users SET default_project_id = NULL WHERE default_project_id = ?', id);
    db.run('DELETE FROM projects WHERE id = ?', id);
  });
}

export interface DomainChanges {
  name?: string;
  description?: string;
  enabled?: boolean;
}

export function updateDomain(db: Db, id: string, changes: DomainChanges): Domain {
  return db.tx(() => {
    const domain = { ...getDomain(db, id), ...definedOnly(changes) };
    const clash = findDomainByName(db, domain.name);
    if (clash && clash.id !== id) throw new Conflict(`Conflict occurred attempting to store domain - Duplicate entry found with name ${domain.name}.`);
    db.run('UPDATE domains SET name = ?, description = ?, enabled = ? WHERE id = ?', domain.name, domain.description, domain.enabled ? 1 : 0, id);
    return domain;
  });
}

/**
 * Keystone refuses an enabled domain; deleting a disabled one removes its
 * projects, users, groups and domain roles, and every grant on them.
 */
export function deleteDomain(db: Db, id: string): void {
  db.tx(() => {
    const domain = getDomain(db, id);
    if (domain.enabled) throw new Forbidden('Cannot delete a domain that is enabled, please disable it first.');
    for (const project of listProjects(db, { domainId: id })) deleteProject(db, project.id);
    db.run("DELETE FROM role_assignments WHERE target_type = 'domain' AND target_id = ?", id);
    db.run("DELETE FROM group_assignments WHERE target_type = 'domain' AND target_id = ?", id);
    db.run('DELETE FROM users WHERE domain_id = ?', id);
    db.run('DELETE FROM groups WHERE domain_id = ?', id);
    db.run('DELETE FROM roles WHERE domain_id = ?', id);
    db.run('DELETE FROM domains WHERE id = ?', id);
  });
}

/** The keys of a PATCH that were given (undefined means "leave as is"). */
export function definedOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function setProjectEnabled(db: Db, id: string, enabled: boolean): void {
  db.tx(() => {
    if (db.run('UPDATE projects SET enabled = ? WHERE id = ?', enabled ? 1 : 0, id).changes === 0) throw new NotFound(`Could not find project: ${id}.`);
  });
}
