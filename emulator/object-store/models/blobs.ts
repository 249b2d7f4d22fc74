import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SwiftError } from './errors.js';

/**
 * Object bytes as files under `<dataDir>/object-store/`, beside the SQLite
 * file, so a restart keeps them. A PUT streams to `<blob>.partial` while md5
 * (the ETag) is computed chunk by chunk, then the file is renamed into place:
 * memory stays flat whatever the size.
 */

function blobsDir(dataDir: string): string {
  return join(dataDir, 'object-store');
}

function blobPath(dataDir: string, blob: string): string {
  return join(blobsDir(dataDir), blob);
}

export interface WrittenBlob {
  blob: string;
  bytes: number;
  etag: string;
}

/** Streams `source` to a new blob; `maxBytes` stops an upload past the quota or max_file_size with `tooLarge`. */
export async function writeBlob(dataDir: string, source: Readable, maxBytes: number, tooLarge: () => SwiftError): Promise<WrittenBlob> {
  mkdirSync(blobsDir(dataDir), { recursive: true });
  const blob = randomUUID();
  const partial = `${blobPath(dataDir, blob)}.partial`;
  const md5 = createHash('md5');
  let bytes = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(tooLarge());
      md5.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, hashing, createWriteStream(partial));
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, blobPath(dataDir, blob));
  return { blob, bytes, etag: md5.digest('hex') };
}

/** A server-side copy (X-Copy-From, COPY): the file is copied, never read into memory. */
export async function copyBlob(dataDir: string, from: string): Promise<string> {
  const blob = randomUUID();
  await copyFile(blobPath(dataDir, from), blobPath(dataDir, blob));
  return blob;
}

/** Bytes `start`..`end` inclusive of a blob, as a stream. */
export function readBlob(dataDir: string, blob: string, start?: number, end?: number): Readable {
  return createReadStream(blobPath(dataDir, blob), { start, end });
}

export function removeBlob(dataDir: string, blob: string | null): void {
  if (blob) rmSync(blobPath(dataDir, blob), { force: true });
}
