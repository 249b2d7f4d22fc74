import { isAdmin, type RequestContext } from '../core/context.js';
import { NeutronFault, policyNotAuthorized } from './faults.js';

/**
 * Neutron's default policies (neutron/conf/policies) for the attributes a
 * project may not set: sharing, external networks, provider segments,
 * default flags, SNAT, fixed addresses on others' networks; QoS and agents
 * are the admin's. The message names the rules as oslo.policy does:
 * `(rule:create_network and rule:create_network:shared) is disallowed by policy`.
 */

const ADMIN_ONLY_ATTRIBUTES: Record<string, string[]> = {
  network: ['shared', 'router:external', 'is_default', 'provider:network_type', 'provider:physical_network', 'provider:segmentation_id', 'mtu'],
  subnetpool: ['shared', 'is_default'],
  router: ['external_gateway_info:enable_snat', 'external_gateway_info:external_fixed_ips'],
  floatingip: ['floating_ip_address'],
  port: ['binding:host_id', 'binding:profile'],
};

/** The value at `attribute`; `a:b` names the key `b` inside `a` only for external_gateway_info. */
function valueAt(values: Record<string, unknown>, attribute: string): unknown {
  if (attribute.startsWith('external_gateway_info:')) {
    const info = values.external_gateway_info as Record<string, unknown> | null | undefined;
    return info?.[attribute.slice('external_gateway_info:'.length)];
  }
  return values[attribute];
}

/** 403 when a non-admin sets an admin-only attribute of `resource` (`action` is create or update). */
export function enforceAttributes(context: RequestContext, action: 'create' | 'update', resource: string, values: Record<string, unknown>): void {
  if (isAdmin(context)) return;
  for (const attribute of ADMIN_ONLY_ATTRIBUTES[resource] ?? []) {
    const value = valueAt(values, attribute);
    // Setting a flag to its default (shared: false) is no privilege.
    if (value !== undefined && !(value === false && ['shared', 'router:external', 'is_default'].includes(attribute))) {
      throw policyNotAuthorized(`(rule:${action}_${resource} and rule:${action}_${resource}:${attribute})`);
    }
  }
}

/** A rule only the admin passes (`rule:admin_only`). */
export function enforceAdmin(context: RequestContext, rule: string): void {
  if (!isAdmin(context)) throw policyNotAuthorized(`rule:${rule}`);
}

/** A non-admin may only create for its own project (neutron/api/v2/base.py `_validate_network_tenant_ownership`). */
export function ownerOf(context: RequestContext, values: Record<string, unknown>): string {
  const requested = (values.project_id ?? values.tenant_id) as string | undefined;
  if (values.project_id !== undefined && values.tenant_id !== undefined && values.project_id !== values.tenant_id) {
    throw new NeutronFault(400, 'HTTPBadRequest', "'project_id' and 'tenant_id' do not match");
  }
  if (requested !== undefined && requested !== context.projectId && !isAdmin(context)) {
    throw new NeutronFault(400, 'HTTPBadRequest', "Specifying 'project_id' or 'tenant_id' other than the authenticated project in request requires admin privileges");
  }
  return requested ?? context.projectId!;
}
