import { firstQuery, queryOf } from '../../core/http.js';
import type { Handler } from '../../core/service.js';
import { multiParams, validateQuery } from '../../core/validation.js';
import { getQuotaLimits, getQuotaUsage } from '../models/quotas.js';
import { enforce } from '../policy.js';
import { contextOf, versionOf } from './common.js';

/**
 * `GET /limits` (nova/api/openstack/compute/limits.py + views/limits.py):
 * network limits disappear from 2.36, maxImageMeta from 2.39, the
 * personality limits from 2.57; unknown query parameters are refused from 2.75.
 */

const LIMITS_QUERY = { type: 'object', properties: { tenant_id: multiParams({ type: 'string' }) }, additionalProperties: true };
const LIMITS_QUERY_275 = { ...LIMITS_QUERY, additionalProperties: false };

/** Network quotas are Neutron's; Nova's proxy reports them unlimited and unused. */
const NETWORK_PROXY = { floating_ips: -1, security_groups: -1, security_group_rules: -1 };

export const showLimits: Handler = (deps) => async (request) => {
  const version = versionOf(request);
  const context = contextOf(request);
  const query = queryOf(request);
  validateQuery(version.atLeast('2.75') ? LIMITS_QUERY_275 : LIMITS_QUERY, query);
  enforce('os_compute_api:limits', context);
  let projectId = context.projectId!;
  const tenant = firstQuery(query, 'tenant_id');
  if (tenant !== undefined) {
    enforce('os_compute_api:limits:other_project', context);
    projectId = tenant;
  }
  const quotas = { ...getQuotaLimits(deps.db, projectId), ...NETWORK_PROXY };
  const used = getQuotaUsage(deps.db, projectId);
  const network = !version.atLeast('2.36');
  const imageMeta = !version.atLeast('2.39');
  const personality = !version.atLeast('2.57');

  const absolute: Record<string, number> = {
    maxTotalInstances: quotas.instances,
    maxTotalCores: quotas.cores,
    maxTotalRAMSize: quotas.ram,
    maxServerMeta: quotas.metadata_items,
    ...(imageMeta ? { maxImageMeta: quotas.metadata_items } : {}),
    ...(personality ? { maxPersonality: quotas.injected_files, maxPersonalitySize: quotas.injected_file_content_bytes } : {}),
    maxTotalKeypairs: quotas.key_pairs,
    maxServerGroups: quotas.server_groups,
    maxServerGroupMembers: quotas.server_group_members,
    ...(network
      ? { maxTotalFloatingIps: quotas.floating_ips, maxSecurityGroups: quotas.security_groups, maxSecurityGroupRules: quotas.security_group_rules }
      : {}),
    totalRAMUsed: used.ram,
    totalCoresUsed: used.cores,
    totalInstancesUsed: used.instances,
    ...(network ? { totalFloatingIpsUsed: 0, totalSecurityGroupsUsed: 0 } : {}),
    totalServerGroupsUsed: used.server_groups,
  };
  return { limits: { rate: [], absolute } };
};
