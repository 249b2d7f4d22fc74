import { BadRequest, Forbidden, NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import { deleteDocument, findDocument, putDocument } from './documents.js';

/**
 * Keystone's domain-specific configuration (`/v3/domains/{id}/config`): per
 * domain, options of the `identity` and `ldap` groups only, as Keystone's
 * whitelist allows; `ldap.password` is kept but never shown. Stored as one
 * document under the domain's id.
 */

export type DomainConfig = Record<string, Record<string, unknown>>;

/** The defaults Keystone answers at `/v3/domains/config/default`, which are also the options a domain may set. */
export const DEFAULT_DOMAIN_CONFIG: DomainConfig = {
  identity: { driver: 'sql', list_limit: null },
  ldap: {
    url: 'ldap://localhost',
    user: null,
    suffix: 'cn=example,cn=com',
    query_scope: 'one',
    page_size: 0,
    alias_dereferencing: 'default',
    debug_level: null,
    chase_referrals: null,
    user_tree_dn: null,
    user_filter: null,
    user_objectclass: 'inetOrgPerson',
    user_id_attribute: 'cn',
    user_name_attribute: 'sn',
    user_mail_attribute: 'mail',
    user_description_attribute: 'description',
    user_pass_attribute: 'userPassword',
    user_enabled_attribute: 'enabled',
    user_enabled_invert: false,
    user_enabled_mask: 0,
    user_enabled_default: 'True',
    user_attribute_ignore: ['default_project_id'],
    user_default_project_id_attribute: null,
    user_enabled_emulation: false,
    user_enabled_emulation_dn: null,
    user_enabled_emulation_use_group_config: false,
    user_additional_attribute_mapping: [],
    group_tree_dn: null,
    group_filter: null,
    group_objectclass: 'groupOfNames',
    group_id_attribute: 'cn',
    group_name_attribute: 'ou',
    group_members_are_ids: false,
    group_member_attribute: 'member',
    group_desc_attribute: 'description',
    group_attribute_ignore: [],
    group_additional_attribute_mapping: [],
    tls_cacertfile: null,
    tls_cacertdir: null,
    use_tls: false,
    tls_req_cert: 'demand',
    use_pool: true,
    pool_size: 10,
    pool_retry_max: 3,
    pool_retry_delay: 0.1,
    pool_connection_timeout: -1,
    pool_connection_lifetime: 600,
    use_auth_pool: true,
    auth_pool_size: 100,
    auth_pool_connection_lifetime: 60,
  },
};

/** Options a domain may set but that no answer shows. */
const SENSITIVE: Record<string, string[]> = { ldap: ['password'] };

const invalid = (message: string) => new Forbidden(`Invalid domain specific configuration: ${message}`);

/** Refuses a group or option Keystone does not let a domain configure, in its words. */
export function checkSupported(group: string, option?: string): void {
  if (!(group in DEFAULT_DOMAIN_CONFIG)) throw invalid(`Group ${group} is not supported for domain specific configurations.`);
  if (option !== undefined && !(option in DEFAULT_DOMAIN_CONFIG[group]) && !SENSITIVE[group]?.includes(option)) {
    throw invalid(`Option ${option} in group ${group} is not supported for domain specific configurations.`);
  }
}

/** A request's `config`: groups of options, each supported. */
export function parseConfig(body: unknown): DomainConfig {
  const config = (body as { config?: unknown } | null)?.config;
  if (!config || typeof config !== 'object' || Array.isArray(config) || !Object.keys(config).length) throw new BadRequest('Invalid domain specific configuration: config must be a non-empty object of groups.');
  for (const [group, options] of Object.entries(config)) {
    if (!options || typeof options !== 'object' || Array.isArray(options)) throw new BadRequest(`Invalid domain specific configuration: group ${group} must be an object of options.`);
    checkSupported(group);
    for (const option of Object.keys(options)) checkSupported(group, option);
  }
  return config as DomainConfig;
}

const notFound = (domainId: string) => new NotFound(`Could not find any options in domain configuration for domain ${domainId}.`);

function stored(db: Db, domainId: string): DomainConfig | undefined {
  const document = findDocument(db, 'domain_config', domainId);
  return document ? (document.config as DomainConfig) : undefined;
}

/** The domain's configuration with its sensitive options left out; 404 when it has none. */
export function showConfig(db: Db, domainId: string): DomainConfig {
  const config = stored(db, domainId);
  if (!config) throw notFound(domainId);
  return Object.fromEntries(
    Object.entries(config)
      .map(([group, options]) => [group, Object.fromEntries(Object.entries(options).filter(([option]) => !SENSITIVE[group]?.includes(option)))] as const)
      .filter(([, options]) => Object.keys(options).length),
  );
}

export function showGroup(db: Db, domainId: string, group: string): Record<string, unknown> {
  checkSupported(group);
  const options = showConfig(db, domainId)[group];
  if (!options) throw new NotFound(`Could not find group ${group} in domain configuration for domain ${domainId}.`);
  return options;
}

export function showOption(db: Db, domainId: string, group: string, option: string): unknown {
  checkSupported(group, option);
  const options = showGroup(db, domainId, group);
  if (!(option in options)) throw new NotFound(`Could not find option ${option} in group ${group} in domain configuration for domain ${domainId}.`);
  return options[option];
}

/** Replaces the domain's configuration; says whether there was one (Keystone: 200 then, 201 otherwise). */
export function replaceConfig(db: Db, domainId: string, config: DomainConfig, now: number): boolean {
  const existed = stored(db, domainId) !== undefined;
  putDocument(db, 'domain_config', { id: domainId, config }, now);
  return existed;
}

/** Merges options into the stored configuration (404 without one); `group` limits the change to that group. */
export function mergeConfig(db: Db, domainId: string, changes: DomainConfig, now: number, group?: string): DomainConfig {
  const current = stored(db, domainId);
  if (!current) throw notFound(domainId);
  if (group !== undefined) {
    checkSupported(group);
    const others = Object.keys(changes).filter((name) => name !== group);
    if (others.length) throw invalid(`request to update group ${group}, but config provided contains group ${others[0]} instead.`);
    if (!current[group]) throw new NotFound(`Could not find group ${group} in domain configuration for domain ${domainId}.`);
  }
  const merged: DomainConfig = { ...current };
  for (const [name, options] of Object.entries(changes)) merged[name] = { ...merged[name], ...options };
  putDocument(db, 'domain_config', { id: domainId, config: merged }, now);
  return merged;
}

/** Deletes the whole configuration, one group, or one option (404 for what is not there). */
export function deleteConfig(db: Db, domainId: string, now: number, group?: string, option?: string): void {
  if (stored(db, domainId) === undefined) throw notFound(domainId);
  if (group === undefined) return deleteDocument(db, 'domain_config', domainId);
  if (option === undefined) showGroup(db, domainId, group);
  else showOption(db, domainId, group, option);
  const current = stored(db, domainId)!;
  const next: DomainConfig = { ...current };
  if (option === undefined) delete next[group];
  else {
    next[group] = { ...next[group] };
    delete next[group][option];
    if (!Object.keys(next[group]).length) delete next[group];
  }
  if (Object.keys(next).length) putDocument(db, 'domain_config', { id: domainId, config: next }, now);
  else deleteDocument(db, 'domain_config', domainId);
}
