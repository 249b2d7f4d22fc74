/**
 * A small evaluator of oslo.policy check strings ("role:admin or
 * (role:member and project_id:%(project_id)s)"), so the BFF answers
 * `/api/policy/` the way Horizon's openstack_auth.policy does, from rule
 * tables rather than code. The native APIs remain the real gate.
 */

export interface Credentials {
  roles: string[];
  user_id: string;
  project_id: string | null;
  domain_id: string | null;
  [key: string]: unknown;
}

export type Target = Record<string, unknown>;
export type RuleTable = Record<string, string>;

type Check = (creds: Credentials, target: Target, rules: RuleTable, depth: number) => boolean;

const parsed = new Map<string, Check>();

export function evaluate(ruleName: string, rules: RuleTable, creds: Credentials, target: Target): boolean {
  return checkRule(ruleName, rules, creds, target, 0);
}

function checkRule(name: string, rules: RuleTable, creds: Credentials, target: Target, depth: number): boolean {
  // oslo.policy: a rule that is not defined falls back to "default", which is empty (allow) in Horizon's files.
  const text = rules[name] ?? rules.default ?? '';
  if (depth > 20) return false; // a rule referring to itself must not hang the server
  return compile(text)(creds, target, rules, depth + 1);
}

function compile(text: string): Check {
  let check = parsed.get(text);
  if (!check) {
    check = new Parser(tokenize(text)).parse();
    parsed.set(text, check);
  }
  return check;
}

/** As oslo.policy: split on spaces, then peel grouping parentheses off each end, so %(key)s stays whole. */
function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const chunk of text.split(/\s+/).filter(Boolean)) {
    let body = chunk;
    while (body.startsWith('(')) {
      tokens.push('(');
      body = body.slice(1);
    }
    let closing = 0;
    while (body.endsWith(')') && !/%\([^)]*\)$/.test(body)) {
      closing++;
      body = body.slice(0, -1);
    }
    if (body) tokens.push(body);
    for (let i = 0; i < closing; i++) tokens.push(')');
  }
  return tokens;
}

class Parser {
  private position = 0;
  constructor(private readonly tokens: string[]) {}

  parse(): Check {
    if (this.tokens.length === 0) return () => true; // an empty rule always passes
    const check = this.parseOr();
    if (this.position < this.tokens.length) throw new Error(`Unexpected "${this.tokens[this.position]}" in policy rule`);
    return check;
  }

  private parseOr(): Check {
    const parts = [this.parseAnd()];
    while (this.peek() === 'or') {
      this.position++;
      parts.push(this.parseAnd());
    }
    return parts.length === 1 ? parts[0] : (c, t, r, d) => parts.some((part) => part(c, t, r, d));
  }

  private parseAnd(): Check {
    const parts = [this.parseNot()];
    while (this.peek() === 'and') {
      this.position++;
      parts.push(this.parseNot());
    }
    return parts.length === 1 ? parts[0] : (c, t, r, d) => parts.every((part) => part(c, t, r, d));
  }

  private parseNot(): Check {
    if (this.peek() === 'not') {
      this.position++;
      const inner = this.parseNot();
      return (c, t, r, d) => !inner(c, t, r, d);
    }
    return this.parseAtom();
  }

  private parseAtom(): Check {
    const token = this.tokens[this.position++];
    if (token === undefined) throw new Error('Policy rule ends too early');
    if (token === '(') {
      const inner = this.parseOr();
      if (this.tokens[this.position++] !== ')') throw new Error('Missing ")" in policy rule');
      return inner;
    }
    return atomCheck(token);
  }

  private peek(): string | undefined {
    return this.tokens[this.position]?.toLowerCase();
  }
}

function atomCheck(token: string): Check {
  if (token === '@') return () => true;
  if (token === '!') return () => false;
  const colon = token.indexOf(':');
  if (colon < 0) throw new Error(`Policy check "${token}" has no kind`);
  const kind = token.slice(0, colon);
  const value = token.slice(colon + 1);
  if (kind === 'rule') return (c, t, r, d) => checkRule(value, r, c, t, d);
  if (kind === 'role') return (c) => c.roles.some((role) => role.toLowerCase() === value.toLowerCase());
  return (creds, target) => genericCheck(kind, value, creds, target);
}

/** `project_id:%(project_id)s`: a credential compared with a target value or a literal. */
function genericCheck(credentialKey: string, expected: string, creds: Credentials, target: Target): boolean {
  const credential = creds[credentialKey];
  const substitution = /^%\((.+)\)s$/.exec(expected);
  if (substitution) {
    const targetValue = lookup(target, substitution[1]);
    return targetValue !== undefined && targetValue !== null && String(targetValue) === String(credential);
  }
  const literal = expected.replace(/^'(.*)'$/, '$1');
  return credential !== undefined && credential !== null && String(credential).toLowerCase() === literal.toLowerCase();
}

/** Targets use both flat ("target.project.id" as one key) and nested forms. */
function lookup(target: Target, path: string): unknown {
  if (path in target) return target[path];
  const withoutPrefix = path.replace(/^target\./, '');
  if (withoutPrefix in target) return target[withoutPrefix];
  return withoutPrefix.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), target);
}
