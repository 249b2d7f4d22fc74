import type { ReactNode } from 'react';
import type { FieldErrors, FormData } from '../forms/useSchemaForm';

export type { FieldErrors, FormData };

/** Errors keyed by step id, then by field; `''` (or Horizon's `__all__`) holds a step's whole-form errors (spec 1 §5). */
export type WizardErrors = Record<string, FieldErrors>;

/** What a step's body receives. */
export interface StepRenderProps {
  /** The wizard's values so far, all steps together. */
  data: FormData;
  /** Replaces the wizard's values. */
  onChange(data: FormData): void;
  /** This step's errors: field → messages. */
  errors: FieldErrors;
  disabled: boolean;
}

/** One step of a wizard (spec 1 §4.2, §4.3). */
export interface WizardStep {
  /** Key of the step's errors. @example 'flavorInfo' */
  id: string;
  title: string;
  /** The help button opens it; steps without one show no help button. */
  helpUrl?: string;
  /** Readiness check: a step that is not ready is dropped. Default ready. */
  ready?(): boolean | Promise<boolean>;
  render(props: StepRenderProps): ReactNode;
  /** Checks run before moving forward: field → messages, `''` for the whole step. */
  validate?(data: FormData): FieldErrors | Promise<FieldErrors>;
}

/** A wizard's definition. */
export interface Workflow {
  title: string;
  steps: WizardStep[];
  /** Values the wizard opens with. */
  initialData?: FormData;
  /** Text of the final button. Default 'Finish' (spec 1 §4.3). */
  finishLabel?: string;
  /**
   * Offer the final button on every step, not only the last (Horizon's
   * Launch Instance wizard): finishing validates every step and shows the
   * first one with errors.
   */
  finishFromAnyStep?: boolean;
}
