import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type TestEmulator, tokenFor } from '../../support/emulator.js';

let cloud: TestEmulator;
let demo: string;
let baseUrl: string;

beforeAll(async () => {
  cloud = await startEmulator();
  demo = await tokenFor(cloud.app, 'demo');
  baseUrl = await cloud.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => cloud.close());

/** One request on `agent`; a connection that never answers ends in a rejection after `timeoutMs`. */
function send(agent: Agent, method: string, path: string, body?: string, timeoutMs = 3000): Promise<{ status: number; text: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'x-auth-token': demo, accept: 'application/json' };
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
    const outgoing = request(new URL(path, baseUrl), { method, headers, agent, timeout: timeoutMs }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text, connection: response.headers.connection }));
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${method} ${path}: no answer in ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('a JSON body over Glance’s max_request_body_size', () => {
  it('is refused with 413 and the connection it came on stays usable (the body is read and dropped, or the connection closed)', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, 'POST', '/cloud/image/v2/images', JSON.stringify({ name: 'p', junk: 'J'.repeat(400_000) }));
      expect(refused.status).toBe(413);
      expect(refused.text).toMatch(/Request is too large/);
      const next = await send(agent, 'GET', '/cloud/image/v2/images');
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
