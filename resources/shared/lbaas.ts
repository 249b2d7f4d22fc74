/**
 * What the load balancer tree's descriptors share (spec 3 §4.1, §6): the
 * provisioning states that move, the details' reload backoff and the
 * load-balancer policy rules. Plain data, no React.
 */
import type { PolicyRules, WizardStepDescriptor } from '../../src/descriptor';

/** Provisioning states a list or details page keeps polling (spec 3 §4.1). */
export const PENDING = ['PENDING_CREATE', 'PENDING_UPDATE', 'PENDING_DELETE'] as const;

/** Spec 3 §4.1, §9.1: details reload from 250 ms, doubling, up to 5,000 ms. */
export const LB_BACKOFF = { first: 250, factor: 2, max: 5000 };

/** The load-balancer service's rule for `kind` and `verb` (spec 3 §6: os_load-balancer_api:<kind>:<verb>). */
export function lbPolicy(kind: string, verb: 'post' | 'put' | 'delete'): PolicyRules {
  return [['load-balancer', `os_load-balancer_api:${kind}:${verb}`]];
}

/**
 * The load balancer wizard's steps over `loadbalancer.schema.json`'s
 * createForm, in the spec's order (spec 3 §2.3); the certificates step is
 * last and only for TERMINATED_HTTPS, so the monitor step has no Next otherwise.
 */
const LB_WIZARD_STEPS: WizardStepDescriptor[] = [
  { id: 'loadbalancer', title: 'Load Balancer Details', fields: ['name', 'description', 'vip_address', 'availability_zone', 'flavor_id', 'vip_subnet_id', 'admin_state_up'] },
  {
    id: 'listener',
    title: 'Listener Details',
    fields: ['create_listener', 'listener_name', 'listener_description', 'listener_protocol', 'listener_port', 'listener_connection_limit', 'listener_timeout_client_data', 'listener_timeout_member_connect', 'listener_timeout_member_data', 'listener_timeout_tcp_inspect', 'listener_admin_state_up'],
  },
  { id: 'pool', title: 'Pool Details', fields: ['create_pool', 'pool_name', 'pool_description', 'pool_protocol', 'pool_lb_algorithm', 'pool_session_persistence', 'pool_cookie_name', 'pool_tls_enabled', 'pool_admin_state_up'] },
  { id: 'members', title: 'Pool Members', fields: ['members', 'member_port', 'member_weight'] },
  {
    id: 'monitor',
    title: 'Monitor Details',
    fields: ['create_monitor', 'monitor_name', 'monitor_type', 'monitor_delay', 'monitor_timeout', 'monitor_max_retries', 'monitor_max_retries_down', 'monitor_http_method', 'monitor_expected_codes', 'monitor_url_path', 'monitor_admin_state_up'],
  },
  { id: 'certificates', title: 'SSL Certificates', fields: ['certificates'], when: { field: 'listener_protocol', values: ['TERMINATED_HTTPS'] } },
];

/** Fields only a subset's caller shows. */
const SUBSET_ONLY = ['pool_protocol'];

/**
 * The wizard restricted to the steps `subset` names (spec 3 §2.3: if the
 * subset matches nothing, all steps show). `shown` lists the fields only a
 * subset shows (the pool's protocol, which the load balancer wizard takes
 * from its listener); the create toggles of the objects the subset always
 * creates (its first step's) are left out, so §4.1's rules act on the rest.
 *
 * @example
 * lbWizardSteps(['pool', 'members', 'monitor'], ['pool_protocol']); // Create Pool's steps, without 'Create Pool'
 */
export function lbWizardSteps(subset: string[] = [], shown: string[] = []): WizardStepDescriptor[] {
  const chosen = LB_WIZARD_STEPS.filter((step) => subset.includes(step.id!));
  const steps = chosen.length ? chosen : LB_WIZARD_STEPS;
  const left = new Set([`create_${steps[0].id}`, ...SUBSET_ONLY.filter((field) => !shown.includes(field))]);
  return steps.map((step) => ({ ...step, fields: step.fields!.filter((field) => !left.has(field)) }));
}

/**
 * Spec 3 §9.1: the default listener port, raised by 1 while already used by
 * another of the load balancer's listeners.
 *
 * @example
 * freeListenerPort(80, [{ protocol_port: 80 }, { protocol_port: 81 }]); // 82
 */
export function freeListenerPort(port: number, listeners: readonly { protocol_port?: unknown }[]): number {
  const taken = new Set(listeners.map((listener) => listener.protocol_port));
  let free = port;
  while (taken.has(free)) free += 1;
  return free;
}
