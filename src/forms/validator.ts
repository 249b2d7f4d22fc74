import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ErrorObject } from 'ajv';
import { defaultMessage } from './messages';

type SchemaWithTitle = { title?: string; properties?: Record<string, { title?: string }> };

/**
 * Puts the spec's default texts on ajv's errors. Errors produced by a schema's
 * `errorMessage` (keyword 'errorMessage', ajv-errors) keep their text. The
 * validators are compiled `verbose`, so each error carries the failing value
 * and its schema.
 */
export function localizeErrors(errors?: null | ErrorObject[]): void {
  for (const error of errors ?? []) {
    if (error.keyword === 'errorMessage') continue;
    const parent = (error.parentSchema ?? {}) as SchemaWithTitle;
    const params = error.params as Record<string, unknown>;
    // rjsf quotes property names while a localizer runs ('name'); the schema knows them bare.
    const missing = typeof params.missingProperty === 'string' ? params.missingProperty.replace(/^'(.*)'$/, '$1') : undefined;
    const title = missing ? (parent.properties?.[missing]?.title ?? missing) : (parent.title ?? fieldName(error.instancePath));
    error.message = defaultMessage(error.keyword, { title, value: error.data, params });
  }
}

function fieldName(instancePath: string): string {
  return instancePath.split('/').pop() || 'Value';
}

// Codegen's output; loaded with the form that needs it.
const modules = import.meta.glob<{ validators: ValidatorFunctions }>('../../shared/generated/validators/*.js');

/**
 * The validator of the form built from `schemas/<schema>.schema.json#/$defs/<defKey>`.
 * It is precompiled by `npm run codegen` because the server's
 * Content-Security-Policy forbids the `eval` ajv needs to compile in the
 * browser; `rootSchema` must be that form's `formRootSchema`.
 */
export async function loadFormValidator(schema: string, defKey: string, rootSchema: RJSFSchema): Promise<ValidatorType> {
  const load = modules[`../../shared/generated/validators/${schema}.${defKey}.js`];
  if (!load) throw new Error(`No precompiled validator for ${schema}#/$defs/${defKey}: run npm run codegen`);
  const { validators } = await load();
  return createPrecompiledValidator(validators, rootSchema, localizeErrors);
}
