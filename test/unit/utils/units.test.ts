import { describe, expect, it } from 'vitest';
import { bytesToGiB, formatBytes, formatGB, formatMB } from '../../../src/utils/units';

describe('mb filter (MB to GB at 1024)', () => {
  it('shows a value below 1024 in MB', () => {
    expect(formatMB(512)).toBe('512 MB');
  });

  it('shows 1024 MB and above in GB', () => {
    expect(formatMB(1024)).toBe('1 GB');
    expect(formatMB(2048)).toBe('2 GB');
  });

  it('keeps at most two decimals in GB', () => {
    expect(formatMB(1536)).toBe('1.5 GB');
    expect(formatMB(1500)).toBe('1.46 GB');
  });

  it('reads numeric text as a number', () => {
    expect(formatMB('4096')).toBe('4 GB');
  });

  it('shows an empty value as 0 MB', () => {
    expect(formatMB('')).toBe('0 MB');
  });

  it('shows nothing for a value that is not a number', () => {
    expect(formatMB(null)).toBe('');
    expect(formatMB(undefined)).toBe('');
    expect(formatMB('abc')).toBe('');
  });
});

describe('gb filter (GB to TB at 1024)', () => {
  it('shows a value below 1024 in GB', () => {
    expect(formatGB(20)).toBe('20 GB');
  });

  it('shows 1024 GB and above in TB with at most two decimals', () => {
    expect(formatGB(1024)).toBe('1 TB');
    expect(formatGB(1500)).toBe('1.46 TB');
  });

  it('shows an empty value as 0 GB', () => {
    expect(formatGB('')).toBe('0 GB');
  });

  it('shows nothing for a value that is not a number', () => {
    expect(formatGB(Number.NaN)).toBe('');
  });
});

describe('bytes filter (from bytes up to TB)', () => {
  it('shows whole bytes below 1 KB', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1023)).toBe('1023 bytes');
  });

  it('steps through KB, MB, GB and TB at 1024 with two decimals', () => {
    expect(formatBytes(1024)).toBe('1.00 KB');
    expect(formatBytes(1572864)).toBe('1.50 MB');
    expect(formatBytes(1073741824)).toBe('1.00 GB');
    expect(formatBytes(1099511627776)).toBe('1.00 TB');
  });

  it('stays in TB above 1024 TB', () => {
    expect(formatBytes(2048 * 1099511627776)).toBe('2048.00 TB');
  });

  it('shows nothing for a negative value or one that is not a number', () => {
    expect(formatBytes(-1)).toBe('');
    expect(formatBytes(null)).toBe('');
  });
});

describe('bytes to GiB', () => {
  it('divides by 1073741824', () => {
    expect(bytesToGiB(1073741824)).toBe(1);
    expect(bytesToGiB(536870912)).toBe(0.5);
  });
});
