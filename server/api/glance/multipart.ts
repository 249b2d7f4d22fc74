import type { Writable } from 'node:stream';
import { ApiError } from '../../errors.js';

/**
 * A streaming multipart/form-data reader (RFC 7578) for the legacy image
 * upload: text fields are collected (bounded), a file part is written to a
 * sink as it arrives, with backpressure, so a large file never sits in
 * memory. Only what an upload form needs: no nested multipart, no
 * transfer encodings.
 */

export interface MultipartHandlers {
  field(name: string, value: string): void;
  /** Where a file part's bytes go; the reader ends it after the part. `contentType` is the part's own header, when it has one. */
  file(name: string, filename: string, contentType?: string): Writable;
}

/** Text fields together may not pass this (the form's metadata, not data). */
const MAX_FIELDS_BYTES = 1024 * 1024;
const MAX_HEADER_BYTES = 16 * 1024;

export function boundaryOf(contentType: string | undefined): string {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new ApiError(400, 'Invalid request: the multipart form has no boundary.');
  return boundary;
}

function dispositionOf(headerBlock: string): { name: string; filename?: string; contentType?: string } {
  const lines = headerBlock.split('\r\n');
  const line = lines.find((header) => /^content-disposition:/i.test(header));
  const contentType = lines.find((header) => /^content-type:/i.test(header))?.replace(/^content-type:\s*/i, '').trim() || undefined;
  const name = line && /\bname="((?:[^"\\]|\\.)*)"/i.exec(line)?.[1];
  if (line === undefined || name === undefined) throw new ApiError(400, 'Invalid request: a form part has no name.');
  const filename = /\bfilename="((?:[^"\\]|\\.)*)"/i.exec(line)?.[1];
  return { name: name.replace(/\\(.)/g, '$1'), filename: filename?.replace(/\\(.)/g, '$1'), contentType };
}

function write(sink: Writable, chunk: Buffer): Promise<void> {
  if (sink.write(chunk)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      sink.off('error', onError);
      resolve();
    };
    const onError = (error: Error) => {
      sink.off('drain', onDrain);
      reject(error);
    };
    sink.once('drain', onDrain);
    sink.once('error', onError);
  });
}

function finish(sink: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    sink.once('error', reject);
    sink.end(() => resolve());
  });
}

export async function readMultipart(source: AsyncIterable<Buffer>, boundary: string, handlers: MultipartHandlers): Promise<void> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter has no CRLF before it: add one so every delimiter looks alike.
  let buffer: Buffer = Buffer.from('\r\n');
  let state: 'preamble' | 'afterDelimiter' | 'headers' | 'body' | 'done' = 'preamble';
  let part: { name: string; sink?: Writable; text?: Buffer[] } | null = null;
  let fieldBytes = 0;

  const emit = async (data: Buffer) => {
    if (!part || !data.length) return;
    if (part.sink) return write(part.sink, data);
    fieldBytes += data.length;
    if (fieldBytes > MAX_FIELDS_BYTES) throw new ApiError(413, 'The form fields are too large.');
    part.text!.push(data);
  };
  const endPart = async () => {
    if (!part) return;
    if (part.sink) await finish(part.sink);
    else handlers.field(part.name, Buffer.concat(part.text!).toString('utf8'));
    part = null;
  };

  for await (const chunk of source) {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (state === 'preamble' || state === 'body') {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          // Keep a tail that could be the start of a delimiter split across chunks.
          const keep = Math.min(buffer.length, delimiter.length - 1);
          if (state === 'body') await emit(buffer.subarray(0, buffer.length - keep));
          buffer = buffer.subarray(buffer.length - keep);
          break;
        }
        if (state === 'body') {
          await emit(buffer.subarray(0, at));
          await endPart();
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = 'afterDelimiter';
      } else if (state === 'afterDelimiter') {
        if (buffer.length < 2) break;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = 'done';
          break;
        }
        // Transport padding may follow the delimiter before its CRLF.
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) break;
        buffer = buffer.subarray(eol + 2);
        state = 'headers';
      } else if (state === 'headers') {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) {
          if (buffer.length > MAX_HEADER_BYTES) throw new ApiError(400, 'Invalid request: a form part header is too long.');
          break;
        }
        const { name, filename, contentType } = dispositionOf(buffer.subarray(0, end).toString('utf8'));
        part = filename !== undefined ? { name, sink: handlers.file(name, filename, contentType) } : { name, text: [] };
        buffer = buffer.subarray(end + 4);
        state = 'body';
      } else {
        break;
      }
    }
    if (state === 'done') break;
  }
  if (state !== 'done') {
    if (part?.sink) part.sink.destroy();
    throw new ApiError(400, 'Invalid request: the multipart form ended early.');
  }
}
