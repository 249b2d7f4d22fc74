import { execFile, execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEmulatorApp, type Emulator } from '../../../emulator/app.js';
import { makeDataDir, PASSWORDS, removeDataDir } from '../../support/emulator.js';

/** The standard `openstack` CLI (openstacksdk) against the emulator's Glance over a real socket. */

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

describe('the openstack CLI on images', () => {
  it.skipIf(!hasOpenstackCli)('creates an image from a file, lists, shows, saves, sets a property and deletes it', { timeout: 180_000 }, async () => {
    const file = join(dataDir, 'cli-upload.img');
    const data = randomBytes(200_000);
    writeFileSync(file, data);
    const created = JSON.parse(await openstack('image', 'create', '--file', file, '--disk-format', 'raw', '--container-format', 'bare', '--private', 'cli image', '-f', 'json')) as { id: string; status: string };
    const shown = JSON.parse(await openstack('image', 'show', created.id, '-f', 'json')) as { name: string; status: string; size: number; checksum: string; visibility: string };
    expect(shown).toMatchObject({ name: 'cli image', status: 'active', size: data.length, checksum: createHash('md5').update(data).digest('hex'), visibility: 'private' });

    const listed = JSON.parse(await openstack('image', 'list', '-f', 'json')) as { ID: string; Name: string; Status: string }[];
    expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ ID: created.id, Name: 'cli image', Status: 'active' }), expect.objectContaining({ Name: 'tiny-boot' })]));

    const saved = join(dataDir, 'cli-download.img');
    await openstack('image', 'save', '--file', saved, created.id);
    expect(Buffer.compare(readFileSync(saved), data)).toBe(0);

    await openstack('image', 'set', '--property', 'hw_disk_bus=scsi', created.id);
    expect((JSON.parse(await openstack('image', 'show', created.id, '-f', 'json')) as { properties: Record<string, string> }).properties).toMatchObject({ hw_disk_bus: 'scsi' });

    await openstack('image', 'delete', created.id);
    const after = JSON.parse(await openstack('image', 'list', '-f', 'json')) as { ID: string }[];
    expect(after.map((image) => image.ID)).not.toContain(created.id);
  });
});
