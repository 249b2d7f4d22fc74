import type { Readable } from 'node:stream';
import type { RequestContext } from '../../core/context.js';
import type { CloudDeps } from '../../core/service.js';

/**
 * What Cinder needs from Glance to create a volume from an image: the image
 * as the caller may see it, and its bytes. The image service implements this
 * (looked up by id, with Glance's visibility rules for `context`), and takes
 * the images Cinder uploads from volumes; until it is registered, `NO_IMAGES`
 * finds nothing and Cinder answers its 400.
 */
export interface SourceImage {
  id: string;
  name: string | null;
  /** Glance status; only `active` images can be copied. */
  status: string;
  /** Bytes. */
  size: number;
  /** GiB. */
  minDisk: number;
  minRam: number;
  diskFormat: string | null;
  containerFormat: string | null;
  checksum: string | null;
  /** The image's custom properties, copied into `volume_image_metadata`. */
  properties: Record<string, string>;
  /** The image's bytes, streamed. */
  open(): Readable;
}

/** An image Cinder makes from a volume (`os-volume_upload_image`). */
export interface ImageUpload {
  name: string;
  diskFormat: string;
  containerFormat: string;
  visibility: 'private' | 'public' | 'shared' | 'community';
  protected: boolean;
  /** Carried over from the volume's `volume_image_metadata`. */
  properties: Record<string, string>;
}

export interface ImageSource {
  find(context: RequestContext, imageId: string): SourceImage | null;
  /**
   * Creates the image in the caller's project (refused as Glance would
   * refuse it) and streams `data` into it; `stored` settles once the image
   * is active, or rejects (the image then deleted) when the data failed.
   */
  upload?(context: RequestContext, input: ImageUpload, data: Readable): { imageId: string; stored: Promise<void> };
}

/** Builds the image source of a running cloud from its dependencies (the image service's database). */
export type ImageSourceFactory = (deps: CloudDeps) => ImageSource;

export const NO_IMAGES: ImageSource = { find: () => null };
