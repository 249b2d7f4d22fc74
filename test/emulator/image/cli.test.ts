import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasOpenstackCli, useOpenstackCli } from '../../support/openstack-cli.js';

/** The standard `openstack` CLI (openstacksdk) against the emulator's Glance over a real socket. */

const { openstack, dataDir } = useOpenstackCli();

describe('the openstack CLI on images', () => {
  it.skipIf(!hasOpenstackCli)('creates an image from a file, lists, shows, saves, sets a property and deletes it', { timeout: 180_000 }, async () => {
    const file = join(dataDir(), 'cli-upload.img');
    const data = randomBytes(200_000);
    writeFileSync(file, data);
    const created = JSON.parse(await openstack('image', 'create', '--file', file, '--disk-format', 'raw', '--container-format', 'bare', '--private', 'cli image', '-f', 'json')) as { id: string; status: string };
    const shown = JSON.parse(await openstack('image', 'show', created.id, '-f', 'json')) as { name: string; status: string; size: number; checksum: string; visibility: string };
    expect(shown).toMatchObject({ name: 'cli image', status: 'active', size: data.length, checksum: createHash('md5').update(data).digest('hex'), visibility: 'private' });

    const listed = JSON.parse(await openstack('image', 'list', '-f', 'json')) as { ID: string; Name: string; Status: string }[];
    expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ ID: created.id, Name: 'cli image', Status: 'active' }), expect.objectContaining({ Name: 'tiny-boot' })]));

    const saved = join(dataDir(), 'cli-download.img');
    await openstack('image', 'save', '--file', saved, created.id);
    expect(Buffer.compare(readFileSync(saved), data)).toBe(0);

    await openstack('image', 'set', '--property', 'hw_disk_bus=scsi', created.id);
    expect((JSON.parse(await openstack('image', 'show', created.id, '-f', 'json')) as { properties: Record<string, string> }).properties).toMatchObject({ hw_disk_bus: 'scsi' });

    await openstack('image', 'delete', created.id);
    const after = JSON.parse(await openstack('image', 'list', '-f', 'json')) as { ID: string }[];
    expect(after.map((image) => image.ID)).not.toContain(created.id);
  });
});
