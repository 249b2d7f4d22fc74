import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupClock } from '../../../backup/clock';

describe('the backup service clock (BACKUP_CLOCK_FILE, tests only)', () => {
  it('is the system clock when no file is given', () => {
    expect(backupClock(undefined)).toBe(Date.now);
  });

  it('runs ahead by the milliseconds the file holds, read again at each call, and moves nothing while the file is missing or unreadable', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'backup-clock-')), 'offset');
    const now = backupClock(file);
    const near = (ahead: number) => {
      const before = Date.now();
      const read = now() - ahead;
      expect(read).toBeGreaterThanOrEqual(before);
      expect(read).toBeLessThanOrEqual(Date.now());
    };
    near(0);
    writeFileSync(file, '90000\n');
    near(90_000);
    writeFileSync(file, 'soon');
    near(0);
    writeFileSync(file, '0');
    near(0);
  });
});
