import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../store/db.js';

/**
 * The bytes of volumes and snapshots: one file each under `<data dir>/volumes/`,
 * beside the SQLite file, so a restart keeps them. A file holds the content up
 * to its last written byte; what lies beyond (up to the volume's size) reads as
 * zeros, as on a thin-provisioned backend, so an empty 1 GiB volume costs no
 * disk. Copies are streamed (never a whole volume in memory) into a `.part`
 * file renamed at the end, so an interrupted copy never looks complete.
 */
export type BlobKind = 'volume' | 'snapshot';

export class BlobStore {
  constructor(readonly dir: string) {}

  /** The store beside the database file (`better-sqlite3`'s `name` is its path). */
  static beside(db: Db): BlobStore {
    return new BlobStore(join(dirname(db.raw.name), 'volumes'));
  }

  path(kind: BlobKind, id: string): string {
    return join(this.dir, `${kind}-${id}.raw`);
  }

  has(kind: BlobKind, id: string): boolean {
    return existsSync(this.path(kind, id));
  }

  /** The stored bytes, or null when nothing was ever written (all zeros). */
  open(kind: BlobKind, id: string): Readable | null {
    return this.has(kind, id) ? createReadStream(this.path(kind, id)) : null;
  }

  /** Streams `source` into the blob of `kind`/`id`, replacing it only once complete. */
  async write(kind: BlobKind, id: string, source: Readable): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    const target = this.path(kind, id);
    const part = `${target}.part`;
    try {
      await pipeline(source, createWriteStream(part));
      renameSync(part, target);
    } catch (error) {
      rmSync(part, { force: true });
      throw error;
    }
  }

  /** Copies one blob to another; a source without bytes leaves the target without bytes too. */
  async copy(from: { kind: BlobKind; id: string }, to: { kind: BlobKind; id: string }): Promise<void> {
    const source = this.open(from.kind, from.id);
    if (!source) {
      this.remove(to.kind, to.id);
      return;
    }
    await this.write(to.kind, to.id, source);
  }

  remove(kind: BlobKind, id: string): void {
    rmSync(this.path(kind, id), { force: true });
    rmSync(`${this.path(kind, id)}.part`, { force: true });
  }
}
