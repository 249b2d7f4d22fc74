/** The storage policies of /info (swift.conf's [storage-policy:N]); the first is the default. */
export interface StoragePolicy {
  name: string;
  aliases: string[];
  default: boolean;
  description?: string;
}

export const STORAGE_POLICIES: readonly StoragePolicy[] = [
  { name: 'Policy-0', aliases: ['Policy-0'], default: true },
  { name: 'gold', aliases: ['gold', 'fast'], default: false, description: 'three replicas on SSD' },
];

export const DEFAULT_POLICY = STORAGE_POLICIES.find((policy) => policy.default)!;

/** Swift's default constraints (swift/common/constraints.py), published in /info. */
export const MAX_FILE_SIZE = 5368709122;
export const MAX_OBJECT_NAME_LENGTH = 1024;
export const MAX_META_VALUE_LENGTH = 256;
export const CONTAINER_LISTING_LIMIT = 10000;
export const ACCOUNT_LISTING_LIMIT = 10000;
