import { BOOTSTRAP_ELEMENT_ID, type Bootstrap } from '../../shared/bootstrap';
import type { PolicyApi, PolicyRules } from './contract';

/** The page's bootstrap, or null when it has none (signed out, or the dev server's page). */
export function readBootstrap(doc: Document): Bootstrap | null {
  const text = doc.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<Bootstrap>;
    return parsed.answers && parsed.policy ? (parsed as Bootstrap) : null;
  } catch {
    return null;
  }
}

/**
 * The page's bootstrap as the HTTP helper and the policy checks use it. It
 * holds for the session the page was served for: the first write (a project
 * switch, a sign-out, or any change that may alter what the reads say) or a
 * 401 drops it, and from then on everything is asked of the server.
 */
export interface Preloads {
  /**
   * The answer the page came with for a GET of `url` (path and query as sent),
   * or undefined. A first read (the page's list) answers once: the next read
   * of it (a poll, a refresh) is the server's.
   */
  answer(url: string): { value: unknown } | undefined;
  /**
   * A GET of `url` went to the server: the first reads of its path are
   * dropped (the page asked with another query than the server foresaw, e.g.
   * a search kept in the tab, and a later read of the foreseen URL must not
   * get an old answer).
   */
  asked(url: string): void;
  /** The verdict of a check with no target, when the page's verdicts decide it. */
  verdict(rules: PolicyRules, target?: Record<string, unknown>): boolean | undefined;
  drop(): void;
}

export function createPreloads(bootstrap: Bootstrap | null): Preloads {
  let current = bootstrap;
  const firstReads = new Map(Object.entries(bootstrap?.firstReads ?? {}));
  return {
    answer(url) {
      if (!current) return undefined;
      if (firstReads.has(url)) {
        const value = firstReads.get(url);
        firstReads.delete(url);
        return { value };
      }
      if (!Object.hasOwn(current.answers, url)) return undefined;
      // A copy: callers may change what they get, and the next caller must see the server's answer.
      return { value: structuredClone(current.answers[url]) };
    },
    asked(url) {
      const path = url.split('?')[0];
      for (const key of [...firstReads.keys()]) if (key.split('?')[0] === path) firstReads.delete(key);
    },
    verdict(rules, target) {
      if (!current || (target && Object.keys(target).length)) return undefined;
      const policy = current.policy;
      // A scope the server has no table for allows (api-contract §2), as /api/policy/ answers.
      return rules.every(([scope, action]) => {
        const verdicts = policy[scope];
        return !verdicts || (Object.hasOwn(verdicts.rules, action) ? verdicts.rules[action] : verdicts.otherwise);
      });
    },
    drop() {
      current = null;
      firstReads.clear();
    },
  };
}

/** The policy checks answered from the page's verdicts where they decide, and by the server otherwise. */
export function withPreloadedVerdicts(policy: PolicyApi, preloads: Preloads): PolicyApi {
  return {
    check(rules, target) {
      const verdict = preloads.verdict(rules, target);
      return verdict === undefined ? policy.check(rules, target) : Promise.resolve(verdict);
    },
    known: (rules, target) => preloads.verdict(rules, target) ?? policy.known?.(rules, target),
  };
}
