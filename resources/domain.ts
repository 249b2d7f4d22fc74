import schema from '../schemas/domain.schema.json';
import { defineResource } from '../src/descriptor';
import type { DomainEntity } from '../shared/generated';
import { identityAction } from './shared/identity';

/** Keystone's id of the domain it bootstraps (`[identity] default_domain_id`). */
const DEFAULT_DOMAIN_ID = 'default';

/**
 * Domains (spec 3 §2.4, §3.2, §6, §8.2): name (link), description, id,
 * enabled; create and delete for admins. Without identity:list_domains the
 * data provider lists the user's own domain only. Deleting an enabled domain
 * works: the server disables it first (api-contract §3). The default domain
 * is refused in a batch delete with 'You are not allowed to delete domains: …'.
 */
export default defineResource<DomainEntity>({
  name: 'domain',
  type: 'OS::Keystone::Domain',
  service: 'keystone',
  serviceType: 'identity',
  schema,
  nameField: 'name',
  labels: { singular: 'Domain', plural: 'Domains' },
  panel: { dashboard: 'identity', label: 'Domains', path: '/identity/domains' },
  columns: [{ field: 'name', link: 'detail', defaultSort: 'asc' }, { field: 'description' }, { field: 'id', priority: 2 }, { field: 'enabled' }],
  facets: [{ name: 'name', label: 'Name', singleton: true }],
  actions: [
    {
      id: 'create',
      kind: 'form',
      label: 'Create Domain',
      form: 'createForm',
      ...identityAction('domain', 'create_domain'),
      success: 'Domain {name} was successfully created.',
      failure: 'Unable to create domain {name}.',
    },
    {
      id: 'delete',
      kind: 'delete',
      ...identityAction('domain', 'delete_domain'),
      // Checked per domain (spec 3 §6). Keystone's own guard (disable first) is
      // taken care of by the server, so the one domain refused is Keystone's
      // default domain: the dashboard's users live there, and deleting it
      // would lock every one of them out.
      allowed: (domain) => domain.id !== DEFAULT_DOMAIN_ID,
      notAllowed: 'You are not allowed to delete domains: {names}',
      notAllowedAs: 'toast',
    },
  ],
  detail: { tabs: [{ id: 'overview', label: 'Overview', fields: ['name', 'id', 'description', 'enabled'], code: ['id'] }] },
  texts: { listError: 'Unable to retrieve domain list.', loadError: 'Unable to retrieve domain details.' },
});
