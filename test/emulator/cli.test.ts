import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hasOpenstackCli, useOpenstackCli } from '../support/openstack-cli.js';

/** The standard `openstack` CLI against the emulator over a real socket: the yardstick of compatibility. */

const { openstack } = useOpenstackCli();

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
