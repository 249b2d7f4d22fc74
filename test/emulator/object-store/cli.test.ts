import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasOpenstackCli, useOpenstackCli } from '../../support/openstack-cli.js';

/** The standard `openstack` CLI against the emulator's Swift over a real socket. */

const { openstack, dataDir } = useOpenstackCli();

describe('the openstack CLI on object storage', () => {
  it.skipIf(!hasOpenstackCli)('creates a container, uploads, lists, shows, saves and deletes an object and the container', { timeout: 180_000 }, async () => {
    const file = join(dataDir(), 'cli object.bin');
    const data = randomBytes(100_000);
    writeFileSync(file, data);
    await openstack('container', 'create', 'cli box');
    await openstack('object', 'create', '--name', 'dir/cli object.bin', 'cli box', file);
    const listed = JSON.parse(await openstack('object', 'list', 'cli box', '-f', 'json')) as { Name: string }[];
    expect(listed.map((entry) => entry.Name)).toEqual(['dir/cli object.bin']);
    const shown = JSON.parse(await openstack('object', 'show', 'cli box', 'dir/cli object.bin', '-f', 'json')) as Record<string, string>;
    expect(String(shown['content-length'])).toBe('100000');
    const saved = join(dataDir(), 'saved.bin');
    await openstack('object', 'save', '--file', saved, 'cli box', 'dir/cli object.bin');
    expect(Buffer.compare(readFileSync(saved), data)).toBe(0);
    const containers = JSON.parse(await openstack('container', 'list', '-f', 'json')) as { Name: string }[];
    expect(containers.map((entry) => entry.Name)).toContain('cli box');
    await openstack('object', 'delete', 'cli box', 'dir/cli object.bin');
    await openstack('container', 'delete', 'cli box');
    expect((JSON.parse(await openstack('container', 'list', '-f', 'json')) as { Name: string }[]).map((entry) => entry.Name)).not.toContain('cli box');
  });
});
