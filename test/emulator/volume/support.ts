import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import type { RequestContext } from '../../../emulator/core/context.js';
import type { ImageSource, SourceImage } from '../../../emulator/volume/models/image-source.js';
import { createVolumeService } from '../../../emulator/volume/index.js';
import { SERVICES } from '../../../emulator/services.js';
import { type TestEmulator, tokenFor } from '../../support/emulator.js';
import { waitUntil } from '../../support/wait.js';

/** Shared arrangements of the Cinder emulator tests. */

export const TRANSITION_MS = 2000;

/** An image service double: images by id, visible to their owner or to everyone when public. */
export class FakeImages implements ImageSource {
  readonly images = new Map<string, SourceImage & { owner: string; public: boolean }>();

  add(image: Partial<SourceImage> & { id: string; bytes: Buffer; owner: string; public?: boolean }): void {
    const { bytes, ...rest } = image;
    this.images.set(image.id, {
      name: 'cirros',
      status: 'active',
      size: bytes.length,
      minDisk: 0,
      minRam: 0,
      diskFormat: 'raw',
      containerFormat: 'bare',
      checksum: null,
      properties: {},
      public: false,
      ...rest,
      open: () => Readable.from([bytes]),
    });
  }

  find(context: RequestContext, imageId: string): SourceImage | null {
    const image = this.images.get(imageId);
    return image && (image.public || image.owner === context.projectId) ? image : null;
  }
}

/** The default services with Cinder configured: an image source and a known transition length. */
export function servicesWith(images?: ImageSource) {
  const volume = createVolumeService({ images: images ? () => images : undefined, transitionMs: TRANSITION_MS });
  return SERVICES.map((service) => (service.type === 'volumev3' ? volume : service));
}

export interface Persona {
  token: string;
  projectId: string;
  userId: string;
  /** `/cloud/volume/v3/{project_id}` */
  base: string;
}

export async function persona(cloud: TestEmulator, who: 'admin' | 'demo'): Promise<Persona> {
  const token = await tokenFor(cloud.app, who);
  const body = (await cloud.app.inject({ url: '/cloud/identity/v3/auth/tokens', headers: { 'x-auth-token': token, 'x-subject-token': token } })).json();
  return { token, projectId: body.token.project.id, userId: body.token.user.id, base: `/cloud/volume/v3/${body.token.project.id}` };
}

export function call(
  cloud: TestEmulator,
  who: Persona,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
  microversion?: string,
): Promise<LightMyRequestResponse> {
  return cloud.app.inject({
    method,
    url: `${who.base}${path}`,
    headers: { 'x-auth-token': who.token, ...(microversion ? { 'openstack-api-version': `volume ${microversion}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Waits until no copy of bytes is under way (they run on real I/O, not on the test clock). */
export async function copiesDone(cloud: TestEmulator): Promise<void> {
  const pending = () =>
    cloud
      .db()
      .get<{ n: number }>(
        "SELECT (SELECT COUNT(*) FROM cinder_volumes WHERE copy_state = 'pending') + (SELECT COUNT(*) FROM cinder_snapshots WHERE copy_state = 'pending') + (SELECT COUNT(*) FROM cinder_backups WHERE copy_state = 'pending' AND status IN ('creating', 'restoring')) AS n",
      )!.n;
  await waitUntil(pending, (count) => count === 0, { what: 'the byte copies to finish', timeout: 10_000, interval: 10 });
}
