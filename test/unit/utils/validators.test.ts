import { describe, expect, it } from 'vitest';
import {
  DUPLICATE_KEYS_MESSAGE,
  INTEGER_PATTERN,
  isIntegerText,
  isUnique,
  isWithinMax,
  isWithinMin,
  MAX_FIELD_LENGTH,
  numberMaxValidator,
  numberMinValidator,
  passwordMatchError,
  uniqueValidator,
} from '../../../src/utils/validators';

describe('number max validator', () => {
  it('is invalid when a non-empty value is above max', () => {
    expect(isWithinMax(11, 10)).toBe(false);
    expect(isWithinMax('11', 10)).toBe(false);
  });

  it('is valid at or below max', () => {
    expect(isWithinMax(10, 10)).toBe(true);
    expect(isWithinMax(-5, 10)).toBe(true);
  });

  it('leaves an empty value valid', () => {
    expect(isWithinMax('', 10)).toBe(true);
    expect(isWithinMax(null, 10)).toBe(true);
    expect(isWithinMax(Number.NaN, 10)).toBe(true);
  });

  it('is valid when no max is given', () => {
    expect(isWithinMax(1e9, undefined)).toBe(true);
  });

  it("shows the metadata editor's 'Max' unless told otherwise", () => {
    expect(numberMaxValidator(10)(11)).toBe('Max');
    expect(numberMaxValidator(10, 'The weight must be a number between 0 and 256.')(11)).toBe(
      'The weight must be a number between 0 and 256.',
    );
    expect(numberMaxValidator(10)(10)).toBeUndefined();
  });
});

describe('number min validator', () => {
  it('is invalid when a non-empty value is below min', () => {
    expect(isWithinMin(0, 1)).toBe(false);
    expect(isWithinMin('-2', -1)).toBe(false);
  });

  it('is valid at or above min', () => {
    expect(isWithinMin(1, 1)).toBe(true);
  });

  it('leaves an empty value valid', () => {
    expect(isWithinMin(undefined, 1)).toBe(true);
  });

  it("shows the metadata editor's 'Min' unless told otherwise", () => {
    expect(numberMinValidator(1)(0)).toBe('Min');
    expect(numberMinValidator(1)(1)).toBeUndefined();
  });
});

describe('unique validator', () => {
  it('is invalid when the value is in the given list', () => {
    expect(isUnique(443, [80, 443])).toBe(false);
  });

  it('is valid when the value is not in the given list', () => {
    expect(isUnique(8080, [80, 443])).toBe(true);
    expect(isUnique('a', [])).toBe(true);
  });

  it('is invalid when the given function rejects the value', () => {
    const taken = new Set(['web']);
    expect(isUnique('web', (name: string) => !taken.has(name))).toBe(false);
    expect(isUnique('db', (name: string) => !taken.has(name))).toBe(true);
  });

  it("says 'Duplicate keys are not allowed' for a taken key", () => {
    expect(DUPLICATE_KEYS_MESSAGE).toBe('Duplicate keys are not allowed');
    expect(uniqueValidator(['hw:cpu_policy'])('hw:cpu_policy')).toBe('Duplicate keys are not allowed');
    expect(uniqueValidator(['hw:cpu_policy'])('hw:mem_page_size')).toBeUndefined();
  });
});

describe('password confirmation', () => {
  it("says 'Passwords do not match.' when the passwords differ", () => {
    expect(passwordMatchError('secret', 'Secret')).toBe('Passwords do not match.');
  });

  it('accepts matching passwords', () => {
    expect(passwordMatchError('secret', 'secret')).toBeUndefined();
    expect(passwordMatchError(undefined, '')).toBeUndefined();
  });
});

describe('integer fields and field length', () => {
  it('integer fields match digits only', () => {
    expect(INTEGER_PATTERN.source).toBe('^\\d+$');
    expect(isIntegerText('2048')).toBe(true);
    expect(isIntegerText('-1')).toBe(false);
    expect(isIntegerText('1.5')).toBe(false);
    expect(isIntegerText('')).toBe(false);
  });

  it('field maximum length is 255', () => {
    expect(MAX_FIELD_LENGTH).toBe(255);
  });
});
