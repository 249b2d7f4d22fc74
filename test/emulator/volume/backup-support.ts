import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import { BACKUP_BLOCK_BYTES } from '../../../emulator/volume/models/backup-store.js';
import { BlobStore } from '../../../emulator/volume/models/blobs.js';
import type { TestEmulator } from '../../support/emulator.js';
import { call, copiesDone, type Persona, TRANSITION_MS } from './support.js';

/** Arrangements of the backup tests: volumes whose bytes a "guest" writes, and waiting for the clock and the copies. */

export const BLOCK = BACKUP_BLOCK_BYTES;

/** The copies are done (real I/O) and the emulator clock has passed the transition. */
export async function settled(cloud: TestEmulator): Promise<void> {
  await copiesDone(cloud);
  cloud.clock.advance(TRANSITION_MS / 1000);
}

/** An available volume of `size` GiB. */
export async function availableVolume(cloud: TestEmulator, who: Persona, size = 1, name = 'data'): Promise<string> {
  const volume = (await call(cloud, who, 'POST', '/volumes', { volume: { size, name } })).json().volume;
  await settled(cloud);
  return volume.id as string;
}

/** What a guest would write on the volume: its bytes are the file's. */
export function writeVolume(cloud: TestEmulator, volumeId: string, bytes: Buffer): void {
  const blobs = BlobStore.beside(cloud.db());
  mkdirSync(blobs.dir, { recursive: true });
  writeFileSync(blobs.path('volume', volumeId), bytes);
}

export function readVolume(cloud: TestEmulator, volumeId: string): Buffer {
  return readFileSync(BlobStore.beside(cloud.db()).path('volume', volumeId));
}

/** `blocks` blocks of distinct, non-zero content. */
export function content(blocks: number, seed: number): Buffer {
  const bytes = Buffer.alloc(blocks * BLOCK);
  for (let i = 0; i < bytes.length; i++) bytes[i] = ((i >> 8) + seed) % 251 || 1;
  return bytes;
}

/** Starts a backup; 202 with the id. */
export async function backUp(cloud: TestEmulator, who: Persona, backup: Record<string, unknown>): Promise<string> {
  const response = await call(cloud, who, 'POST', '/backups', { backup });
  expect(response.statusCode, response.body).toBe(202);
  return response.json().backup.id as string;
}

export async function showBackup(cloud: TestEmulator, who: Persona, id: string, microversion?: string) {
  return (await call(cloud, who, 'GET', `/backups/${id}`, undefined, microversion)).json().backup;
}

export async function volumeStatus(cloud: TestEmulator, who: Persona, id: string): Promise<string> {
  return (await call(cloud, who, 'GET', `/volumes/${id}`)).json().volume.status;
}
