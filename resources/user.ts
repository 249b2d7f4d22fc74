import schema from '../schemas/user.schema.json';
import { defineResource } from '../src/descriptor';
import type { UserEntity } from '../shared/generated';
import { identityAction } from './shared/identity';
import { YES_NO_OPTIONS } from './shared/facets';

const UPDATE_USER = identityAction('user', 'update_user');

/**
 * Users (spec 3 §2.4, §3.2, §4.2, §5.2, §6, §8.2): name (link), email, id,
 * enabled; name, id and enabled filter on the server. Create grants the role
 * on the primary project once the user exists (the data provider's second
 * call). Without identity:list_users only the current user is listed.
 */
/** Horizon's batch action confirm body (horizon.tables.js) for Enable User and Disable User. */
const CONFIRM_SELECTION = 'You have selected: "{name}". Please confirm your selection.';

export default defineResource<UserEntity>({
  name: 'user',
  type: 'OS::Keystone::User',
  service: 'keystone',
  serviceType: 'identity',
  schema,
  nameField: 'name',
  labels: { singular: 'User', plural: 'Users' },
  panel: { dashboard: 'identity', label: 'Users', path: '/identity/users' },
  columns: [{ field: 'name', link: 'detail', defaultSort: 'asc' }, { field: 'email' }, { field: 'id', priority: 2 }, { field: 'enabled' }],
  facets: [
    { name: 'name', label: 'User Name', singleton: true, isServer: true },
    { name: 'email', label: 'Email', singleton: true },
    { name: 'id', label: 'ID', singleton: true, isServer: true },
    {
      name: 'enabled',
      label: 'Enabled',
      singleton: true,
      isServer: true,
      options: YES_NO_OPTIONS,
    },
  ],
  actions: [
    {
      id: 'create',
      kind: 'form',
      label: 'Create User',
      form: 'createForm',
      ...identityAction('user', 'create_user'),
      success: 'User {name} was successfully created.',
      failure: 'Unable to create user "{name}".',
    },
    { id: 'edit', kind: 'edit', label: 'Edit User', form: 'updateForm', ...UPDATE_USER, success: 'User {name} was successfully updated.', failure: 'Unable to update the user.' },
    {
      id: 'password',
      kind: 'edit',
      label: 'Change Password',
      form: 'passwordForm',
      policy: UPDATE_USER.policy,
      requires: { settings: [...UPDATE_USER.requires.settings, '!ENFORCE_PASSWORD_CHECK'] },
      prefill: () => ({}),
      payload: (values) => ({ password: values.password }),
      success: 'User password has been updated successfully.',
      failure: 'Unable to update the user password.',
    },
    {
      // ENFORCE_PASSWORD_CHECK: the administrator's own password too; a wrong one is 400 ADMIN_PASSWORD_INCORRECT.
      id: 'password-check',
      kind: 'edit',
      label: 'Change Password',
      form: 'passwordCheckForm',
      policy: UPDATE_USER.policy,
      requires: { settings: [...UPDATE_USER.requires.settings, 'ENFORCE_PASSWORD_CHECK'] },
      prefill: () => ({}),
      payload: (values) => ({ password: values.password, admin_password: values.admin_password }),
      // A 400 keeps the dialog open with the message the code selects (spec 3 §4.2).
      errorMessages: { ADMIN_PASSWORD_INCORRECT: 'The admin password is incorrect.' },
      success: 'User password has been updated successfully.',
      failure: 'Unable to update the user password.',
    },
    {
      id: 'enable',
      kind: 'edit',
      label: 'Enable User',
      form: 'enableForm',
      ...UPDATE_USER,
      message: CONFIRM_SELECTION,
      allowed: (user) => !user.enabled,
      prefill: () => ({}),
      payload: () => ({ enabled: true }),
      success: 'User {name} was successfully enabled.',
      failure: 'Unable to enable user "{name}".',
    },
    {
      id: 'disable',
      kind: 'edit',
      label: 'Disable User',
      form: 'disableForm',
      ...UPDATE_USER,
      message: CONFIRM_SELECTION,
      allowed: (user) => user.enabled,
      prefill: () => ({}),
      payload: () => ({ enabled: false }),
      success: 'User {name} was successfully disabled.',
      failure: 'Unable to disable user "{name}".',
    },
    { id: 'delete', kind: 'delete', ...identityAction('user', 'delete_user') },
  ],
  detail: {
    tabs: [{ id: 'overview', label: 'Overview', fields: ['name', 'id', 'email', 'description', 'enabled', 'domain_id', 'default_project_id'], code: ['id'] }],
  },
  texts: { listError: 'Unable to retrieve user list.', loadError: 'Unable to retrieve user information.' },
});
