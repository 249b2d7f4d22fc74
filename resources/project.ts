import schema from '../schemas/project.schema.json';
import { defineResource } from '../src/descriptor';
import type { ProjectEntity } from '../shared/generated';
import { identityAction } from './shared/identity';

/**
 * Horizon's "Project Members" step: users with their roles on the project; an
 * added user gets OPENSTACK_KEYSTONE_DEFAULT_ROLE (`member`).
 */
const MEMBERS_STEP = {
  id: 'members',
  title: 'Project Members',
  component: 'membership',
  field: 'members',
  options: { members: 'resource:user', roles: 'resource:role', defaultRole: 'member', availableTitle: 'All Users', allocatedTitle: 'Project Members' },
};

/**
 * Projects (api-contract §3): name, description, id, domain, enabled;
 * create and edit (with the project members step) and delete for admins. A
 * member's list is their own projects.
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
      kind: 'wizard',
      label: 'Create Project',
      form: 'createForm',
      steps: [{ id: 'info', title: 'Project Information', fields: ['domain_id', 'name', 'description', 'enabled'] }, MEMBERS_STEP],
      finishLabel: 'Create Project',
      ...identityAction('project', 'create_project'),
      success: 'Created new project "{name}".',
      failure: 'Unable to create project "{name}".',
    },
    {
      id: 'edit',
      kind: 'wizard',
      mode: 'edit',
      label: 'Edit Project',
      form: 'updateForm',
      steps: [{ id: 'info', title: 'Project Information', fields: ['name', 'description', 'enabled'] }, MEMBERS_STEP],
      finishLabel: 'Save',
      // The members step starts from the users holding roles on the project.
      reload: { meta: { members: true } },
      prefill: (project) => ({ name: project.name, description: project.description ?? '', enabled: project.enabled, members: project.members ?? {} }),
      ...identityAction('project', 'update_project'),
      success: 'Modified project "{name}".',
      failure: 'Unable to modify project "{name}".',
    },
    {
      // Horizon's 'Modify Quotas' row action opens the 'Edit Quotas' workflow (Compute, Volume, Network).
      id: 'quotas',
      kind: 'wizard',
      mode: 'edit',
      label: 'Modify Quotas',
      title: 'Edit Quotas',
      form: 'projectForm',
      formSchema: 'quota.schema.json',
      reload: { meta: { quotas: true } },
      prefill: (project) => ({ ...project.quotas }),
      call: 'updateQuotas',
      policy: [
        ['compute', 'os_compute_api:os-quota-sets:update'],
        ['network', 'update_quota'],
      ],
      success: 'Modified quotas of project',
      failure: 'Unable to modify quotas of project',
    },
    { id: 'delete', kind: 'delete', ...identityAction('project', 'delete_project') },
  ],
  texts: { listError: 'Unable to retrieve project list.', loadError: 'Unable to retrieve project information.' },
});
