import { NotFound } from '../../core/errors.js';
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
}

const toDomain = (row: DomainRow): Domain => ({ id: row.id, name: row.name, description: row.description, enabled: row.enabled === 1 });
const toProject = (row: ProjectRow): Project => ({
  id: row.id,
  name: row.name,
  domainId: row.domain_id,
  description: row.description,
  enabled: row.enabled === 1,
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
  db.tx(() => db.run('INSERT INTO domains (id, name, description, enabled) VALUES (?, ?, ?, ?)', domain.id, domain.name, domain.description, domain.enabled ? 1 : 0));
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
}

export function listProjects(db: Db, filters: ProjectFilters = {}): Project[] {
  return db
    .all<ProjectRow>('SELECT * FROM projects ORDER BY name, id')
    .map(toProject)
    .filter(
      (project) =>
        (filters.name === undefined || project.name === filters.name) &&
        (filters.domainId === undefined || project.domainId === filters.domainId) &&
        (filters.enabled === undefined || project.enabled === filters.enabled),
    );
}

export function createProject(db: Db, input: { name: string; domainId: string; description?: string; enabled?: boolean; id?: string }): Project {
  const project: Project = {
    id: input.id ?? newKeystoneId(),
    name: input.name,
    domainId: input.domainId,
    description: input.description ?? '',
    enabled: input.enabled ?? true,
  };
  db.tx(() =>
    db.run(
      'INSERT INTO projects (id, name, domain_id, description, enabled) VALUES (?, ?, ?, ?, ?)',
      project.id,
      project.name,
      project.domainId,
      project.description,
      project.enabled ? 1 : 0,
    ),
  );
  return project;
}

export function setProjectEnabled(db: Db, id: string, enabled: boolean): void {
  db.tx(() => {
    if (db.run('UPDATE projects SET enabled = ? WHERE id = ?', enabled ? 1 : 0, id).changes === 0) throw new NotFound(`Could not find project: ${id}.`);
  });
}
