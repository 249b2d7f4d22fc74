import type { Readable } from 'node:stream';
import type { RequestContext } from '../../core/context.js';
import type { CloudDeps } from '../../core/service.js';

/**
 * What Cinder needs from Glance to create a volume from an image: the image
 * as the caller may see it, and its bytes. The image service implements this
 * (looked up by id, with Glance's visibility rules for `context`); until it is
 * registered, `NO_IMAGES` finds nothing and Cinder answers its 400.
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

export interface ImageSource {
  find(context: RequestContext, imageId: string): SourceImage | null;
}

/** Builds the image source of a running cloud from its dependencies (the image service's database). */
export type ImageSourceFactory = (deps: CloudDeps) => ImageSource;

export const NO_IMAGES: ImageSource = { find: () => null };
