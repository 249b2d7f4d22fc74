import { describe, expect, it } from 'vitest';
import { type Credentials, evaluate } from '../../../server/policy/engine.js';

const member: Credentials = { roles: ['member', 'reader'], user_id: 'u1', project_id: 'p1', domain_id: 'default' };
const admin: Credentials = { roles: ['admin', 'member', 'reader'], user_id: 'u0', project_id: 'p0', domain_id: 'default' };

const rules = {
  admin_required: 'role:admin',
  owner: 'user_id:%(user_id)s',
  admin_or_owner: 'rule:admin_required or rule:owner',
  member_of_project: 'role:member and project_id:%(project_id)s',
  not_reader: 'not role:reader',
  always: '@',
  never: '!',
  empty: '',
  loop: 'rule:loop',
  literal: "domain_id:'default'",
  nested: 'project_id:%(target.project.id)s',
};

describe('policy check strings', () => {
  it('role checks are case-insensitive', () => {
    expect(evaluate('admin_required', rules, { ...admin, roles: ['Admin'] }, {})).toBe(true);
    expect(evaluate('admin_required', rules, member, {})).toBe(false);
  });

  it('generic checks compare a credential with a target value', () => {
    expect(evaluate('owner', rules, member, { user_id: 'u1' })).toBe(true);
    expect(evaluate('owner', rules, member, { user_id: 'u2' })).toBe(false);
    expect(evaluate('owner', rules, member, {})).toBe(false);
  });

  it('rule references, or, and, not', () => {
    expect(evaluate('admin_or_owner', rules, admin, { user_id: 'someone' })).toBe(true);
    expect(evaluate('member_of_project', rules, member, { project_id: 'p1' })).toBe(true);
    expect(evaluate('member_of_project', rules, member, { project_id: 'p2' })).toBe(false);
    expect(evaluate('not_reader', rules, member, {})).toBe(false);
  });

  it('@ always passes, ! never does, an empty rule passes', () => {
    expect(evaluate('always', rules, member, {})).toBe(true);
    expect(evaluate('never', rules, admin, {})).toBe(false);
    expect(evaluate('empty', rules, member, {})).toBe(true);
  });

  it('literals and nested target paths', () => {
    expect(evaluate('literal', rules, member, {})).toBe(true);
    expect(evaluate('nested', rules, member, { project: { id: 'p1' } })).toBe(true);
    expect(evaluate('nested', rules, member, { 'target.project.id': 'p1' })).toBe(true);
  });

  it('a rule that refers to itself is refused instead of hanging', () => {
    expect(evaluate('loop', rules, admin, {})).toBe(false);
  });

  it('parentheses group', () => {
    const table = { r: 'role:admin or (role:member and project_id:%(project_id)s)' };
    expect(evaluate('r', table, member, { project_id: 'p1' })).toBe(true);
    expect(evaluate('r', table, member, { project_id: 'x' })).toBe(false);
  });
});
