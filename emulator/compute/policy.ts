import { isAdmin, type RequestContext } from '../core/context.js';
import { Forbidden } from '../core/errors.js';
import { allowed, type Rule, rules } from '../core/policy.js';

/** `rule:context_is_admin or project_id:%(project_id)s`: Zed's deprecated fallback, still in force there (enforce_new_defaults off). */
const adminOrOwner: Rule<{ project_id?: unknown }> = (context, target) => isAdmin(context) || (context.projectId !== null && target.project_id === context.projectId);
/** `project_member_or_admin`: a member of the target's project (readers may not write). */
const projectMemberOrAdmin: Rule<{ project_id?: unknown }> = (context, target) =>
  isAdmin(context) || (rules.projectMember(context, target) && target.project_id === context.projectId);
/** `project_reader_or_admin` */
const projectReaderOrAdmin: Rule<{ project_id?: unknown }> = (context, target) =>
  isAdmin(context) || (rules.projectReader(context, target) && target.project_id === context.projectId);

/**
 * Nova's policy rules (nova/policies/*.py) by name. Key pairs belong to a
 * user: `rule:context_is_admin or user_id:%(user_id)s`, whatever the role on
 * the project (so a reader manages their own key pairs, as in Nova).
 */
const RULES: Record<string, Rule<never>> = {
  'os_compute_api:os-keypairs:index': rules.adminOrOwner,
  'os_compute_api:os-keypairs:create': rules.adminOrOwner,
  'os_compute_api:os-keypairs:show': rules.adminOrOwner,
  'os_compute_api:os-keypairs:delete': rules.adminOrOwner,
  'os_compute_api:limits': rules.projectReader,
  'os_compute_api:limits:other_project': rules.admin,
  // Flavors: writes are the admin's; reading extra specs is any project's.
  'os_compute_api:os-flavor-manage:create': rules.admin,
  'os_compute_api:os-flavor-manage:update': rules.admin,
  'os_compute_api:os-flavor-manage:delete': rules.admin,
  'os_compute_api:os-flavor-extra-specs:index': projectReaderOrAdmin,
  'os_compute_api:os-flavor-extra-specs:show': projectReaderOrAdmin,
  'os_compute_api:os-flavor-extra-specs:create': rules.admin,
  'os_compute_api:os-flavor-extra-specs:update': rules.admin,
  'os_compute_api:os-flavor-extra-specs:delete': rules.admin,
  // The access list: admin by the new default, but the deprecated admin_or_owner still lets a project read it in Zed.
  'os_compute_api:os-flavor-access': adminOrOwner,
  'os_compute_api:os-flavor-access:add_tenant_access': rules.admin,
  'os_compute_api:os-flavor-access:remove_tenant_access': rules.admin,
  // Server groups belong to a project.
  'os_compute_api:os-server-groups:index': projectReaderOrAdmin,
  'os_compute_api:os-server-groups:index:all_projects': rules.admin,
  'os_compute_api:os-server-groups:show': projectReaderOrAdmin,
  'os_compute_api:os-server-groups:create': projectMemberOrAdmin,
  'os_compute_api:os-server-groups:delete': projectMemberOrAdmin,
  // Usage: every project's is the admin's, a project's own its readers'.
  'os_compute_api:os-simple-tenant-usage:list': rules.admin,
  'os_compute_api:os-simple-tenant-usage:show': projectReaderOrAdmin,
};

/**
 * Raises Nova's 403 unless `rule` passes. As oslo.policy, a target without a
 * project_id defaults to the caller's project.
 */
export function enforce(rule: string, context: RequestContext, target: Record<string, unknown> = {}): void {
  if (!can(rule, context, target)) throw new Forbidden(`Policy doesn't allow ${rule} to be performed.`);
}

/** `context.can(rule, fatal=False)` */
export function can(rule: string, context: RequestContext, target: Record<string, unknown> = {}): boolean {
  const check = RULES[rule] as Rule<Record<string, unknown>> | undefined;
  return Boolean(check && allowed(check, context, { project_id: context.projectId, ...target }));
}
