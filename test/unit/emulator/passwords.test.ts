import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PASSWORD_HASH_COST, hashPassword, passwordHashCostFromEnv, verifyPassword, verifyPasswordSync } from '../../../emulator/identity/models/passwords.js';

describe('the emulator’s password hashes', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('hash with scrypt N=2^14 unless EMULATOR_PASSWORD_HASH_COST gives another whole cost from 1 to 20', () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(14);
    expect(passwordHashCostFromEnv({})).toBe(14);
    expect(passwordHashCostFromEnv({ EMULATOR_PASSWORD_HASH_COST: '10' })).toBe(10);
    for (const junk of ['', '0', '21', '9.5', 'fast']) expect(passwordHashCostFromEnv({ EMULATOR_PASSWORD_HASH_COST: junk })).toBe(14);
  });

  it('check a password against the cost its hash was made with, whatever the cost in force', async () => {
    vi.stubEnv('EMULATOR_PASSWORD_HASH_COST', '4');
    const cheap = hashPassword('s3cret');
    expect(cheap.split('$').slice(0, 4)).toEqual(['scrypt', '16', '8', '1']);
    vi.stubEnv('EMULATOR_PASSWORD_HASH_COST', '5');
    const other = hashPassword('s3cret');
    expect(other.split('$')[1]).toBe('32');
    expect(await verifyPassword('s3cret', cheap)).toBe(true);
    expect(verifyPasswordSync('s3cret', other)).toBe(true);
    expect(await verifyPassword('wrong', cheap)).toBe(false);
    expect(verifyPasswordSync('wrong', other)).toBe(false);
  });
});
