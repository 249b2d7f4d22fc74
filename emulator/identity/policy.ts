import type { RequestContext } from '../core/context.js';
import { isAdmin } from '../core/context.js';
import { Forbidden } from '../core/errors.js';

/**
 * Keystone's policy rules this emulator enforces, by their real names. Admin
 * means `role:admin` on the token, as in Keystone's legacy defaults, which
 * real deployments still apply.
 */
type Target = Record<string, unknown>;

const RULES: Record<string, (context: RequestContext, target: Target) => boolean> = {
  'identity:list_users': (context) => isAdmin(context),
  'identity:get_user': (context, target) => isAdmin(context) || context.userId === target.user_id,
  'identity:list_user_projects': (context, target) => isAdmin(context) || context.userId === target.user_id,
  'identity:list_projects': (context) => isAdmin(context),
  // Admin, or a project the caller holds a role on.
  'identity:get_project': (context, target) => isAdmin(context) || context.projectId === target.project_id || target.caller_has_role === true,
  'identity:list_domains': (context) => isAdmin(context),
  'identity:get_domain': (context, target) =>
    isAdmin(context) || context.domainId === target.domain_id || context.userDomainId === target.domain_id || context.projectDomainId === target.domain_id,
  'identity:list_roles': (context) => isAdmin(context),
  'identity:list_grants': (context) => isAdmin(context),
  'identity:validate_token': (context, target) => isAdmin(context) || context.userId === target.token_user_id,
  'identity:revoke_token': (context, target) => isAdmin(context) || context.userId === target.token_user_id,
};

export function enforce(rule: keyof typeof RULES & string, context: RequestContext, target: Target = {}): void {
  const check = RULES[rule];
  if (!check || !check(context, target)) throw new Forbidden(`You are not authorized to perform the requested action: ${rule}.`);
}
