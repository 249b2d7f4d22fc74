/**
 * What the load balancer tree's descriptors share (spec 3 §4.1, §6): the
 * provisioning states that move, the details' reload backoff and the
 * load-balancer policy rules. Plain data, no React.
 */
import type { PolicyRules } from '../../src/descriptor';

/** Provisioning states a list or details page keeps polling (spec 3 §4.1). */
export const PENDING = ['PENDING_CREATE', 'PENDING_UPDATE', 'PENDING_DELETE'] as const;

/** Spec 3 §4.1, §9.1: details reload from 250 ms, doubling, up to 5,000 ms. */
export const LB_BACKOFF = { first: 250, factor: 2, max: 5000 };

/** The load-balancer service's rule for `kind` and `verb` (spec 3 §6: os_load-balancer_api:<kind>:<verb>). */
export function lbPolicy(kind: string, verb: 'post' | 'put' | 'delete'): PolicyRules {
  return [['load-balancer', `os_load-balancer_api:${kind}:${verb}`]];
}
