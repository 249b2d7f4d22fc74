/**
 * Field validators of spec 1 §5:
 * - "Number max/min validators: invalid when a non-empty value is above max or below min."
 * - "Unique validator: invalid when the value is in a given list or rejected by a given function."
 * - "Password and confirm-password must match; otherwise 'Passwords do not match.'"
 * - "Integer fields match digits only; field maximum length 255."
 *
 * Each rule comes twice: a predicate (`true` when valid) and a validator factory that returns the
 * message to show, or `undefined` when valid, which plugs into rjsf custom validation. Default messages are the spec's: the metadata editor's 'Min' and
 * 'Max', and 'Duplicate keys are not allowed' for its custom property names.
 */

/** Message on the confirm field when the passwords differ. */
export const PASSWORD_MISMATCH_MESSAGE = 'Passwords do not match.';
/** Message when a value already exists (the metadata editor's custom property names). */
export const DUPLICATE_KEYS_MESSAGE = 'Duplicate keys are not allowed';
/** Message when a number is above its maximum (metadata editor). */
export const MAX_MESSAGE = 'Max';
/** Message when a number is below its minimum (metadata editor). */
export const MIN_MESSAGE = 'Min';

/** Field maximum length of the spec. */
export const MAX_FIELD_LENGTH = 255;
/** Integer fields match digits only. */
export const INTEGER_PATTERN = /^\d+$/;

/** A message to show, or `undefined` when the value is valid. */
export type Validator<T> = (value: T) => string | undefined;

/** A value as a number field holds it: a number, its text, or nothing yet. */
export type NumberFieldValue = number | string | null | undefined;

/**
 * Empty as a form sees it: nothing, an empty text, or NaN. Empty values are left to `required`.
 *
 * @example
 * isEmptyValue('');  // true
 * isEmptyValue(0);   // false
 */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (typeof value === 'number' && Number.isNaN(value));
}

/**
 * Valid unless a non-empty value is above `max`; no `max` means no limit.
 *
 * @example
 * isWithinMax(5, 10);  // true
 * isWithinMax(11, 10); // false
 * isWithinMax('', 10); // true: empty is left to "required"
 */
export function isWithinMax(value: NumberFieldValue, max: number | undefined): boolean {
  return max === undefined || isEmptyValue(value) || !(Number(value) > max);
}

/**
 * Valid unless a non-empty value is below `min`; no `min` means no limit.
 *
 * @example
 * isWithinMin(0, 1);    // false
 * isWithinMin('3', 1);  // true
 * isWithinMin(null, 1); // true
 */
export function isWithinMin(value: NumberFieldValue, min: number | undefined): boolean {
  return min === undefined || isEmptyValue(value) || !(Number(value) < min);
}

/** What a value must be unique against: values it must not equal, or a check that says "unique". */
export type UniqueAgainst<T> = readonly T[] | ((value: T) => boolean);

/**
 * Valid unless the value is in the list, or the function rejects it (returns `false`).
 *
 * @example
 * isUnique(8080, [80, 443]); // true
 * isUnique(443, [80, 443]);  // false
 * isUnique('web', (name) => !existing.has(name));
 */
export function isUnique<T>(value: T, against: UniqueAgainst<T>): boolean {
  return typeof against === 'function' ? Boolean(against(value)) : !against.includes(value);
}

/**
 * Validator for a maximum, with the message shown when it is exceeded.
 *
 * @example
 * const validate = numberMaxValidator(10, 'The weight must be at most 10.');
 * validate(11); // 'The weight must be at most 10.'
 * validate(10); // undefined
 */
export function numberMaxValidator(max: number | undefined, message: string = MAX_MESSAGE): Validator<NumberFieldValue> {
  return (value) => (isWithinMax(value, max) ? undefined : message);
}

/**
 * Validator for a minimum, with the message shown when the value is below it.
 *
 * @example
 * numberMinValidator(1)(0); // 'Min'
 */
export function numberMinValidator(min: number | undefined, message: string = MIN_MESSAGE): Validator<NumberFieldValue> {
  return (value) => (isWithinMin(value, min) ? undefined : message);
}

/**
 * Validator for uniqueness, with the message shown for a value that is already taken.
 *
 * @example
 * const validate = uniqueValidator(['hw:cpu_policy']);
 * validate('hw:cpu_policy'); // 'Duplicate keys are not allowed'
 */
export function uniqueValidator<T>(against: UniqueAgainst<T>, message: string = DUPLICATE_KEYS_MESSAGE): Validator<T> {
  return (value) => (isUnique(value, against) ? undefined : message);
}

/**
 * The confirm-password check: 'Passwords do not match.' when the two differ.
 *
 * @example
 * passwordMatchError('secret', 'secret'); // undefined
 * passwordMatchError('secret', 'secreT'); // 'Passwords do not match.'
 */
export function passwordMatchError(password: string | undefined, confirmation: string | undefined): string | undefined {
  return (password ?? '') === (confirmation ?? '') ? undefined : PASSWORD_MISMATCH_MESSAGE;
}

/**
 * Whether the text of an integer field is digits only.
 *
 * @example
 * isIntegerText('2048'); // true
 * isIntegerText('-1');   // false
 * isIntegerText('1.5');  // false
 */
export function isIntegerText(text: string): boolean {
  return INTEGER_PATTERN.test(text);
}
