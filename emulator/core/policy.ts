import type { RequestContext } from './context.js';
import { isAdmin } from './context.js';

/**
 * A policy rule: named like the real service's rule (`os_compute_api:os-keypairs:create`,
 * `identity:get_project`) so grepping the OpenStack name finds the check.
 */
export type Rule<Target = Record<string, unknown>> = (context: RequestContext, target: Target) => boolean;

export const rules = {
  admin: ((context) => isAdmin(context)) as Rule,
  /** `rule:context_is_admin or user_id:%(user_id)s` */
  adminOrOwner: ((context, target) => isAdmin(context) || target.user_id === context.userId) as Rule<{ user_id?: unknown }>,
  /** Any role on the token's scope: a member or reader of the project. */
  projectReader: ((context) => context.projectId !== null && context.roles.length > 0) as Rule,
  /** Readers may look but not change: `role:member` (admin implies member). */
  projectMember: ((context) => context.projectId !== null && context.roles.includes('member')) as Rule,
};

/** Checks `rule` and returns whether it passes; the caller raises its service's 403. */
export function allowed<T>(rule: Rule<T>, context: RequestContext, target: T): boolean {
  return rule(context, target);
}
