import { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders, OutgoingHttpHeader, OutgoingHttpHeaders } from 'node:http';
import { Readable, Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { InProcessDispatch } from './http.js';

/**
 * The built-in cloud's answer to one of this server's own calls, through the
 * same Fastify routing, hooks, parsers and error handlers as an HTTP request
 * to it, but with a request and response that only carry what Fastify reads
 * and writes. `app.inject` (light-my-request) builds a full
 * `http.ServerResponse` on a null socket: it writes the HTTP framing of every
 * answer, copies the body into Buffers and back into a string, and its
 * allocations were, with the JSON itself, most of the cost of an in-process
 * call (a list through the server cost twice the native call's CPU). Here the
 * body the emulator sends is handed back as it was written: a string stays
 * that string.
 */
export function routeInProcess(app: FastifyInstance): InProcessDispatch {
  return (call) =>
    new Promise((resolve, reject) => {
      const request = new InProcessRequest(call.method, call.url, call.headers, call.payload);
      const response = new InProcessResponse(request.method);
      response.once('finish', () => resolve({ statusCode: response.statusCode, headers: response.getHeaders(), body: response.body() }));
      response.once('close', () => {
        if (!response.writableFinished) reject(Object.assign(new Error('the in-process answer ended before it was complete'), { code: 'ECONNRESET' }));
      });
      app.routing(request as never, response as never);
    });
}

/** The socket a request came on, as Fastify asks it (the address, TLS, close). */
class LocalSocket extends EventEmitter {
  readonly remoteAddress = '127.0.0.1';
  readonly encrypted = false;
}

/** A request's line, headers and body, as Node's parser would have given them (names in lower case). */
class InProcessRequest extends Readable {
  readonly headers: IncomingHttpHeaders = {};
  readonly rawHeaders: string[] = [];
  readonly httpVersion = '1.1';
  readonly httpVersionMajor = 1;
  readonly httpVersionMinor = 1;
  readonly aborted = false;
  readonly socket = new LocalSocket();
  readonly method: string;
  private payload: Buffer | undefined;

  constructor(
    method: string,
    readonly url: string,
    headers: Record<string, string>,
    payload: Buffer | undefined,
  ) {
    super({ autoDestroy: false });
    this.method = method.toUpperCase();
    for (const name in headers) {
      const lower = name.toLowerCase();
      this.headers[lower] = headers[name];
      this.rawHeaders.push(lower, headers[name]);
    }
    if (payload !== undefined && this.headers['content-length'] === undefined) this.headers['content-length'] = String(payload.length);
    this.payload = payload;
  }

  override _read(): void {
    if (this.payload !== undefined && this.payload.length) this.push(this.payload);
    this.payload = undefined;
    this.push(null);
  }
}

/** An answer's status, headers and body, kept as Fastify writes them. */
class InProcessResponse extends Writable {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  private readonly headers: OutgoingHttpHeaders = {};
  private readonly chunks: (string | Buffer)[] = [];
  /** As over HTTP: no body for HEAD, 204 or 304. */
  private readonly hasBody: boolean;

  constructor(method: string) {
    // Strings stay strings: the whole point is not to copy a JSON body into Buffers and back.
    super({ decodeStrings: false });
    this.hasBody = method !== 'HEAD';
  }

  setHeader(name: string, value: OutgoingHttpHeader): this {
    this.headers[name.toLowerCase()] = value;
    return this;
  }

  getHeader(name: string): OutgoingHttpHeader | undefined {
    return this.headers[name.toLowerCase()];
  }

  getHeaders(): OutgoingHttpHeaders {
    return { ...this.headers };
  }

  hasHeader(name: string): boolean {
    return this.headers[name.toLowerCase()] !== undefined;
  }

  removeHeader(name: string): void {
    delete this.headers[name.toLowerCase()];
  }

  writeHead(statusCode: number, ...rest: unknown[]): this {
    this.statusCode = statusCode;
    const headers = rest.find((item): item is OutgoingHttpHeaders => Boolean(item) && typeof item === 'object');
    if (headers) for (const name in headers) if (headers[name] !== undefined) this.headers[name.toLowerCase()] = headers[name];
    this.headersSent = true;
    return this;
  }

  override _write(chunk: string | Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.headersSent = true;
    if (this.hasBody && this.statusCode !== 204 && this.statusCode !== 304) this.chunks.push(chunk);
    callback();
  }

  /** The body as text (the in-process answer is a whole string, as `interpret` reads it). */
  body(): string {
    if (this.chunks.length === 1 && typeof this.chunks[0] === 'string') return this.chunks[0];
    return Buffer.concat(this.chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk))).toString('utf8');
  }
}
