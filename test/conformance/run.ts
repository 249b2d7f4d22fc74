import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ConformanceContext, NATIVE_CALLS, type NativeCall, type RealService } from './calls.js';

/**
 * `npm run test:conformance`: every native call the server makes, sent to the
 * emulator and to a real OpenStack; compares status codes, the set of
 * top-level keys and the JSON types of the fields the server reads. Prints a
 * table per service, writes emulator/CONFORMANCE.md, exits 1 on a difference.
 */

interface Observation {
  status: number;
  topKeys: string[];
  types: Record<string, string>;
  headers: Record<string, boolean>;
}

interface Side {
  label: string;
  ctx: ConformanceContext;
  /** Services behind an API this cloud lacks (its admin's view of them). */
  lacks: Set<RealService>;
  close(): Promise<void>;
}

const root = join(import.meta.dirname, '..', '..');
const runId = Date.now().toString(36);

async function issueToken(identity: string, user: string, password: string, project: string) {
  const response = await fetch(`${identity}/auth/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      auth: {
        identity: { methods: ['password'], password: { user: { name: user, domain: { name: 'Default' }, password } } },
        scope: { project: { name: project, domain: { name: 'Default' } } },
      },
    }),
  });
  if (response.status !== 201) throw new Error(`${user} login at ${identity}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: { user: { id: string }; project: { id: string }; catalog: { type: string; endpoints: { interface: string; url: string }[] }[] } };
  return { id: response.headers.get('x-subject-token')!, body: body.token };
}

type Token = Awaited<ReturnType<typeof issueToken>>;

/**
 * What the cloud lacks behind an API that still answers: no cinder-backup up
 * in Cinder's service list (its backups then end in `error`, and restoring or
 * deleting them answers 400 / 404). An answer that does not say keeps the
 * service counted as present, so the calls are compared.
 */
async function probeServices(admin: Token): Promise<Set<RealService>> {
  const lacks = new Set<RealService>();
  const cinder = admin.body.catalog.find((entry) => entry.type === 'volumev3')?.endpoints.find((endpoint) => endpoint.interface === 'public')?.url;
  if (!cinder) return lacks;
  const response = await fetch(`${cinder.replace(/\/+$/, '')}/os-services?binary=cinder-backup`, { headers: { 'X-Auth-Token': admin.id, Accept: 'application/json' } });
  if (response.status !== 200) return lacks;
  const { services } = (await response.json()) as { services: { state: string; status: string }[] };
  if (!services.some((service) => service.state === 'up' && service.status === 'enabled')) lacks.add('cinder-backup');
  return lacks;
}

async function makeSide(label: string, identity: string, passwords: { admin: string; demo: string }, close: () => Promise<void>, probe = false): Promise<Side> {
  const demo = await issueToken(identity, 'demo', passwords.demo, 'demo');
  const admin = await issueToken(identity, 'admin', passwords.admin, 'admin');
  const revocable = await issueToken(identity, 'demo', passwords.demo, 'demo');
  const ctx: ConformanceContext = {
    identity,
    endpoint(type) {
      const entry = demo.body.catalog.find((candidate) => candidate.type === type);
      const url = entry?.endpoints.find((endpoint) => endpoint.interface === 'public')?.url;
      if (!url) throw new Error(`${label}: no ${type} endpoint`);
      return url.replace(/\/+$/, '');
    },
    demoToken: demo.id,
    adminToken: admin.id,
    demoUserId: demo.body.user.id,
    demoProjectId: demo.body.project.id,
    demoPassword: passwords.demo,
    unique: (prefix) => `${prefix}-${runId}`,
    saved: { revocable: revocable.id },
  };
  return { label, ctx, lacks: probe ? await probeServices(admin) : new Set(), close };
}

async function emulatorSide(): Promise<Side> {
  const { buildEmulatorApp } = await import('../../emulator/app.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'dashboard-conformance-'));
  let base = '';
  const passwords = { admin: 'conf-admin', demo: 'conf-demo' };
  const { app, emulator } = await buildEmulatorApp({ dataDir, publicUrl: () => base, adminPassword: passwords.admin, demoPassword: passwords.demo });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  return makeSide('emulator', `${base}/cloud/identity/v3`, passwords, async () => {
    await app.close();
    emulator.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

function realSide(): Promise<Side> {
  const authUrl = (process.env.OS_AUTH_URL || 'http://127.0.0.1:5000/v3').replace(/\/+$/, '');
  const identity = authUrl.endsWith('/v3') ? authUrl : `${authUrl}/v3`;
  const passwords = { admin: process.env.REALCLOUD_ADMIN_PASSWORD ?? 'admin', demo: process.env.REALCLOUD_DEMO_PASSWORD ?? 'demo' };
  return makeSide('real', identity, passwords, async () => undefined, true);
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Every value at a path; `[]` fans out over array items. */
function valuesAt(value: unknown, path: string): unknown[] {
  let current: unknown[] = [value];
  for (const segment of path.split('.')) {
    const isArray = segment.endsWith('[]');
    const key = isArray ? segment.slice(0, -2) : segment;
    current = current.flatMap((item) => {
      const next = item && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined;
      if (!isArray) return [next];
      return Array.isArray(next) ? next : [next];
    });
  }
  return current;
}

async function observe(call: NativeCall, ctx: ConformanceContext): Promise<Observation> {
  await call.before?.(ctx);
  const body = call.body?.(ctx);
  const raw = call.rawBody?.(ctx);
  const response = await fetch(call.url(ctx), {
    method: call.method,
    headers: { Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}), ...call.headers?.(ctx) },
    body: raw ? new Uint8Array(raw) : body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  const types: Record<string, string> = {};
  for (const path of call.reads) {
    const found = [...new Set(valuesAt(parsed, path).map(jsonType))].sort();
    types[path] = found.length ? found.join('|') : '(none)';
  }
  const headers: Record<string, boolean> = {};
  for (const name of call.readsHeaders ?? []) headers[name] = response.headers.has(name);
  if (response.status < 300) call.after?.(ctx, parsed);
  const topKeys = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.keys(parsed).sort() : [];
  return { status: response.status, topKeys, types, headers };
}

/** A field's JSON types without `null`, for a field the API documents as nullable. */
function withoutNull(types: string | undefined): string | undefined {
  if (types === undefined) return undefined;
  const kept = types.split('|').filter((type) => type !== 'null');
  return kept.length ? kept.join('|') : '(none)';
}

function differences(call: NativeCall, emulated: Observation, real: Observation): string[] {
  const found: string[] = [];
  if (emulated.status !== real.status) found.push(`status ${emulated.status} vs ${real.status}`);
  const compared = (keys: string[]) => (call.keysAreConfiguration ? [] : keys);
  const missing = compared(real.topKeys).filter((key) => !emulated.topKeys.includes(key));
  const extra = compared(emulated.topKeys).filter((key) => !real.topKeys.includes(key));
  if (missing.length) found.push(`keys missing: ${missing.join(', ')}`);
  if (extra.length) found.push(`keys extra: ${extra.join(', ')}`);
  for (const [path, realType] of Object.entries(real.types)) {
    const nullable = call.nullable?.includes(path);
    const type = nullable ? withoutNull(realType)! : realType;
    const ours = nullable ? withoutNull(emulated.types[path]) : emulated.types[path];
    // An empty list on one side says nothing about item types.
    if (ours !== type && ours !== '(none)' && type !== '(none)') found.push(`${path}: ${ours} vs ${type}`);
  }
  for (const [name, present] of Object.entries(real.headers)) if (emulated.headers[name] !== present) found.push(`header ${name}`);
  return found;
}

async function main() {
  const sides = [await emulatorSide(), await realSide()];
  const rows: { call: NativeCall; emulated: Observation; real: Observation; diff: string[]; absent: boolean }[] = [];
  try {
    // CONFORMANCE_ONLY=<service> runs one service's calls (and leaves CONFORMANCE.md alone).
    for (const call of NATIVE_CALLS.filter((candidate) => !process.env.CONFORMANCE_ONLY || candidate.service === process.env.CONFORMANCE_ONLY)) {
      const [emulated, real] = [await observe(call, sides[0].ctx), await observe(call, sides[1].ctx)];
      const diff = differences(call, emulated, real);
      rows.push({ call, emulated, real, diff, absent: diff.length > 0 && call.needs !== undefined && sides[1].lacks.has(call.needs) });
    }
  } finally {
    for (const side of sides) await side.close();
  }

  const lines = [
    '# Emulator conformance',
    '',
    'Generated by `npm run test:conformance` (test/conformance/): each native call the server makes, sent to the',
    'emulator and to a real OpenStack (../shared/realcloud, Debian 12 packages, OpenStack Zed). Compared: status',
    'code, the set of top-level keys, and the JSON types of the fields the server reads. Values are not compared.',
    'A call that needs a service the real cloud lacks behind its API (cinder-backup) reads "expected" when it differs.',
    '',
    `Last run: ${new Date().toISOString()}`,
  ];
  for (const service of [...new Set(rows.map((row) => row.call.service))]) {
    lines.push('', `## ${service}`, '', '| call | emulator | real | verdict |', '|---|---|---|---|');
    for (const row of rows.filter((candidate) => candidate.call.service === service)) {
      const verdict = !row.diff.length ? 'same' : row.absent ? `expected: the real cloud has no ${row.call.needs} (${row.diff.join('; ')})` : `DIFFERENT: ${row.diff.join('; ')}`;
      lines.push(`| ${row.call.name} | ${row.emulated.status} | ${row.real.status} | ${verdict} |`);
    }
  }
  const report = lines.join('\n') + '\n';
  console.log(report);
  if (!process.env.CONFORMANCE_ONLY) writeFileSync(join(root, 'emulator', 'CONFORMANCE.md'), report);
  const failed = rows.filter((row) => row.diff.length && !row.absent).length;
  const absent = rows.filter((row) => row.absent).length;
  console.log(`${rows.length - failed - absent} passed, ${failed} failed, ${absent} expected absent in the real cloud`);
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
