import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Db } from '../../store/db.js';

/**
 * The data of volume backups, as cinder-backup's chunked drivers keep it:
 * under `<data dir>/backups/<backup id>/`, a `data` file holding the blocks
 * this backup stored, one after the other, and a `manifest.json` with the
 * SHA-256 of every block of the volume at backup time (Cinder's sha256file)
 * and the indexes of the blocks stored. A full backup stores every block that
 * is not all zeros; an incremental one only the blocks whose hash differs
 * from its parent's. A restore walks the chain from the backup to its full
 * ancestor, taking each block from the nearest backup that stored it and
 * checking its hash. Everything is written into `<id>.part/` and renamed when
 * complete, so a crash never leaves a backup that looks whole.
 */

export const BACKUP_BLOCK_BYTES = 64 * 1024;
/** The hash recorded for a block of zeros (never stored). */
const ZERO = '0';
const ZEROS = Buffer.alloc(BACKUP_BLOCK_BYTES);

interface Manifest {
  blockBytes: number;
  /** Bytes of volume content backed up (the blob's length; beyond it the volume reads zeros). */
  length: number;
  hashes: string[];
  /** Block indexes in the order they lie in `data`. */
  stored: number[];
}

export class BackupStore {
  constructor(readonly dir: string) {}

  static beside(db: Db): BackupStore {
    return new BackupStore(join(dirname(db.raw.name), 'backups'));
  }

  private folder(id: string): string {
    return join(this.dir, id);
  }

  has(id: string): boolean {
    return existsSync(join(this.folder(id), 'manifest.json'));
  }

  private manifest(id: string): Manifest {
    return JSON.parse(readFileSync(join(this.folder(id), 'manifest.json'), 'utf8')) as Manifest;
  }

  /**
   * Backs up the bytes at `sourcePath` (null: a volume never written, all
   * zeros) as backup `id`, incremental to `parentId` when given. Returns the
   * number of blocks stored (the backup's object_count).
   */
  async backUp(id: string, sourcePath: string | null, parentId: string | null): Promise<number> {
    const parent = parentId ? this.manifest(parentId) : null;
    const part = `${this.folder(id)}.part`;
    rmSync(part, { recursive: true, force: true });
    mkdirSync(part, { recursive: true });
    const manifest: Manifest = { blockBytes: BACKUP_BLOCK_BYTES, length: 0, hashes: [], stored: [] };
    const data = await open(join(part, 'data'), 'w');
    const source = sourcePath && existsSync(sourcePath) ? await open(sourcePath, 'r') : null;
    try {
      const block = Buffer.alloc(BACKUP_BLOCK_BYTES);
      for (let index = 0; source; index++) {
        const { bytesRead } = await source.read(block, 0, BACKUP_BLOCK_BYTES, index * BACKUP_BLOCK_BYTES);
        if (bytesRead === 0) break;
        const bytes = block.subarray(0, bytesRead);
        const hash = bytes.equals(ZEROS.subarray(0, bytesRead)) ? ZERO : createHash('sha256').update(bytes).digest('hex');
        manifest.hashes.push(hash);
        manifest.length += bytesRead;
        if (hash !== ZERO && parent?.hashes[index] !== hash) {
          await data.write(bytes);
          manifest.stored.push(index);
        }
      }
    } finally {
      await source?.close();
      await data.close();
    }
    writeFileSync(join(part, 'manifest.json'), JSON.stringify(manifest));
    rmSync(this.folder(id), { recursive: true, force: true });
    renameSync(part, this.folder(id));
    return manifest.stored.length;
  }

  /**
   * Writes the content of backup `chain[0]` (its ancestors follow, the full
   * backup last) into the file at `targetPath`, replacing it once complete.
   * Content the target held beyond `sizeBytes` (a larger volume) is kept.
   */
  async restore(chain: string[], targetPath: string, sizeBytes: number): Promise<void> {
    const manifests = chain.map((id) => this.manifest(id));
    const target = manifests[0];
    // Per backup of the chain: block index → its place in that backup's data file.
    const places = manifests.map((manifest) => new Map(manifest.stored.map((block, place) => [block, place])));
    const part = `${targetPath}.part`;
    // A cloud whose volumes were all blank has no volume file yet, nor their folder.
    mkdirSync(dirname(targetPath), { recursive: true });
    const handles = new Map<string, FileHandle>();
    const output = await open(part, 'w');
    let complete = false;
    try {
      const block = Buffer.alloc(BACKUP_BLOCK_BYTES);
      for (let index = 0; index < target.hashes.length; index++) {
        const hash = target.hashes[index];
        if (hash === ZERO) continue; // a hole reads as zeros
        const holder = places.findIndex((place) => place.has(index));
        if (holder < 0) throw new Error(`backup ${chain[0]}: block ${index} is in no backup of the chain`);
        const bytes = Math.min(BACKUP_BLOCK_BYTES, target.length - index * BACKUP_BLOCK_BYTES);
        let data = handles.get(chain[holder]);
        if (!data) handles.set(chain[holder], (data = await open(join(this.folder(chain[holder]), 'data'), 'r')));
        const position = places[holder].get(index)! * BACKUP_BLOCK_BYTES;
        await data.read(block, 0, bytes, position);
        if (createHash('sha256').update(block.subarray(0, bytes)).digest('hex') !== hash) {
          throw new Error(`backup ${chain[holder]}: block ${index} does not match its hash`);
        }
        await output.write(block, 0, bytes, index * BACKUP_BLOCK_BYTES);
      }
      await output.truncate(target.length);
      await keepTail(output, targetPath, target.length, sizeBytes);
      complete = true;
    } finally {
      await output.close();
      for (const handle of handles.values()) await handle.close();
      if (!complete) rmSync(part, { force: true });
    }
    renameSync(part, targetPath);
  }

  remove(id: string): void {
    rmSync(this.folder(id), { recursive: true, force: true });
    rmSync(`${this.folder(id)}.part`, { recursive: true, force: true });
  }

  /** Removes every folder that is not the data of a backup in `keep` (unfinished writes, deleted backups). */
  sweep(keep: Set<string>): void {
    if (!existsSync(this.dir)) return;
    for (const name of readdirSync(this.dir)) if (!keep.has(name)) rmSync(join(this.dir, name), { recursive: true, force: true });
  }
}

/** Bytes the old target held past the backup's size stay where they were (zeros in between). */
async function keepTail(output: FileHandle, targetPath: string, length: number, sizeBytes: number): Promise<void> {
  if (!existsSync(targetPath) || statSync(targetPath).size <= sizeBytes) return;
  if (length < sizeBytes) await output.truncate(sizeBytes);
  const old = await open(targetPath, 'r');
  try {
    const block = Buffer.alloc(BACKUP_BLOCK_BYTES);
    for (let position = sizeBytes; ; position += BACKUP_BLOCK_BYTES) {
      const { bytesRead } = await old.read(block, 0, BACKUP_BLOCK_BYTES, position);
      if (bytesRead === 0) break;
      await output.write(block, 0, bytesRead, position);
    }
  } finally {
    await old.close();
  }
}
