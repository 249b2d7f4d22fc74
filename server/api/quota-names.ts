/**
 * Quota `display_name`s (api-contract §5 "Quota display_name values", shared
 * by Nova, Cinder and Neutron); any other name has its `_` made spaces and is
 * title-cased as Python's str.title() does.
 */
const QUOTA_NAMES: Record<string, string> = {
  volumes: 'Volumes',
  snapshots: 'Volume Snapshots',
  gigabytes: 'Total Size of Volumes and Snapshots (GB)',
  cores: 'vCPUs',
  ram: 'RAM (MB)',
  instances: 'Instances',
  key_pairs: 'Key Pairs',
  metadata_items: 'Metadata Items',
  injected_files: 'Injected Files',
  injected_file_content_bytes: 'Injected File Content (B)',
  injected_file_path_bytes: 'Injected File Path (B)',
  network: 'Networks',
  subnet: 'Subnets',
  port: 'Ports',
  router: 'Routers',
  floatingip: 'Floating IPs',
  security_group: 'Security Groups',
  security_group_rule: 'Security Group Rules',
};

export function quotaDisplayName(name: string): string {
  return QUOTA_NAMES[name] ?? name.replace(/_/g, ' ').replace(/[A-Za-z]+/g, (word) => word[0].toUpperCase() + word.slice(1).toLowerCase());
}

/** One quota as the `/api` quota routes list it; `in_use` with `usage=true`. */
export interface QuotaItem {
  display_name: string;
  name: string;
  limit: number | string;
  in_use?: number;
}

/** A quota set's value: a plain limit, or `{limit, in_use|used}` when usage was asked. */
export function quotaItem(name: string, value: number | string | { limit: number; in_use?: number; used?: number }): QuotaItem {
  if (value !== null && typeof value === 'object') return { display_name: quotaDisplayName(name), name, limit: value.limit, in_use: value.in_use ?? value.used ?? 0 };
  return { display_name: quotaDisplayName(name), name, limit: value };
}

/** `project` of the quota routes: Keystone ids are hex (api-contract §1). */
export const QUOTA_PROJECT_PARAMS = { type: 'object', properties: { project: { type: 'string', pattern: '^[0-9a-f]+$' } } } as const;
