import { Readable } from 'node:stream';
import type { CloudDeps } from '../../core/service.js';
import { readBlob } from '../models/blobs.js';
import type { Part } from '../models/objects.js';

/** Swift's SLO limits (slo middleware defaults). */
export const MAX_MANIFEST_SEGMENTS = 1000;
export const MAX_MANIFEST_SIZE = 8 * 1024 * 1024;

/**
 * Bytes `start`..`end` (inclusive) of an object made of parts (one blob, or a
 * large object's segments), read segment after segment from disk: memory
 * holds one chunk at a time whatever the total.
 */
export function streamParts(deps: CloudDeps, parts: Part[], start: number, end: number): Readable {
  async function* bytes() {
    let offset = 0;
    for (const part of parts) {
      const partStart = offset;
      const partEnd = offset + part.bytes - 1;
      offset += part.bytes;
      if (part.bytes === 0 || partEnd < start || partStart > end) continue;
      yield* readBlob(deps.dataDir, part.blob, Math.max(start, partStart) - partStart, Math.min(end, partEnd) - partStart);
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}
