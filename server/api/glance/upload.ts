import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Readable, Writable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { BffContext } from '../../context.js';
import { ApiError } from '../../errors.js';
import type { CloudClient } from '../../openstack/client.js';
import { boundaryOf, readMultipart } from './multipart.js';
import { createdLocation, createNativeImage } from './images.js';
import { imageToDict } from './shape.js';
import { spendTicket } from './tickets.js';

/**
 * Image data in both upload modes (api-contract §4.1), always streamed: the
 * server never holds a whole file in memory.
 *
 * - legacy: the browser posts a multipart form. The file is spooled to a
 *   temporary file as it arrives (the metadata fields may come after it),
 *   the image is created, 201 answers at once, and the file is streamed to
 *   Glance in the background (queued → saving → active), as Horizon does.
 * - direct: after the JSON create, the browser PUTs the raw bytes here with
 *   its upload ticket; they are piped to Glance while they arrive.
 */

/** A large image may take long to pass; the upstream call must not be cut at the usual 30 s. */
const UPLOAD_TIMEOUT_MS = 6 * 60 * 60 * 1000;

function putImageData(client: CloudClient, imageId: string, data: AsyncIterable<Uint8Array>) {
  return client.request('image', 'PUT', `/v2/images/${encodeURIComponent(imageId)}/file`, {
    stream: data,
    headers: { 'Content-Type': 'application/octet-stream' },
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}

/** Discards a part nobody asked for (a second file field). */
const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

export const uploadRoutes: FastifyPluginAsync<BffContext> = async (app, { access, settings, uploadTicketKey }) => {
  // Bodies of these routes stay streams (the JSON parser and its 1 MiB limit do not apply).
  for (const type of ['multipart/form-data', 'application/octet-stream']) {
    app.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
  }

  // Legacy upload: not AJAX-wrapped in Horizon; CSRF still enforced (Rec).
  app.post('/api/glance/images/', { config: { notAjax: true } }, async (request, reply) => {
    const source = request.body as Readable;
    if (settings.HORIZON_IMAGES_UPLOAD_MODE === 'off') {
      source.resume();
      throw new ApiError(400, 'Image upload from a file is disabled.');
    }
    if (!String(request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data')) {
      source?.resume?.();
      throw new ApiError(400, 'Invalid request: the image upload must be a multipart form.');
    }
    const client = await access.client(request);
    const spool = join(tmpdir(), `image-upload-${randomUUID()}`);
    const fields: Record<string, string> = {};
    let hasFile = false;
    try {
      await readMultipart(source, boundaryOf(request.headers['content-type']), {
        field: (name, value) => void (fields[name] = value),
        file: (name) => {
          if (name !== 'data' || hasFile) return discard();
          hasFile = true;
          return createWriteStream(spool);
        },
      });
      if (!hasFile) throw new ApiError(400, 'Invalid request: the form has no file field "data".');
      const { $$originalJSON: original, ...plain } = fields;
      let metadata: Record<string, unknown> = plain;
      if (original !== undefined) {
        // The browser's copy of the whole payload keeps the value types (numbers, booleans).
        try {
          metadata = JSON.parse(original) as Record<string, unknown>;
        } catch (error) {
          throw new ApiError(400, `malformed JSON request: ${(error as Error).message}`);
        }
        if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) throw new ApiError(400, 'Invalid request: $$originalJSON must be an object.');
      }
      const image = await createNativeImage(client, metadata);
      const log = request.log;
      void putImageData(client, image.id, createReadStream(spool))
        .catch((error: unknown) => log.error({ err: error, imageId: image.id }, 'legacy image upload to Glance failed'))
        .finally(() => rmSync(spool, { force: true }));
      reply.code(201).header('Location', createdLocation(image));
      return imageToDict(image, true);
    } catch (error) {
      rmSync(spool, { force: true });
      throw error;
    }
  });

  // Direct upload target: raw bytes with the ticket of the create answer.
  app.put<{ Params: { id: string } }>('/api/glance/images/:id/data/', { config: { notAjax: true, csrfExempt: true } }, async (request, reply) => {
    const source = request.body as Readable | undefined;
    try {
      const header = request.headers['x-upload-ticket'] ?? request.headers['x-auth-token'];
      spendTicket(uploadTicketKey, Array.isArray(header) ? header[0] : header, request.params.id, request.session!.token);
      if (!source || typeof (source as Readable).pipe !== 'function') throw new ApiError(400, 'The image data must be sent as application/octet-stream.');
    } catch (error) {
      source?.resume?.();
      throw error;
    }
    const client = await access.client(request);
    await putImageData(client, request.params.id, source);
    return reply.code(204).send();
  });
};
