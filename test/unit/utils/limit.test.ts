import { describe, expect, it } from 'vitest';
import { formatLimit, isUnlimited, UNLIMITED_TEXT } from '../../../src/utils/limit';
import { formatMB } from '../../../src/utils/units';

describe('limit filter', () => {
  it('shows a non-negative number as it is', () => {
    expect(formatLimit(10)).toBe('10');
    expect(formatLimit(0)).toBe('0');
  });

  it("shows 'Unlimited' when the value is not a non-negative number", () => {
    expect(UNLIMITED_TEXT).toBe('Unlimited');
    expect(formatLimit(-1)).toBe('Unlimited');
    expect(formatLimit('10')).toBe('Unlimited');
    expect(formatLimit(undefined)).toBe('Unlimited');
    expect(formatLimit(Number.NaN)).toBe('Unlimited');
  });

  it('treats Infinity, the unlimited value of the limits routes, as unlimited', () => {
    expect(formatLimit(Infinity)).toBe('Unlimited');
  });

  it('treats null, what JSON makes of Infinity, as unlimited', () => {
    expect(formatLimit(null)).toBe('Unlimited');
  });

  it('formats a limited value with the given unit filter', () => {
    expect(formatLimit(51200, { format: formatMB })).toBe('50 GB');
    expect(formatLimit(-1, { format: formatMB })).toBe('Unlimited');
  });

  it('shows the given text instead of Unlimited', () => {
    expect(formatLimit(-1, { unlimitedText: 'No max' })).toBe('No max');
  });

  it('says whether a limit is unlimited', () => {
    expect(isUnlimited(-1)).toBe(true);
    expect(isUnlimited(5)).toBe(false);
  });
});
