import type { FieldErrors } from '../../../src/wizard/types';
import type { LaunchData } from '../load';
import type { NewInstanceSpec } from '../model';

/** What every launch step receives. */
export interface LaunchStepProps {
  spec: NewInstanceSpec;
  /** Replaces the spec. */
  onSpec(next: NewInstanceSpec): void;
  errors: FieldErrors;
  disabled: boolean;
  data: LaunchData;
}

/** The first message of a field, for a helper text. */
export function firstError(errors: FieldErrors, field: string): string | undefined {
  return errors[field]?.[0];
}
