/**
 * The restore wizard's rules (spec 3 §4.3, §5.3): which message the disks
 * step holds, and the quota check of what would be restored.
 */

/** GET utils/quotas: GB, a max of -1 is unlimited. */
export interface BackupQuotas {
  total: { max: number; used: number };
  types: Record<string, { max: number; used: number }>;
}

/** A volume of the plan, as GET job/{id}/volumes lists it. */
export interface RestorableVolume {
  id: string;
  name: string;
  description?: string;
  size?: number | null;
  bootable?: boolean;
  volume_type?: string | null;
  /** Its newest backup (spec 3 §3.3: backup of a volume). */
  last_backup?: { disk_id: string; backup_size: number; created_at: string; original_disk_size: number } | null;
  not_exist?: boolean;
}

/** What the wizard sends per chosen volume. */
export interface RestoreChoice {
  restore_name: string;
  restore_description?: string;
  restore_bootable?: boolean;
  restore_volume_type?: string | null;
}

export const NOTHING_TO_RESTORE = 'Nothing to restore';
export const SELECT_A_DISK = 'You must select at least one disk';
export const NOT_ENOUGH_SPACE = 'There is not enough storage space to restore.';
export const notEnoughSpaceOn = (type: string) => `There is not enough storage space on '${type}' to restore.`;

/** Spec 3 §3.3: a volume chosen for restore starts as a copy of the original's name, description, bootable flag and type. */
export function restoreChoiceOf(volume: RestorableVolume): RestoreChoice {
  return {
    restore_name: volume.name,
    restore_description: volume.description ?? '',
    restore_bootable: volume.bootable === true,
    restore_volume_type: volume.volume_type ?? null,
  };
}

const percent = (used: number, max: number) => Math.round((used / max) * 100);

/**
 * Spec 3 §5.3: the first volume type over its quota, else the total, else
 * none. Added sizes are the originals' sizes, the type falls back to the
 * original's; a type without a limit is held to what the total leaves.
 */
export function restoreQuotaError(quotas: BackupQuotas, volumes: RestorableVolume[], chosen: Record<string, RestoreChoice>): string | undefined {
  const added = new Map<string, number>();
  let totalAdded = 0;
  for (const volume of volumes) {
    const choice = chosen[volume.id];
    if (!choice) continue;
    // Spec 3 §5.3: the size the disk had when it was backed up.
    const size = Number(volume.last_backup?.original_disk_size ?? volume.size ?? 0);
    const type = choice.restore_volume_type || volume.volume_type || '';
    totalAdded += size;
    if (type) added.set(type, (added.get(type) ?? 0) + size);
  }
  const { total } = quotas;
  for (const [type, typeAdded] of added) {
    const quota = quotas.types[type];
    if (!quota) continue;
    let max = quota.max;
    if (max === -1) {
      if (total.max === -1) continue;
      max = total.max - total.used - totalAdded + quota.used + typeAdded;
    }
    if (max <= 0 ? quota.used + typeAdded > 0 : percent(quota.used + typeAdded, max) > 100) return notEnoughSpaceOn(type);
  }
  if (total.max !== -1 && (total.max <= 0 ? total.used + totalAdded > 0 : percent(total.used + totalAdded, total.max) > 100)) return NOT_ENOUGH_SPACE;
  return undefined;
}

/** The disks step's message (spec 3 §4.3): no disks, then none chosen, then the quota check. */
export function restoreStepError(volumes: RestorableVolume[] | null, chosen: Record<string, RestoreChoice>, quotas: BackupQuotas | null): string | undefined {
  if (!volumes || volumes.length === 0) return NOTHING_TO_RESTORE;
  if (Object.keys(chosen).length === 0) return SELECT_A_DISK;
  return quotas ? restoreQuotaError(quotas, volumes, chosen) : undefined;
}
