import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildEmulatorApp, DATABASE_FILE, type Emulator, type EmulatorOptions } from '../../emulator/app.js';
import { createProject, findProjectByName } from '../../emulator/identity/models/resources.js';
import { createGrant, findRoleByName } from '../../emulator/identity/models/roles.js';
import { createUser } from '../../emulator/identity/models/users.js';
import { type Db, openDatabase } from '../../emulator/store/db.js';

/**
 * The emulator in-process for `test/emulator`: a fresh temporary data
 * directory, known passwords, a clock the test moves (nothing sleeps), and
 * `app.inject` for requests.
 */

export type Persona = 'admin' | 'demo';

export const PASSWORDS: Record<Persona, string> = { admin: 'admin-test-pass', demo: 'demo-test-pass' };

/** The base URL the catalog is built from in tests. */
export const PUBLIC_URL = 'http://cloud.test';

export interface TestClock {
  now: number;
  advance(seconds: number): void;
}

export interface TestEmulator {
  app: FastifyInstance;
  emulator: Emulator;
  dataDir: string;
  clock: TestClock;
  /** A second connection to the same SQLite file, to arrange what the API cannot (disable a user, set a quota). */
  db(): Db;
  /** Closes the app and SQLite; removes the data directory unless it was given. */
  close(): Promise<void>;
}

export function makeClock(start = Date.UTC(2026, 0, 15, 9, 0, 0)): TestClock {
  const clock: TestClock = {
    now: start,
    advance(seconds) {
      clock.now += seconds * 1000;
    },
  };
  return clock;
}

export function makeDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'emulator-test-'));
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export async function startEmulator(
  options: Partial<Omit<EmulatorOptions, 'now'>> & { clock?: TestClock; withoutPasswords?: boolean } = {},
): Promise<TestEmulator> {
  const { clock: givenClock, withoutPasswords, dataDir: givenDir, ...rest } = options;
  const ownsDir = !givenDir;
  const dataDir = givenDir ?? makeDataDir();
  const clock = givenClock ?? makeClock();
  const passwords = withoutPasswords ? {} : { adminPassword: PASSWORDS.admin, demoPassword: PASSWORDS.demo };
  const { app, emulator } = await buildEmulatorApp({
    publicUrl: () => PUBLIC_URL,
    ...passwords,
    ...rest,
    dataDir,
    now: () => clock.now,
  });
  let side: Db | null = null;
  return {
    app,
    emulator,
    dataDir,
    clock,
    db: () => (side ??= openDatabase(join(dataDir, DATABASE_FILE))),
    async close() {
      side?.close();
      await app.close();
      emulator.close();
      if (ownsDir) removeDataDir(dataDir);
    },
  };
}

/** `POST /v3/auth/tokens` with a password; `scope` as Keystone takes it (default: the persona's own project). */
export function passwordAuthBody(user: Persona | string, password: string, scope?: unknown) {
  return {
    auth: {
      identity: { methods: ['password'], password: { user: { name: user, domain: { name: 'Default' }, password } } },
      ...(scope === undefined ? {} : { scope }),
    },
  };
}

export async function issueToken(app: FastifyInstance, body: unknown, query = ''): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `/cloud/identity/v3/auth/tokens${query}`, payload: body as InjectOptions['payload'] });
}

/** A token of `who`, scoped to the project of the same name unless `project` says otherwise. */
export async function tokenFor(app: FastifyInstance, who: Persona, options: { project?: string; password?: string } = {}): Promise<string> {
  const scope = { project: { name: options.project ?? who, domain: { name: 'Default' } } };
  const response = await issueToken(app, passwordAuthBody(who, options.password ?? PASSWORDS[who], scope));
  if (response.statusCode !== 201) throw new Error(`login of ${who} failed: ${response.statusCode} ${response.body}`);
  return response.headers['x-subject-token'] as string;
}

/** Headers for a native call: the token and, when given, the compute microversion. */
export function headers(token: string, microversion?: string): Record<string, string> {
  return { 'x-auth-token': token, ...(microversion ? { 'openstack-api-version': `compute ${microversion}` } : {}) };
}

/**
 * Arranges a user with `role` on `project` (created when missing) through the
 * side connection, and returns a token scoped to that project: for personas
 * the seed does not have (a reader, a member of a third project).
 */
export async function userWithRole(cloud: TestEmulator, options: { user: string; project: string; role: 'admin' | 'member' | 'reader' }): Promise<{ token: string; projectId: string; userId: string }> {
  const db = cloud.db();
  const project = findProjectByName(db, options.project, 'default') ?? createProject(db, { name: options.project, domainId: 'default' });
  const password = `${options.user}-password`;
  const user = createUser(db, { name: options.user, domainId: 'default', password, defaultProjectId: project.id }, cloud.clock.now);
  createGrant(db, user.id, 'project', project.id, findRoleByName(db, options.role)!.id);
  const response = await issueToken(cloud.app, passwordAuthBody(options.user, password, { project: { id: project.id } }));
  if (response.statusCode !== 201) throw new Error(`login of ${options.user} failed: ${response.statusCode} ${response.body}`);
  return { token: response.headers['x-subject-token'] as string, projectId: project.id, userId: user.id };
}
