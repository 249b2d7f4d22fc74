import { Conflict, NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import { type EndpointRow, getEndpoint, listEndpoints } from './catalog-admin.js';
import { projectEndpointGroups, selects } from './endpoint-groups.js';
import { getProject } from './resources.js';

/**
 * OS-EP-FILTER project-endpoint associations (keystone/catalog/backends/sql.py,
 * ProjectEndpoint): an endpoint named for a project. With the endpoints its
 * endpoint groups select, they are the only endpoints the project's token
 * catalog shows (`list_endpoints_for_project`).
 */

export function addEndpointToProject(db: Db, endpointId: string, projectId: string): void {
  db.tx(() => {
    getEndpoint(db, endpointId);
    getProject(db, projectId);
    const { changes } = db.run('INSERT OR IGNORE INTO project_endpoints (endpoint_id, project_id) VALUES (?, ?)', endpointId, projectId);
    if (changes === 0) throw new Conflict('Conflict occurred attempting to store project_endpoint - Duplicate entry.');
  });
}

const notInProject = (endpointId: string, projectId: string) => new NotFound(`Endpoint ${endpointId} not found in project ${projectId}`);

/** Keystone checks the endpoint, then the project, then the association: 404 naming the first missing. */
export function checkEndpointInProject(db: Db, endpointId: string, projectId: string): void {
  getEndpoint(db, endpointId);
  getProject(db, projectId);
  if (!db.get('SELECT 1 FROM project_endpoints WHERE endpoint_id = ? AND project_id = ?', endpointId, projectId)) throw notInProject(endpointId, projectId);
}

/** Keystone's DELETE looks for the association only. */
export function removeEndpointFromProject(db: Db, endpointId: string, projectId: string): void {
  db.tx(() => {
    const { changes } = db.run('DELETE FROM project_endpoints WHERE endpoint_id = ? AND project_id = ?', endpointId, projectId);
    if (changes === 0) throw notInProject(endpointId, projectId);
  });
}

/** The projects the endpoint is associated with directly, in association order. */
export function projectIdsForEndpoint(db: Db, endpointId: string): string[] {
  return db.all<{ project_id: string }>('SELECT project_id FROM project_endpoints WHERE endpoint_id = ? ORDER BY rowid', endpointId).map((row) => row.project_id);
}

/** The project's endpoints: those associated directly, then those its endpoint groups select; empty when it has no filter. */
export function endpointsForProject(db: Db, projectId: string): EndpointRow[] {
  const direct = new Set(db.all<{ endpoint_id: string }>('SELECT endpoint_id FROM project_endpoints WHERE project_id = ?', projectId).map((row) => row.endpoint_id));
  const groups = projectEndpointGroups(db, projectId);
  if (!direct.size && !groups.length) return [];
  return listEndpoints(db, {}).filter((row) => direct.has(row.id) || groups.some((group) => selects(group, row)));
}
