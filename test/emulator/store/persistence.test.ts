import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../../emulator/app.js';
import {
  headers,
  issueToken,
  makeClock,
  makeDataDir,
  passwordAuthBody,
  PASSWORDS,
  removeDataDir,
  startEmulator,
  type TestEmulator,
  tokenFor,
} from '../../support/emulator.js';

const dirs: string[] = [];
const open: TestEmulator[] = [];

function dataDir(): string {
  const dir = makeDataDir();
  dirs.push(dir);
  return dir;
}

async function start(options: Parameters<typeof startEmulator>[0]): Promise<TestEmulator> {
  const cloud = await startEmulator(options);
  open.push(cloud);
  return cloud;
}

async function stop(cloud: TestEmulator): Promise<void> {
  open.splice(open.indexOf(cloud), 1);
  await cloud.close();
}

afterEach(async () => {
  for (const cloud of open.splice(0)) await cloud.close();
  for (const dir of dirs.splice(0)) removeDataDir(dir);
});

/** Rows the seed creates, by table, to compare across restarts. */
function seededRows(cloud: TestEmulator) {
  const db = cloud.db();
  return Object.fromEntries(
    [
      'domains',
      'projects',
      'users',
      'roles',
      'implied_roles',
      'role_assignments',
      'regions',
      'services',
      'endpoints',
      'flavors',
      'images',
      'image_properties',
      'metadef_namespaces',
      'metadef_properties',
      'metadef_objects',
      'net_networks',
      'net_subnets',
      'net_subnetpools',
      'net_ports',
      'net_routers',
      'net_security_groups',
      'net_security_group_rules',
      'net_agents',
    ].map((table) => [
      table,
      db.all(`SELECT * FROM ${table} ORDER BY 1, 2`).map((row) => ({ ...row, password_hash: undefined })),
    ]),
  );
}

describe('restart survival', () => {
  it('keeps key pairs and tokens across close and reopen of the same dataDir', async () => {
    const dir = dataDir();
    const clock = makeClock();
    const first = await start({ dataDir: dir, clock });
    const token = await tokenFor(first.app, 'demo');
    const created = await first.app.inject({ method: 'POST', url: '/cloud/compute/v2.1/os-keypairs', headers: headers(token, '2.2'), payload: { keypair: { name: 'kept' } } });
    expect(created.statusCode).toBe(201);
    await stop(first);

    const second = await start({ dataDir: dir, clock });
    const shown = await second.app.inject({ url: '/cloud/compute/v2.1/os-keypairs/kept', headers: headers(token, '2.2') });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().keypair.fingerprint).toBe(created.json().keypair.fingerprint);
    const validated = await second.app.inject({ url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': token, 'x-subject-token': token } });
    expect(validated.statusCode).toBe(200);
  });

  it('seeds idempotently: a restart keeps every id and adds no rows', async () => {
    const dir = dataDir();
    const first = await start({ dataDir: dir });
    const before = seededRows(first);
    const catalog = (await issueToken(first.app, passwordAuthBody('demo', PASSWORDS.demo))).json().token.catalog;
    await stop(first);

    const second = await start({ dataDir: dir });
    expect(seededRows(second)).toEqual(before);
    expect((await issueToken(second.app, passwordAuthBody('demo', PASSWORDS.demo))).json().token.catalog).toEqual(catalog);
    const migrations = second.db().all<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id').map((row) => row.id);
    expect(migrations).toEqual([
      'compute:0001_initial',
      'compute:0002_flavors_server_groups',
      'compute:0003_servers',
      'compute:0004_access_ips_lock',
      'compute:0005_usage_terminated',
      'compute:0006_target_host',
      'compute:0007_aggregates',
      'identity:0001_initial',
      'identity:0002_identity_admin',
      'identity:0003_catalog_admin_documents',
      'identity:0004_project_parent_user_extra',
      'identity:0005_application_credentials',
      'identity:0006_inherited_assignments',
      'identity:0007_implied_roles_one_store',
      'identity:0008_endpoint_group_projects',
      'identity:0009_system_assignments',
      'identity:0010_system_tokens_project_endpoints',
      'image:0001_images',
      'image:0002_metadefs',
      'image:0003_metadef_tags',
      'key-manager:0001_barbican',
      'load-balancer:0001_octavia',
      'network:0001_initial',
      'network:0002_az_hints',
      'object-store:0001_swift',
      'orchestration:0001_heat',
      'volumev3:001-volumes',
      'volumev3:002-attachments',
      'volumev3:003-backups',
    ]);
  });

  it('opens the database in WAL mode with foreign keys on', async () => {
    const cloud = await start({});
    expect(cloud.db().raw.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(cloud.db().raw.pragma('foreign_keys', { simple: true })).toBe(1);
  });
});

describe('seeded passwords', () => {
  it('generates passwords on first start, keeps them in credentials.json (0600) and reuses them at every start', async () => {
    const dir = dataDir();
    const first = await start({ dataDir: dir, withoutPasswords: true });
    const generated = first.emulator.credentials;
    expect(generated.admin).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(generated.demo).not.toBe(generated.admin);
    const file = join(dir, 'credentials.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(generated);
    await stop(first);

    const second = await start({ dataDir: dir, withoutPasswords: true });
    expect(second.emulator.credentials).toEqual(generated);
    expect((await issueToken(second.app, passwordAuthBody('demo', generated.demo))).statusCode).toBe(201);
    expect((await issueToken(second.app, passwordAuthBody('admin', generated.admin))).statusCode).toBe(201);
  });

  it('lets an explicit password win over the stored one at a later start', async () => {
    const dir = dataDir();
    const first = await start({ dataDir: dir, withoutPasswords: true });
    const generated = first.emulator.credentials;
    await stop(first);

    const second = await start({ dataDir: dir, withoutPasswords: true, adminPassword: 'from-the-environment' });
    expect(second.emulator.credentials).toEqual({ admin: 'from-the-environment', demo: generated.demo });
    expect((await issueToken(second.app, passwordAuthBody('admin', 'from-the-environment'))).statusCode).toBe(201);
    expect((await issueToken(second.app, passwordAuthBody('admin', generated.admin))).statusCode).toBe(401);
    // The explicit password is not written to disk.
    expect(readFileSync(join(dir, 'credentials.json'), 'utf8')).not.toContain('from-the-environment');
  });

  it('stores password hashes only, never the passwords', async () => {
    const cloud = await start({});
    await tokenFor(cloud.app, 'demo');
    for (const row of cloud.db().all<{ password_hash: string }>('SELECT password_hash FROM users')) expect(row.password_hash).toMatch(/^scrypt\$/);
    const bytes = readFileSync(join(cloud.dataDir, DATABASE_FILE)).toString('latin1') + readFileSync(join(cloud.dataDir, `${DATABASE_FILE}-wal`)).toString('latin1');
    expect(bytes).not.toContain(PASSWORDS.demo);
    expect(bytes).not.toContain(PASSWORDS.admin);
  });
});
