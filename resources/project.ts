import schema from '../schemas/project.schema.json';
import { defineResource } from '../src/descriptor';
import type { ProjectEntity } from '../src/generated';
import { identityAction } from './shared/identity';

/**
 * Projects (api-contract §3): name, description, id, domain, enabled;
 * create, edit and delete for admins. A member's list is their own projects.
 */
export default defineResource<ProjectEntity>({
  name: 'project',
  type: 'OS::Keystone::Project',
  service: 'keystone',
  serviceType: 'identity',
  schema,
  nameField: 'name',
  labels: { singular: 'Project', plural: 'Projects' },
  panel: { dashboard: 'identity', label: 'Projects', path: '/identity/projects' },
  columns: [
    { field: 'name', defaultSort: 'asc' },
    { field: 'description' },
    { field: 'id', priority: 2 },
    { field: 'domain_id', priority: 3 },
    { field: 'enabled' },
  ],
  facets: [
    { name: 'name', label: 'Name', singleton: true },
    { name: 'id', label: 'ID', singleton: true },
  ],
  actions: [
    {
      id: 'create',
      kind: 'form',
      label: 'Create Project',
      form: 'createForm',
      ...identityAction('project', 'create_project'),
      success: 'Created new project "{name}".',
      failure: 'Unable to create project "{name}".',
    },
    {
      id: 'edit',
      kind: 'edit',
      label: 'Edit Project',
      form: 'updateForm',
      ...identityAction('project', 'update_project'),
      success: 'Modified project "{name}".',
      failure: 'Unable to modify project "{name}".',
    },
    { id: 'delete', kind: 'delete', ...identityAction('project', 'delete_project') },
  ],
  texts: { listError: 'Unable to retrieve project list.', loadError: 'Unable to retrieve project information.' },
});
