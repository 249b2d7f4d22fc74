import { type ComponentType, lazy } from 'react';
import type { CustomStepProps } from '../src/wizard/step-components';

// Loaded when their wizard opens (the wizard waits on them in its own Suspense): none is needed
// for a list's first row (issue 17: they, the transfer table and the restore reads sat in the entry).
const SubportsStep = lazy(() => import('./trunks/SubportsStep').then((module) => ({ default: module.SubportsStep })));
const PlanSummaryStep = lazy(() => import('./backup/PlanSummaryStep').then((module) => ({ default: module.PlanSummaryStep })));
const RestoreGeneralStep = lazy(() => import('./backup/RestoreSteps').then((module) => ({ default: module.RestoreGeneralStep })));
const RestoreDisksStep = lazy(() => import('./backup/RestoreSteps').then((module) => ({ default: module.RestoreDisksStep })));

/**
 * Wizard steps particular to one resource, by the name a descriptor's step
 * gives as `component` (the engine has `membership` and `metadata` itself),
 * each loaded lazily; app/plugins.ts hands them to the engine.
 */
export const customStepComponents: Record<string, ComponentType<CustomStepProps>> = {
  /** Ports with a segmentation type and id each (trunk subports). */
  subports: SubportsStep,
  /** The backup plan wizard's Summary, and the restore wizard's two steps (spec 3 §2.5). */
  'backup-plan-summary': PlanSummaryStep,
  'backup-restore-general': RestoreGeneralStep,
  'backup-restore-disks': RestoreDisksStep,
};
