import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The seeded users' passwords. An explicit option (ADMIN_PASSWORD /
 * DEMO_PASSWORD) always wins and is enforced at every start; otherwise a
 * password generated at first start is kept in `credentials.json` (mode 0600)
 * and reused. Explicit passwords are never written to disk.
 */
export type SeedUser = 'admin' | 'demo';

export interface ResolvedCredentials {
  passwords: Record<SeedUser, string>;
  /** True when the stored hash must be made to match (explicit or newly generated). */
  enforce: Record<SeedUser, boolean>;
}

export const CREDENTIALS_FILE = 'credentials.json';

function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

function readStored(file: string): Partial<Record<SeedUser, string>> {
  if (!existsSync(file)) return {};
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const stored: Partial<Record<SeedUser, string>> = {};
    for (const user of ['admin', 'demo'] as const) if (typeof parsed[user] === 'string' && parsed[user]) stored[user] = parsed[user] as string;
    return stored;
  } catch {
    return {};
  }
}

export function resolveCredentials(dataDir: string, explicit: Partial<Record<SeedUser, string | undefined>>): ResolvedCredentials {
  const file = join(dataDir, CREDENTIALS_FILE);
  const stored = readStored(file);
  const next = { ...stored };
  const passwords = {} as Record<SeedUser, string>;
  const enforce = {} as Record<SeedUser, boolean>;
  for (const user of ['admin', 'demo'] as const) {
    const given = explicit[user];
    if (given) {
      passwords[user] = given;
      enforce[user] = true;
      delete next[user];
    } else if (stored[user]) {
      passwords[user] = stored[user]!;
      enforce[user] = false;
    } else {
      passwords[user] = generatePassword();
      enforce[user] = true;
      next[user] = passwords[user];
    }
  }
  if (JSON.stringify(next) !== JSON.stringify(stored)) {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, file);
    chmodSync(file, 0o600);
  }
  return { passwords, enforce };
}
