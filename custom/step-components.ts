import type { ComponentType } from 'react';
import type { CustomStepProps } from '../src/wizard/step-components';
import { SubportsStep } from './trunks/SubportsStep';

/**
 * Wizard steps particular to one resource, by the name a descriptor's step
 * gives as `component` (the engine has `membership` and `metadata` itself);
 * app/plugins.ts hands them to the engine.
 */
export const customStepComponents: Record<string, ComponentType<CustomStepProps>> = {
  /** Ports with a segmentation type and id each (trunk subports). */
  subports: SubportsStep,
};
