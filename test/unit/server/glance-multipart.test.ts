import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { boundaryOf, readMultipart } from '../../../server/api/glance/multipart.js';

const BOUNDARY = '----formboundaryAbC123';

function form(parts: { name: string; filename?: string; body: Buffer | string }[]): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    pieces.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.filename !== undefined ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`));
    pieces.push(Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body));
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(pieces);
}

async function* chunked(data: Buffer, size: number) {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

async function parse(data: Buffer, chunkSize: number) {
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer[]> = {};
  await readMultipart(chunked(data, chunkSize), BOUNDARY, {
    field: (name, value) => void (fields[name] = value),
    file: (name) => {
      files[name] = [];
      return new Writable({ write: (chunk: Buffer, _encoding, done) => (files[name].push(Buffer.from(chunk)), done()) });
    },
  });
  return { fields, files: Object.fromEntries(Object.entries(files).map(([name, chunks]) => [name, Buffer.concat(chunks)])) };
}

describe('the streaming multipart reader of the legacy image upload', () => {
  // Bytes that look like the start of a delimiter inside the file must survive.
  const file = Buffer.concat([randomBytes(5000), Buffer.from(`\r\n--${BOUNDARY.slice(0, 10)}`), randomBytes(3000), Buffer.from('\r\n--')]);
  const body = form([
    { name: 'name', body: 'my image' },
    { name: 'data', filename: 'disk.img', body: file },
    { name: '$$originalJSON', body: '{"name":"my image","min_disk":1}' },
  ]);

  it.each([1, 2, 7, 64, 1000, body.length])('reads fields and the file exactly, whatever the chunk size (%i)', async (size) => {
    const { fields, files } = await parse(body, size);
    expect(fields).toEqual({ name: 'my image', $$originalJSON: '{"name":"my image","min_disk":1}' });
    expect(Buffer.compare(files.data, file)).toBe(0);
  });

  it('refuses a form cut short', async () => {
    await expect(parse(body.subarray(0, body.length - 40), 100)).rejects.toThrow('the multipart form ended early');
  });

  it('reads the boundary from the Content-Type, quoted or not', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBe('abc');
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(() => boundaryOf('multipart/form-data')).toThrow('no boundary');
  });
});
