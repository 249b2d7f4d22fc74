import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLogging } from '../../../server/plugins/request-logging';

/** A server whose log lines are collected; its route reports `error` on its reply's logger as the compression plugin does. */
async function serverLogging(error: Error, level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, ...requestLogging() });
  // @fastify/compress ends a response the client left with `reply.log.error(err)`.
  app.get('/api/glance/images/', async (_request, reply) => {
    reply.log.error(error);
    return { items: [] };
  });
  await app.inject({ method: 'GET', url: '/api/glance/images/?paginate=true' });
  await app.close();
  return lines;
}

describe('a client that closes mid-response', () => {
  it('logs at info with the method and URL, not as an error', async () => {
    const lines = await serverLogging(Object.assign(new Error('premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(lines).toContainEqual(expect.objectContaining({ level: 30, method: 'GET', url: '/api/glance/images/?paginate=true' }));
  });

  it('leaves other errors at error level, with the request id', async () => {
    const lines = await serverLogging(new Error('disk full'));
    expect(lines.filter((line) => Number(line.level) === 50)).toEqual([expect.objectContaining({ reqId: expect.any(String), err: expect.objectContaining({ message: 'disk full' }) })]);
  });

  it('writes nothing at warn, errors still written', async () => {
    expect(await serverLogging(Object.assign(new Error('premature close'), { code: 'ECONNRESET' }), 'warn')).toEqual([]);
    const lines = await serverLogging(new Error('disk full'), 'warn');
    expect(lines.map((line) => line.level)).toEqual([50]);
  });
});

describe('request lines', () => {
  it('logs each request completed at info with its request id and status', async () => {
    const lines = await serverLogging(new Error('disk full'));
    expect(lines).toContainEqual(expect.objectContaining({ level: 30, msg: 'request completed', reqId: expect.any(String), res: { statusCode: 200 } }));
  });
});
