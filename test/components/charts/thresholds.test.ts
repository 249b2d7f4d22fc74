import { describe, expect, it } from 'vitest';
import {
  PIE_FULL_AT,
  PIE_NEARLY_FULL_AT,
  pieFillLevel,
  QUOTA_DANGER_ABOVE,
  QUOTA_WARNING_ABOVE,
  quotaLevel,
  usagePercent,
} from '../../../src/charts/thresholds';

describe('quota bar thresholds', () => {
  it('are warning above 89 percent and danger above 99 percent', () => {
    expect([QUOTA_WARNING_ABOVE, QUOTA_DANGER_ABOVE]).toEqual([89, 99]);
  });

  it('stay normal up to 89 percent', () => {
    expect(quotaLevel(0)).toBe('normal');
    expect(quotaLevel(89)).toBe('normal');
  });

  it('warn above 89 percent', () => {
    expect(quotaLevel(89.1)).toBe('warning');
    expect(quotaLevel(99)).toBe('warning');
  });

  it('are in danger above 99 percent', () => {
    expect(quotaLevel(99.5)).toBe('danger');
    expect(quotaLevel(150)).toBe('danger');
  });
});

describe('pie chart thresholds', () => {
  it('are nearly full at 80 percent and full at 100 percent', () => {
    expect([PIE_NEARLY_FULL_AT, PIE_FULL_AT]).toEqual([80, 100]);
  });

  it('are normal below 80 percent', () => {
    expect(pieFillLevel(79.9)).toBe('normal');
  });

  it('are nearly full at 80 percent', () => {
    expect(pieFillLevel(80)).toBe('nearly-full');
    expect(pieFillLevel(99)).toBe('nearly-full');
  });

  it('are full at 100 percent', () => {
    expect(pieFillLevel(100)).toBe('full');
    expect(pieFillLevel(120)).toBe('full');
  });
});

describe('usage percent', () => {
  it('is the share of the limit', () => {
    expect(usagePercent(9, 10)).toBe(90);
  });

  it('is 100 for a limit of 0', () => {
    expect(usagePercent(0, 0)).toBe(100);
  });
});
