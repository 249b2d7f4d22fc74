import schema from '../schemas/role.schema.json';
import { defineResource } from '../src/descriptor';
import type { RoleEntity } from '../shared/generated';
import { identityAction } from './shared/identity';

/** Roles (spec 3 §2.4, §3.2, §5.2, §6, §8.2): name, id; create ('Role already exists.'), edit, delete. */
export default defineResource<RoleEntity>({
  name: 'role',
  type: 'OS::Keystone::Role',
  service: 'keystone',
  serviceType: 'identity',
  schema,
  nameField: 'name',
  labels: { singular: 'Role', plural: 'Roles' },
  panel: { dashboard: 'identity', label: 'Roles', path: '/identity/roles', policy: [['identity', 'identity:list_roles']] },
  columns: [{ field: 'name', defaultSort: 'asc' }, { field: 'id', priority: 2 }],
  facets: [{ name: 'name', label: 'Name', singleton: true }],
  actions: [
    {
      id: 'create',
      kind: 'form',
      label: 'Create Role',
      form: 'createForm',
      ...identityAction('role', 'create_role'),
      unique: { field: 'name', message: 'Role already exists.' },
      success: 'Role {name} was successfully created.',
      failure: 'Unable to create role "{name}".',
    },
    {
      id: 'edit',
      kind: 'edit',
      label: 'Edit Role',
      form: 'updateForm',
      ...identityAction('role', 'update_role'),
      success: 'Role updated successfully.',
      failure: 'Unable to update the role.',
    },
    { id: 'delete', kind: 'delete', ...identityAction('role', 'delete_role') },
  ],
  texts: { listError: 'Unable to retrieve roles list.', loadError: 'Unable to retrieve role.' },
});
