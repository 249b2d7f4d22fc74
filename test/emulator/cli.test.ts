import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEmulatorApp, type Emulator } from '../../emulator/app.js';
import { makeDataDir, PASSWORDS, removeDataDir } from '../support/emulator.js';

/** The standard `openstack` CLI against the emulator over a real socket: the yardstick of compatibility. */

const run = promisify(execFile);

function which(command: string): boolean {
  try {
    execFileSync('which', [command], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const hasOpenstackCli = which('openstack');

let app: FastifyInstance;
let emulator: Emulator;
let dataDir: string;
let authUrl = '';

beforeAll(async () => {
  if (!hasOpenstackCli) return;
  dataDir = makeDataDir();
  let base = '';
  ({ app, emulator } = await buildEmulatorApp({ dataDir, publicUrl: () => base, adminPassword: PASSWORDS.admin, demoPassword: PASSWORDS.demo }));
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  authUrl = `${base}/cloud/identity/v3`;
});

afterAll(async () => {
  if (!hasOpenstackCli) return;
  await app.close();
  emulator.close();
  removeDataDir(dataDir);
});

/** Runs `openstack` as demo in project demo, with nothing from the caller's OS_* environment. */
async function openstack(...args: string[]): Promise<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('OS_')));
  const { stdout } = await run(
    'openstack',
    [
      '--os-auth-url', authUrl,
      '--os-username', 'demo',
      '--os-password', PASSWORDS.demo,
      '--os-project-name', 'demo',
      '--os-user-domain-name', 'Default',
      '--os-project-domain-name', 'Default',
      '--os-identity-api-version', '3',
      ...args,
    ],
    { env, timeout: 60_000 },
  );
  return stdout;
}

describe('the openstack CLI', () => {
  it.skipIf(!hasOpenstackCli)('creates, lists, shows and deletes a key pair', { timeout: 120_000 }, async () => {
    const privateKey = await openstack('keypair', 'create', 'cli key');
    expect(privateKey).toMatch(/-----BEGIN RSA PRIVATE KEY-----/);

    const listed = JSON.parse(await openstack('keypair', 'list', '-f', 'json')) as { Name: string; Fingerprint: string; Type?: string }[];
    expect(listed).toEqual([expect.objectContaining({ Name: 'cli key', Fingerprint: expect.stringMatching(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/) })]);

    const shown = JSON.parse(await openstack('keypair', 'show', 'cli key', '-f', 'json')) as { name: string; fingerprint: string; user_id: string };
    expect(shown.name).toBe('cli key');
    expect(shown.fingerprint).toBe(listed[0].Fingerprint);

    const publicKey = (await openstack('keypair', 'show', '--public-key', 'cli key')).trim();
    const blob = Buffer.from(publicKey.split(' ')[1], 'base64');
    expect(createHash('md5').update(blob).digest('hex').replace(/(..)(?!$)/g, '$1:')).toBe(shown.fingerprint);

    await openstack('keypair', 'delete', 'cli key');
    expect(JSON.parse(await openstack('keypair', 'list', '-f', 'json'))).toEqual([]);
  });

  it.skipIf(!hasOpenstackCli)('lists the demo flavors and creates, lists and deletes a server group', { timeout: 120_000 }, async () => {
    const flavors = JSON.parse(await openstack('flavor', 'list', '-f', 'json')) as { Name: string; RAM: number; VCPUs: number; Disk: number }[];
    expect(flavors.map((flavor) => flavor.Name)).toEqual(expect.arrayContaining(['m1.tiny', 'm1.small', 'm1.medium', 'm1.large', 'm1.xlarge']));
    expect(flavors.find((flavor) => flavor.Name === 'm1.small')).toMatchObject({ RAM: 2048, VCPUs: 1, Disk: 20 });

    const group = JSON.parse(await openstack('server', 'group', 'create', '--policy', 'soft-anti-affinity', 'cli group', '-f', 'json')) as { id: string; name: string };
    expect(group.name).toBe('cli group');
    const listed = JSON.parse(await openstack('server', 'group', 'list', '-f', 'json')) as { ID: string; Name: string }[];
    expect(listed).toEqual([expect.objectContaining({ ID: group.id, Name: 'cli group' })]);
    await openstack('server', 'group', 'delete', group.id);
    expect(JSON.parse(await openstack('server', 'group', 'list', '-f', 'json'))).toEqual([]);
  });
});
