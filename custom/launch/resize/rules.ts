import type { LaunchFlavor } from '../model';
import { type ComputeLimits, flavorErrors } from '../rules';

/** The resize's texts, in Horizon's words (resize_instance.py). */
export const RESIZE_MESSAGES = {
  title: 'Resize Instance',
  submit: 'Resize',
  flavorStep: 'Flavor Choice',
  advancedStep: 'Advanced Options',
  oldFlavor: 'Old Flavor',
  newFlavor: 'New Flavor',
  newFlavorHelp: 'Choose the flavor to launch.',
  selectFlavor: 'Select a New Flavor',
  noFlavors: 'No flavors available',
  flavorRequired: 'This field is required.',
  diskConfig: 'Disk Partition',
  diskConfigHelp: 'Automatic: The entire disk is a single partition and automatically resizes. Manual: Results in faster build times but requires manual partitioning.',
  submitted: (name: string) => `Request for resizing of instance "${name}" has been submitted.`,
  failed: (name: string) => `Unable to resize instance "${name}".`,
} as const;

/** The instance's flavor as the server GET embeds it (≥ 2.47: no id, `original_name`). */
export interface ServerFlavor {
  id?: string;
  original_name?: string;
  name?: string;
  vcpus?: number;
  ram?: number;
}

/**
 * The quota left for the new flavor: the instance gives its old flavor's
 * cores and RAM back when it takes the new one.
 */
export function resizeLimits(limits: ComputeLimits, old: ServerFlavor | null): ComputeLimits {
  return {
    ...limits,
    totalCoresUsed: Math.max(0, (limits.totalCoresUsed ?? 0) - (old?.vcpus ?? 0)),
    totalRAMUsed: Math.max(0, (limits.totalRAMUsed ?? 0) - (old?.ram ?? 0)),
  };
}

/**
 * The new flavor choices (Horizon's Flavor Choice): every flavor but the
 * current one, each with the launch step's disabling rules (spec 2 §5) for
 * one instance of the server's image.
 */
export function resizeChoices(
  flavors: readonly LaunchFlavor[],
  old: ServerFlavor | null,
  limits: ComputeLimits,
  image: { id: string; min_disk?: number | null; min_ram?: number | null } | null,
): { flavor: LaunchFlavor; errors: string[] }[] {
  const oldName = old?.original_name ?? old?.name;
  const freed = resizeLimits(limits, old);
  return flavors
    .filter((flavor) => flavor.id !== old?.id && flavor.name !== oldName)
    .map((flavor) => ({
      flavor,
      errors: Object.values(flavorErrors(flavor, { instanceCount: 1, limits: freed, sourceType: image ? 'image' : null, source: image })),
    }));
}
