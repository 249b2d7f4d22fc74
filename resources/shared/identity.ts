/**
 * Shared permission conditions of the identity panels (spec 3 §6): every
 * action needs both the identity backend's `can_edit_<kind>` and its policy
 * rule. Plain data, no React.
 */
import type { PolicyRules } from '../../src/descriptor';

export type IdentityKind = 'domain' | 'project' | 'user' | 'group' | 'role';

/** `{ policy, requires }` of an identity action on `kind` needing `rules`. */
export function identityAction(kind: IdentityKind, ...rules: string[]): { policy: PolicyRules; requires: { settings: string[] } } {
  return {
    policy: rules.map((rule): [string, string] => ['identity', `identity:${rule}`]),
    requires: { settings: [`OPENSTACK_KEYSTONE_BACKEND.can_edit_${kind}`] },
  };
}
