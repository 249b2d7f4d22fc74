import type { RequestContext } from '../core/context.js';
import { isAdmin } from '../core/context.js';
import { Forbidden } from '../core/errors.js';

/**
 * Keystone's policy rules this emulator enforces, by their real names, with
 * Keystone's defaults as a deployment without system scope applies them: an
 * admin on a project-scoped token manages the whole cloud (the legacy
 * `role:admin`); an admin on a domain-scoped token manages that domain only;
 * members and readers read themselves and their projects; the names of their
 * roles come in their token.
 * Targets carry the `domain_id` of the entity acted on.
 */
type Target = Record<string, unknown>;
type Rule = (context: RequestContext, target: Target) => boolean;

export const isCloudAdmin = (context: RequestContext) => isAdmin(context) && context.domainId === null;
const isDomainAdmin = (context: RequestContext, domainId: unknown) => isAdmin(context) && context.domainId !== null && context.domainId === domainId;
/** Cloud admin, or admin of the target's domain. */
const manages: Rule = (context, target) => isCloudAdmin(context) || isDomainAdmin(context, target.domain_id);
const self: Rule = (context, target) => context.userId === target.user_id;

const RULES: Record<string, Rule> = {
  'identity:list_users': manages,
  'identity:get_user': (context, target) => manages(context, target) || self(context, target),
  'identity:create_user': manages,
  'identity:update_user': manages,
  'identity:delete_user': manages,
  'identity:list_user_projects': (context, target) => manages(context, target) || self(context, target),
  'identity:list_groups_for_user': (context, target) => manages(context, target) || self(context, target),
  'identity:list_projects': manages,
  // Admin, or a project the caller holds a role on.
  'identity:get_project': (context, target) => manages(context, target) || context.projectId === target.project_id || target.caller_has_role === true,
  'identity:create_project': manages,
  'identity:update_project': manages,
  'identity:delete_project': manages,
  'identity:list_domains': isCloudAdmin,
  'identity:get_domain': (context, target) =>
    isCloudAdmin(context) || context.domainId === target.domain_id || context.userDomainId === target.domain_id || context.projectDomainId === target.domain_id,
  'identity:create_domain': isCloudAdmin,
  'identity:update_domain': isCloudAdmin,
  'identity:delete_domain': isCloudAdmin,
  'identity:list_groups': manages,
  'identity:get_group': manages,
  'identity:create_group': manages,
  'identity:update_group': manages,
  'identity:delete_group': manages,
  'identity:list_users_in_group': manages,
  'identity:add_user_to_group': manages,
  'identity:remove_user_from_group': manages,
  'identity:check_user_in_group': manages,
  // Global roles are read by any admin; domain-specific ones by their domain's admin.
  'identity:list_roles': (context) => isAdmin(context),
  'identity:get_role': (context) => isAdmin(context),
  'identity:create_role': isCloudAdmin,
  'identity:update_role': isCloudAdmin,
  'identity:delete_role': isCloudAdmin,
  'identity:list_domain_roles': manages,
  'identity:create_implied_role': isCloudAdmin,
  'identity:get_implied_role': (context) => isAdmin(context),
  'identity:check_implied_role': (context) => isAdmin(context),
  'identity:delete_implied_role': isCloudAdmin,
  'identity:list_implied_roles': (context) => isAdmin(context),
  'identity:list_role_inference_rules': (context) => isAdmin(context),
  'identity:get_domain_role': manages,
  'identity:create_domain_role': manages,
  'identity:update_domain_role': manages,
  'identity:delete_domain_role': manages,
  // Grants: the admin of the target's domain (members read their roles in their token only).
  'identity:list_grants': manages,
  'identity:check_grant': manages,
  'identity:create_grant': manages,
  'identity:revoke_grant': manages,
  'identity:list_role_assignments': manages,
  // System grants: the cloud admin only (Keystone's `admin_required` for them).
  ...Object.fromEntries(
    ['list_system_grants', 'check_system_grant', 'create_system_grant', 'revoke_system_grant'].flatMap((action) =>
      ['user', 'group'].map((actor) => [`identity:${action}_for_${actor}`, isCloudAdmin]),
    ),
  ),
  'identity:create_domain_config': isCloudAdmin,
  'identity:get_domain_config': isCloudAdmin,
  'identity:get_domain_config_default': isAdmin,
  'identity:update_domain_config': isCloudAdmin,
  'identity:delete_domain_config': isCloudAdmin,
  'identity:validate_token': (context, target) => isAdmin(context) || context.userId === target.token_user_id,
  'identity:revoke_token': (context, target) => isAdmin(context) || context.userId === target.token_user_id,
};

export function enforce(rule: keyof typeof RULES & string, context: RequestContext, target: Target = {}): void {
  const check = RULES[rule];
  if (!check || !check(context, target)) throw new Forbidden(`You are not authorized to perform the requested action: ${rule}.`);
}
