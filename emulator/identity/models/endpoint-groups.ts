import { NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import { type Document, findDocument, listDocuments } from './documents.js';
import { getProject } from './resources.js';

/**
 * OS-EP-FILTER endpoint groups (keystone/catalog/core.py): a named filter on
 * service_id, region_id and interface, associated with projects. A project
 * with associated groups sees in its token catalog only the endpoints they
 * select (Keystone's sql catalog, `list_endpoints_for_project`).
 */

export const FILTER_KEYS = ['service_id', 'region_id', 'interface'] as const;

export function getEndpointGroup(db: Db, id: string): Document {
  const found = findDocument(db, 'endpoint_group', id);
  if (!found) throw new NotFound(`Could not find Endpoint Group: ${id}.`);
  return found;
}

/** Whether an endpoint matches every attribute the group's filters name. */
export function selects(group: Document, endpoint: { service_id: string; region_id: string | null; interface: string }): boolean {
  const filters = group.filters as Record<string, unknown>;
  return FILTER_KEYS.every((key) => filters[key] === undefined || filters[key] === endpoint[key]);
}

export function associate(db: Db, groupId: string, projectId: string): void {
  db.tx(() => {
    getEndpointGroup(db, groupId);
    getProject(db, projectId);
    db.run('INSERT OR IGNORE INTO endpoint_group_projects (endpoint_group_id, project_id) VALUES (?, ?)', groupId, projectId);
  });
}

const noAssociation = () => new NotFound('Endpoint Group Project Association not found');

/** The association of a group (which must exist) with a project (which must exist); 404 when not associated. */
export function getAssociation(db: Db, groupId: string, projectId: string): void {
  getEndpointGroup(db, groupId);
  getProject(db, projectId);
  if (!db.get('SELECT 1 FROM endpoint_group_projects WHERE endpoint_group_id = ? AND project_id = ?', groupId, projectId)) throw noAssociation();
}

export function dissociate(db: Db, groupId: string, projectId: string): void {
  db.tx(() => {
    if (db.run('DELETE FROM endpoint_group_projects WHERE endpoint_group_id = ? AND project_id = ?', groupId, projectId).changes === 0) throw noAssociation();
  });
}

/** Removes the group and its project associations. */
export function deleteEndpointGroup(db: Db, id: string): void {
  db.tx(() => {
    getEndpointGroup(db, id);
    db.run("DELETE FROM keystone_documents WHERE kind = 'endpoint_group' AND id = ?", id);
    db.run('DELETE FROM endpoint_group_projects WHERE endpoint_group_id = ?', id);
  });
}

export function groupProjectIds(db: Db, groupId: string): string[] {
  return db.all<{ project_id: string }>('SELECT project_id FROM endpoint_group_projects WHERE endpoint_group_id = ? ORDER BY rowid', groupId).map((row) => row.project_id);
}

export function projectEndpointGroups(db: Db, projectId: string): Document[] {
  const ids = new Set(db.all<{ endpoint_group_id: string }>('SELECT endpoint_group_id FROM endpoint_group_projects WHERE project_id = ?', projectId).map((row) => row.endpoint_group_id));
  return listDocuments(db, 'endpoint_group').filter((group) => ids.has(group.id));
}
