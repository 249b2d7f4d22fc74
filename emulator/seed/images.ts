import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { blobPath, imagesDir, removeBlob } from '../image/models/blobs.js';
import { activate, createImage, resetInterruptedUploads, setStatus } from '../image/models/images.js';
import { loadNamespace, type NamespaceDocument } from '../image/models/metadefs.js';
import type { Db } from '../store/db.js';
import { BOOT_BANNER, bootDisk } from './boot-disk.js';

/**
 * The image part of the demo cloud: Glance's stock metadata definitions
 * (etc/metadefs of Glance, Apache-2.0, as `glance-manage db load_metadefs`
 * loads them) and one small public bootable image owned by the admin project.
 */

export const SEED_IMAGE_NAME = 'tiny-boot';
const METADEFS_DIR = join(import.meta.dirname, 'metadefs');

export function seedImages(db: Db, options: { dataDir: string; adminProjectId: string; now: number }): void {
  // A process killed mid-upload leaves "saving" images whose partial data is gone.
  for (const id of resetInterruptedUploads(db, options.now)) removeBlob(options.dataDir, id);

  for (const file of readdirSync(METADEFS_DIR).filter((name) => name.endsWith('.json')).sort()) {
    loadNamespace(db, options.now, JSON.parse(readFileSync(join(METADEFS_DIR, file), 'utf8')) as NamespaceDocument);
  }

  // Made once: an image the admin deletes stays deleted (the soft-deleted row remembers it).
  if (db.get('SELECT 1 FROM images WHERE name = ? AND owner = ?', SEED_IMAGE_NAME, options.adminProjectId)) return;
  const image = createImage(db, options.now, {
    name: SEED_IMAGE_NAME,
    visibility: 'public',
    diskFormat: 'raw',
    containerFormat: 'bare',
    owner: options.adminProjectId,
    properties: { description: `A 320 KiB raw disk whose MBR boot sector prints "${BOOT_BANNER}"`, hw_disk_bus: 'virtio', os_type: 'linux' },
  });
  const data = bootDisk();
  mkdirSync(imagesDir(options.dataDir), { recursive: true });
  writeFileSync(blobPath(options.dataDir, image.id), data);
  setStatus(db, options.now, image.id, ['queued'], 'saving');
  activate(db, options.now, image.id, {
    size: data.length,
    virtualSize: data.length,
    checksum: createHash('md5').update(data).digest('hex'),
    osHashValue: createHash('sha512').update(data).digest('hex'),
  });
}
