import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes: scrypt (N=2^14, r=8, p=1), stored as
 * `scrypt$N$r$p$<salt base64>$<hash base64>`. Passwords are never stored in clear.
 * A hash carries its own N, so a check uses the cost the hash was made with.
 */
export const DEFAULT_PASSWORD_HASH_COST = 14;

/**
 * log2 of scrypt's N for new hashes; `EMULATOR_PASSWORD_HASH_COST` lowers it for tests, where every login of every
 * file paid about 70 ms of CPU (far more on a loaded machine) for a hash only tests ever check.
 */
export function passwordHashCostFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.EMULATOR_PASSWORD_HASH_COST);
  return env.EMULATOR_PASSWORD_HASH_COST !== undefined && Number.isInteger(value) && value >= 1 && value <= 20 ? value : DEFAULT_PASSWORD_HASH_COST;
}

const R = 8;
const P = 1;
const KEY_LENGTH = 64;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const N = 2 ** passwordHashCostFromEnv();
  const hash = scryptSync(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

interface Parsed {
  n: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string | null): Parsed | null {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') return null;
  return { n: Number(parts[1]), r: Number(parts[2]), p: Number(parts[3]), salt: Buffer.from(parts[4], 'base64'), hash: Buffer.from(parts[5], 'base64') };
}

/** Runs on libuv's thread pool, so a login does not stall other requests. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const candidate = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, parsed.salt, parsed.hash.length, { N: parsed.n, r: parsed.r, p: parsed.p }, (error, key) => (error ? reject(error) : resolve(key))),
  );
  return timingSafeEqual(candidate, parsed.hash);
}

export function verifyPasswordSync(password: string, stored: string | null): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  const candidate = scryptSync(password, parsed.salt, parsed.hash.length, { N: parsed.n, r: parsed.r, p: parsed.p });
  return timingSafeEqual(candidate, parsed.hash);
}
