import type { RequestContext } from '../core/context.js';
import { Forbidden } from '../core/errors.js';
import { allowed, type Rule, rules } from '../core/policy.js';

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
};

export function enforce(rule: string, context: RequestContext, target: Record<string, unknown> = {}): void {
  const check = RULES[rule] as Rule<Record<string, unknown>> | undefined;
  if (!check || !allowed(check, context, target)) throw new Forbidden(`Policy doesn't allow ${rule} to be performed.`);
}
