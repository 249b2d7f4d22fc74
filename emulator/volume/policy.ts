import { isAdmin, type RequestContext } from '../core/context.js';
import { Forbidden } from '../core/errors.js';
import { allowed, type Rule, rules } from '../core/policy.js';

/** `rule:admin_or_owner` (Zed's deprecated defaults, still in force there): admin, or any role on the target's project. */
const adminOrOwner: Rule<{ project_id?: unknown }> = (context, target) =>
  isAdmin(context) || (context.projectId !== null && target.project_id === context.projectId);

/** Cinder's policy rules (cinder/policies/*.py) by name. */
const RULES: Record<string, Rule<never>> = {
  'volume:create': adminOrOwner,
  'volume:get': adminOrOwner,
  'volume:get_all': adminOrOwner,
  'volume:update': adminOrOwner,
  'volume:delete': adminOrOwner,
  'volume:extend': adminOrOwner,
  'volume_extension:volume_actions:upload_image': adminOrOwner,
  // Microversion 3.1's visibility=public on the uploaded image.
  'volume_extension:volume_actions:upload_public': (context) => isAdmin(context),
  'volume:get_volume_metadata': adminOrOwner,
  'volume:create_volume_metadata': adminOrOwner,
  'volume:update_volume_metadata': adminOrOwner,
  'volume:delete_volume_metadata': adminOrOwner,
  'volume:create_snapshot': adminOrOwner,
  'volume:get_snapshot': adminOrOwner,
  'volume:get_all_snapshots': adminOrOwner,
  'volume:update_snapshot': adminOrOwner,
  'volume:delete_snapshot': adminOrOwner,
  'volume:get_snapshot_metadata': adminOrOwner,
  'volume:update_snapshot_metadata': adminOrOwner,
  'volume:delete_snapshot_metadata': adminOrOwner,
  'backup:create': adminOrOwner,
  'backup:get': adminOrOwner,
  'backup:get_all': adminOrOwner,
  'backup:update': adminOrOwner,
  'backup:delete': adminOrOwner,
  'backup:restore': adminOrOwner,
  'backup:backup_project_attribute': rules.admin,
  'volume_extension:types_extra_specs:index': rules.projectReader,
  'volume_extension:types_extra_specs:create': rules.admin,
  'volume_extension:types_extra_specs:delete': rules.admin,
  'volume_extension:types_manage': rules.admin,
  // Zed's own rule for PUT /types/{id} (admin_api; types_manage before Xena).
  'volume_extension:type_update': rules.admin,
  'volume_extension:quotas:show': adminOrOwner,
  'volume_extension:quotas:update': rules.admin,
  'volume_extension:quota_classes': rules.admin,
  'volume_extension:quota_classes:update': rules.admin,
  'volume_extension:services:index': rules.admin,
  'volume_extension:qos_specs_manage:get_all': rules.admin,
  'volume_extension:qos_specs_manage:get': rules.admin,
  'volume_extension:qos_specs_manage:create': rules.admin,
  'volume_extension:qos_specs_manage:delete': rules.admin,
  'volume_extension:qos_specs_manage:update': rules.admin,
  'volume_extension:volume_host_attribute': rules.admin,
  'volume_extension:volume_admin_actions:reset_status': rules.admin,
};

export function enforce(rule: string, context: RequestContext, target: Record<string, unknown> = {}): void {
  if (!can(rule, context, target)) throw new Forbidden(`Policy doesn't allow ${rule} to be performed.`);
}

export function can(rule: string, context: RequestContext, target: Record<string, unknown> = {}): boolean {
  const check = RULES[rule] as Rule<Record<string, unknown>> | undefined;
  return Boolean(check && allowed(check, context, { project_id: context.projectId, ...target }));
}
