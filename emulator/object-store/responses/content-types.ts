import { extname } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { firstHeader } from '../../core/http.js';

/** The types Python's mimetypes guesses for common extensions (Swift guesses when a PUT gives none). */
const BY_EXTENSION: Record<string, string> = {
  '.txt': 'text/plain', '.html': 'text/html', '.htm': 'text/html', '.css': 'text/css', '.csv': 'text/csv', '.js': 'application/javascript',
  '.json': 'application/json', '.xml': 'application/xml', '.pdf': 'application/pdf', '.zip': 'application/zip', '.gz': 'application/gzip',
  '.tar': 'application/x-tar', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4', '.mp3': 'audio/mpeg', '.iso': 'application/x-iso9660-image', '.qcow2': 'application/octet-stream',
};

/** The request's Content-Type, else the guess from the name (or `X-Detect-Content-Type: true`), else application/octet-stream. */
export function contentTypeFor(request: FastifyRequest, name: string): string {
  const given = firstHeader(request, 'content-type');
  const detect = /^(true|yes|on|1)$/i.test(firstHeader(request, 'x-detect-content-type') ?? '');
  if (given && !detect) return given;
  return BY_EXTENSION[extname(name).toLowerCase()] ?? 'application/octet-stream';
}
