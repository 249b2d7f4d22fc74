import { defineFormat, multiParams } from '../../core/validation.js';

/**
 * Schema pieces shared by the compute API's request schemas, named after
 * nova/api/validation/parameter_types.py so each schema reads like Nova's.
 */

defineFormat('name', {
  // Printable characters, no leading or trailing whitespace (parameter_types.valid_name_regex).
  test: (value) => /^[^\p{C}]*$/u.test(value) && !/^\s|\s$/u.test(value),
  invalidNameReason: 'printable characters. Can not start or end with whitespace.',
});

/** `parameter_types.name`: flavor, server group, aggregate … names. */
export const name = { type: 'string', minLength: 1, maxLength: 255, format: 'name' };

/** nova/db/constants.py MAX_INT */
export const MAX_INT = 0x7fffffff;

/**
 * `parameter_types.volume_size` and its copies `flavor_param_positive` /
 * `flavor_param_non_negative`: an integer or a digit string; Nova checks the
 * range of the string's number too.
 */
export function integerParam(minimum: number) {
  return { type: ['integer', 'string'], pattern: '^[0-9]+$', minimum, maximum: MAX_INT, stringMinimum: minimum, stringMaximum: MAX_INT };
}

/** `parameter_types.non_negative_integer` (query parameters). */
export const nonNegativeInteger = { type: ['integer', 'string'], pattern: '^[0-9]*$', minimum: 0, minLength: 1, stringMinimum: 0 };

/** `parameter_types.boolean`: what oslo's bool_from_string accepts, as an enum. */
export const boolean = {
  type: ['boolean', 'string'],
  enum: [true, 'True', 'TRUE', 'true', '1', 'ON', 'On', 'on', 'YES', 'Yes', 'yes', false, 'False', 'FALSE', 'false', '0', 'OFF', 'Off', 'off', 'NO', 'No', 'no'],
};

/** `parameter_types.valid_description_regex`: printable characters, any length. */
export const descriptionPattern = '^[^\\p{C}]*$';

/** Every query parameter is a list (repeated keys): Nova's `multi_params`. */
export { multiParams };

/** oslo_utils.strutils.bool_from_string(strict=True); undefined when the text is not a boolean. */
export function boolFromString(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const text = String(value).trim().toLowerCase();
  if (['1', 't', 'true', 'on', 'y', 'yes'].includes(text)) return true;
  if (['0', 'f', 'false', 'off', 'n', 'no'].includes(text)) return false;
  return undefined;
}
