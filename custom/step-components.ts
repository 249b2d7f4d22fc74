import type { ComponentType } from 'react';
import type { CustomStepProps } from '../src/wizard/step-components';
import { SubportsStep } from './trunks/SubportsStep';
import { PlanSummaryStep } from './backup/PlanSummaryStep';
import { RestoreDisksStep, RestoreGeneralStep } from './backup/RestoreSteps';

/**
 * Wizard steps particular to one resource, by the name a descriptor's step
 * gives as `component` (the engine has `membership` and `metadata` itself);
 * app/plugins.ts hands them to the engine.
 */
export const customStepComponents: Record<string, ComponentType<CustomStepProps>> = {
  /** Ports with a segmentation type and id each (trunk subports). */
  subports: SubportsStep,
  /** The backup plan wizard's Summary, and the restore wizard's two steps (spec 3 §2.5). */
  'backup-plan-summary': PlanSummaryStep,
  'backup-restore-general': RestoreGeneralStep,
  'backup-restore-disks': RestoreDisksStep,
};
