import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import customizeValidator from '@rjsf/validator-ajv8/lib/customizeValidator.js';
import type Ajv from 'ajv';
import ajvErrors from 'ajv-errors';
import { localizeErrors } from '../../src/forms/validator';

/**
 * A validator compiled at run time, with ajv-errors and the spec's messages
 * like the precompiled ones: engine tests use schemas that are not in
 * `schemas/`, and jsdom has no CSP against eval.
 */
export function runtimeValidator(): ValidatorType {
  return customizeValidator({ extenderFn: (ajv: Ajv) => ajvErrors(ajv) as Ajv }, localizeErrors);
}

/** A test's schema literal with `x-` hints and ajv-errors keywords (`{ … } as TestSchema`). */
export type TestSchema = RJSFSchema;
