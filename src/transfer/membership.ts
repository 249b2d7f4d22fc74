/**
 * Membership (spec 1 §3, §6): the members of one membership step (users of a
 * project, groups of a project…) each hold a list of role ids. Pure
 * functions; `MembershipTable` renders them.
 */

/** Member id → the ids of its roles, in the order given. */
export type Membership = Record<string, string[]>;

/** Spec 1 §9: the membership list filter waits 200 ms after typing. */
export const MEMBERSHIP_FILTER_DELAY_MS = 200;

/**
 * The membership after the allocated member list changed: members that are
 * new get the default role (spec 1 §6 "a default role on adding"), members
 * that stay keep their roles, removed members lose theirs.
 *
 * @example
 * withMembers({ u1: ['admin'] }, ['u1', 'u2'], 'member'); // { u1: ['admin'], u2: ['member'] }
 */
export function withMembers(membership: Membership, memberIds: readonly string[], defaultRole: string): Membership {
  return Object.fromEntries(memberIds.map((id) => [id, membership[id] ?? [defaultRole]]));
}

/**
 * Gives or takes one role of a member; several roles per member are possible.
 *
 * @example
 * toggleRole({ u1: ['member'] }, 'u1', 'admin'); // { u1: ['member', 'admin'] }
 */
export function toggleRole(membership: Membership, memberId: string, roleId: string): Membership {
  const roles = membership[memberId] ?? [];
  const next = roles.includes(roleId) ? roles.filter((role) => role !== roleId) : [...roles, roleId];
  return { ...membership, [memberId]: next };
}
