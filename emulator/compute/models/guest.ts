import { constants, createHash, publicEncrypt, randomInt } from 'node:crypto';
import { sshRsaPublicKey } from './key-material.js';

/**
 * What the emulated guest does once it boots: its console log (kernel and
 * cloud-init lines, deterministic per server) and, when it was given an RSA
 * key, the password cloud-init generates and posts to the metadata service
 * encrypted with that key (RSA PKCS#1 v1.5, base64), as Nova stores it for
 * `os-server-password`. No HTTP, no SQL.
 */

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A fresh password encrypted with the key pair's RSA public key; '' when the key is not RSA (the guest posts nothing). */
export function encryptedPassword(publicKey: string | null): string {
  const key = publicKey ? sshRsaPublicKey(publicKey) : null;
  if (!key) return '';
  let password = '';
  for (let i = 0; i < 16; i++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(password)).toString('base64');
}

export interface GuestFacts {
  uuid: string;
  hostname: string;
  /** ms since the epoch when the guest started. */
  launchedAt: number;
  addresses: { address: string; version: 4 | 6; mac: string }[];
  keyName: string | null;
  keyFingerprint: string | null;
  memoryMb: number;
  vcpus: number;
}

/** A value derived from the server id, so that a server's log reads the same every time. */
function seeded(uuid: string, salt: string, modulo: number): number {
  return createHash('sha256').update(`${uuid}:${salt}`).digest().readUInt32BE(0) % modulo;
}

function stamp(seconds: number): string {
  return `[${seconds.toFixed(6).padStart(12, ' ')}]`;
}

/** The guest's whole console log, line by line. */
export function bootLog(guest: GuestFacts): string[] {
  const at = (offset: number) => new Date(guest.launchedAt + offset * 1000).toISOString().replace('T', ' ').replace(/\.\d+Z$/, '');
  const kernel = [
    'Linux version 5.15.0-91-generic (buildd@lcy02-amd64-045) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #101-Ubuntu SMP',
    'Command line: BOOT_IMAGE=/vmlinuz-5.15.0-91-generic root=LABEL=cloudimg-rootfs ro console=tty1 console=ttyS0',
    `Memory: ${guest.memoryMb * 1024 - 65536}K/${guest.memoryMb * 1024}K available`,
    `smpboot: Allowing ${guest.vcpus} CPUs, 0 hotplug CPUs`,
    'clocksource: Switched to clocksource kvm-clock',
    'virtio_blk virtio2: [vda] 2097152 512-byte logical blocks (1.07 GB/1.00 GiB)',
    ' vda: vda1 vda14 vda15',
    'EXT4-fs (vda1): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none.',
    'Run /sbin/init as init process',
    `systemd[1]: Set hostname to <${guest.hostname}>.`,
  ];
  const lines = kernel.map((line, index) => `${stamp(index * 0.137 + seeded(guest.uuid, 'k', 1000) / 10000)} ${line}`);
  const version = 'Cloud-init v. 23.3.3-0ubuntu0~22.04.1';
  lines.push(`${version} running 'init-local' at ${at(4)}. Up 4.${seeded(guest.uuid, 'u1', 90) + 10} seconds.`);
  lines.push(`${version} running 'init' at ${at(6)}. Up 6.${seeded(guest.uuid, 'u2', 90) + 10} seconds.`);
  lines.push('ci-info: ++++++++++++++++++++++++++++++++++++++Net device info+++++++++++++++++++++++++++++++++++++++');
  lines.push('ci-info: +--------+------+------------------------------+---------------+--------+-------------------+');
  lines.push('ci-info: | Device |  Up  |           Address            |      Mask     | Scope  |     Hw-Address    |');
  lines.push('ci-info: +--------+------+------------------------------+---------------+--------+-------------------+');
  guest.addresses.forEach((address, index) => {
    const mask = address.version === 4 ? '255.255.255.0' : '/64';
    lines.push(`ci-info: |  ens${3 + index}  | True | ${address.address.padEnd(28)} | ${mask.padEnd(13)} | ${address.version === 4 ? 'global' : 'link  '} | ${address.mac} |`);
  });
  lines.push('ci-info: |   lo   | True |          127.0.0.1           |   255.0.0.0   |  host  |         .         |');
  lines.push('ci-info: +--------+------+------------------------------+---------------+--------+-------------------+');
  if (guest.keyName && guest.keyFingerprint) {
    lines.push('ci-info: +++++++++++++++++++++++++++++Authorized keys from /home/ubuntu/.ssh/authorized_keys for user ubuntu++++++++++++++++++++++++++++++');
    lines.push('ci-info: +---------+-------------------------------------------------+---------+-------------------+');
    lines.push('ci-info: | Keytype |                Fingerprint (md5)                | Options |      Comment      |');
    lines.push(`ci-info: | ssh-rsa | ${guest.keyFingerprint.padEnd(47)} |    -    | ${guest.keyName.slice(0, 17).padEnd(17)} |`);
    lines.push('ci-info: +---------+-------------------------------------------------+---------+-------------------+');
  } else {
    lines.push('ci-info: no authorized SSH keys fingerprints found for user ubuntu.');
  }
  lines.push(`${version} running 'modules:config' at ${at(9)}. Up 9.${seeded(guest.uuid, 'u3', 90) + 10} seconds.`);
  lines.push('-----BEGIN SSH HOST KEY FINGERPRINTS-----');
  lines.push(`256 SHA256:${createHash('sha256').update(`${guest.uuid}:ecdsa`).digest('base64').replace(/=+$/, '')} root@${guest.hostname} (ECDSA)`);
  lines.push(`256 SHA256:${createHash('sha256').update(`${guest.uuid}:ed25519`).digest('base64').replace(/=+$/, '')} root@${guest.hostname} (ED25519)`);
  lines.push('-----END SSH HOST KEY FINGERPRINTS-----');
  lines.push(`${version} running 'modules:final' at ${at(11)}. Up 11.${seeded(guest.uuid, 'u4', 90) + 10} seconds.`);
  lines.push(`${version} finished at ${at(12)}. Datasource DataSourceOpenStackLocal [net,ver=2].  Up 12.${seeded(guest.uuid, 'u5', 90) + 10} seconds`);
  lines.push('');
  lines.push(`Ubuntu 22.04.3 LTS ${guest.hostname} ttyS0`);
  lines.push('');
  lines.push(`${guest.hostname} login: `);
  return lines;
}

/** `os-getConsoleOutput`: the last `length` lines (all of them for none or -1), joined as the hypervisor's log file reads. */
export function consoleTail(lines: string[], length: number | null): string {
  const tail = length === null || length < 0 ? lines : length === 0 ? [] : lines.slice(-length);
  return tail.join('\n');
}
