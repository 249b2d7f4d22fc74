import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CloudError } from '../../core/errors.js';
import type { StoredData } from './images.js';

/**
 * Image data as files under `<dataDir>/images/`, beside the SQLite file, so a
 * restart keeps them. Uploads stream to `<id>.partial` while md5 (checksum)
 * and sha512 (os_hash_value) are computed chunk by chunk, then the file is
 * renamed into place: memory stays flat whatever the size.
 */

/** Glance's default `image_size_cap`: 1 TiB. */
export const IMAGE_SIZE_CAP = 1024 ** 4;

export function imagesDir(dataDir: string): string {
  return join(dataDir, 'images');
}

export function blobPath(dataDir: string, id: string): string {
  return join(imagesDir(dataDir), id);
}

/** qcow2 keeps the virtual disk size at bytes 24..31 of its header; other formats are taken at their size (raw). */
function virtualSizeOf(head: Buffer, size: number): number {
  if (head.length >= 32 && head.readUInt32BE(0) === 0x514649fb) return Number(head.readBigUInt64BE(24));
  return size;
}

export async function writeBlob(dataDir: string, id: string, source: Readable): Promise<StoredData> {
  mkdirSync(imagesDir(dataDir), { recursive: true });
  const partial = `${blobPath(dataDir, id)}.partial`;
  const md5 = createHash('md5');
  const sha512 = createHash('sha512');
  let size = 0;
  let head = Buffer.alloc(0);
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > IMAGE_SIZE_CAP) return done(new CloudError(413, `Image exceeds the storage quota: The size of the data ${size} will exceed the limit. ${IMAGE_SIZE_CAP} bytes remaining.`));
      if (head.length < 32) head = Buffer.concat([head, chunk.subarray(0, 32 - head.length)]);
      md5.update(chunk);
      sha512.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, hashing, createWriteStream(partial));
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, blobPath(dataDir, id));
  return { size, virtualSize: virtualSizeOf(head, size), checksum: md5.digest('hex'), osHashValue: sha512.digest('hex') };
}

export function readBlob(dataDir: string, id: string): Readable {
  return createReadStream(blobPath(dataDir, id));
}

export function blobSize(dataDir: string, id: string): number | null {
  try {
    return statSync(blobPath(dataDir, id)).size;
  } catch {
    return null;
  }
}

export function removeBlob(dataDir: string, id: string): void {
  rmSync(blobPath(dataDir, id), { force: true });
  rmSync(`${blobPath(dataDir, id)}.partial`, { force: true });
}
