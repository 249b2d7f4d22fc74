import schema from '../schemas/group.schema.json';
import { defineResource } from '../src/descriptor';
import type { GroupEntity } from '../shared/generated';
import { identityAction } from './shared/identity';

/** Groups (spec 3 §2.4, §3.2, §6, §8.2): name, description, id; create, edit, delete. */
export default defineResource<GroupEntity>({
  name: 'group',
  type: 'OS::Keystone::Group',
  service: 'keystone',
  serviceType: 'identity',
  schema,
  nameField: 'name',
  labels: { singular: 'Group', plural: 'Groups' },
  panel: { dashboard: 'identity', label: 'Groups', path: '/identity/groups', policy: [['identity', 'identity:list_groups']] },
  columns: [{ field: 'name', defaultSort: 'asc' }, { field: 'description' }, { field: 'id', priority: 2 }],
  facets: [
    { name: 'name', label: 'Name', singleton: true },
    { name: 'id', label: 'ID', singleton: true },
  ],
  actions: [
    {
      id: 'create',
      kind: 'form',
      label: 'Create Group',
      form: 'createForm',
      ...identityAction('group', 'create_group'),
      success: 'Group {name} was successfully created.',
      failure: 'Unable to create group "{name}".',
    },
    {
      id: 'edit',
      kind: 'edit',
      label: 'Edit Group',
      form: 'updateForm',
      ...identityAction('group', 'update_group'),
      success: 'Group updated successfully.',
      failure: 'Unable to update the group.',
    },
    { id: 'delete', kind: 'delete', ...identityAction('group', 'delete_group') },
  ],
  texts: { listError: 'Unable to retrieve group list.', loadError: 'Unable to retrieve group.' },
});
