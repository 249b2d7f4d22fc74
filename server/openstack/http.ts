import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError, UpstreamError, upstreamMessage } from '../errors.js';
import { breakerFor } from './breaker.js';

export interface UpstreamRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** A raw body sent as it is read (image data), never buffered whole; its Content-Type goes in `headers`. */
  stream?: AsyncIterable<Uint8Array>;
  /** The JSON body's media type when it is not plain JSON (Glance's JSON-patch). */
  contentType?: string;
  /** The whole exchange, from connecting to the last byte of the answer, ends within this. */
  timeoutMs: number;
  /** Catalog type of the service, for the messages of a failed call ("compute"). */
  service: string;
  /**
   * How a success is read: JSON (the default); `text`, kept as it came (Swift answers writes with
   * HTML or nothing); `stream`, handed over unread once its headers arrive (object downloads),
   * the deadline then covering only the wait for those headers.
   */
  answer?: 'json' | 'text' | 'stream';
}

/** The headers of an answer, as the routes read them (a fetch `Headers` is one). */
export interface AnswerHeaders {
  get(name: string): string | null;
  has(name: string): boolean;
}

export interface UpstreamResponse<T = unknown> {
  status: number;
  headers: AnswerHeaders;
  body: T;
  /** A JSON answer's text as it came, for a route that hands it on unchanged (see `relabelledJson`). */
  text?: string;
}

/** A success read as a stream (`answer: 'stream'`): the caller pipes `body` on and must consume or destroy it. */
export interface StreamedResponse {
  status: number;
  headers: Headers;
  body: IncomingMessage;
}

/** Pooled connections per origin: a call reuses an idle one instead of a new TCP (and TLS) handshake. */
const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

/** No OpenStack answer the dashboard reads is this large; a bigger one is a broken service, not data. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** How the user reads a catalog type in a message ("The volume service is unavailable."). */
const SERVICE_NAMES: Record<string, string> = {
  'block-storage': 'volume',
  volumev3: 'volume',
  'object-store': 'object storage',
  'load-balancer': 'load balancer',
  'key-manager': 'key manager',
};

export function serviceName(service: string): string {
  return SERVICE_NAMES[service] ?? service;
}

/**
 * One HTTP call to an OpenStack service, waiting at most `timeoutMs` in all.
 * Network failures and timeouts become 503/504 naming the service, and open
 * the service's circuit breaker so the calls that follow fail at once instead
 * of each waiting its own timeout; an error status becomes an UpstreamError
 * with a short message; a success whose body is not JSON (or, for a read, an
 * empty object) is the service's fault: 502.
 */
export async function callUpstream<T = unknown>(request: UpstreamRequest): Promise<UpstreamResponse<T>> {
  // Serialised before anything is sent: a body that cannot be serialised is this server's fault, not the service's.
  const payload = request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body), 'utf8');
  // Streams (uploads, and downloads read as a stream) go over HTTP: the in-process answer is a whole string.
  const local = request.stream || request.answer === 'stream' ? undefined : inProcessFor(request.url);
  if (local) return interpret<T>(await exchangeInProcess(local, request, payload), request);
  const breaker = breakerFor(request.service, request.url);
  breaker.admit(() => new ApiError(503, `The ${serviceName(request.service)} service is unavailable.`));
  const deadline = Date.now() + request.timeoutMs;
  let answer: RawAnswer;
  try {
    answer = await exchange(request, payload, deadline).catch((error: unknown) => {
      // An idle pooled connection the service closed as it was reused: the request never reached it, send it again once.
      if (isStaleConnection(error) && !request.stream) return exchange(request, payload, deadline);
      throw error;
    });
  } catch (error) {
    // Only a call that got no answer at all says the service is down; anything else leaves it up.
    const failure = error instanceof ApiError ? undefined : networkFailure(error, request.service);
    breaker.record(failure ? 'down' : 'up');
    throw failure ?? error;
  }
  breaker.record('up');
  return interpret<T>(answer, request);
}

/** One call to a cloud served by this same process, as Fastify's `inject` takes and answers it. */
export type InProcessDispatch = (call: { method: string; url: string; headers: Record<string, string>; payload?: Buffer }) => Promise<{
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}>;

/** URL prefix → the process-local cloud behind it (the built-in cloud of `npm start`), the length of the prefix's origin and its host. */
const inProcessClouds = new Map<string, { dispatch: InProcessDispatch; originLength: number; host: string }>();

/**
 * Calls to URLs under `prefix` are answered in process, without a loopback
 * socket: the built-in cloud lives in this process, and the socket round trip
 * (two writes, two HTTP parses) cost more than the service's own answer.
 * Image data (streamed bodies) still goes over HTTP. Returns the undo.
 */
export function serveInProcess(prefix: string, dispatch: InProcessDispatch): () => void {
  const url = new URL(prefix);
  inProcessClouds.set(prefix, { dispatch, originLength: url.origin.length, host: url.host });
  return () => inProcessClouds.delete(prefix);
}

function inProcessFor(url: string): { dispatch: InProcessDispatch; path: string; host: string } | undefined {
  for (const [prefix, { dispatch, originLength, host }] of inProcessClouds) {
    if (url.startsWith(prefix)) return { dispatch, path: url.slice(originLength), host };
  }
  return undefined;
}

async function exchangeInProcess(local: { dispatch: InProcessDispatch; path: string; host: string }, request: UpstreamRequest, payload: Buffer | undefined): Promise<RawAnswer> {
  // The Host an HTTP client sends (the cloud's own address), as over the loopback socket.
  const headers: Record<string, string> = { Host: local.host, Accept: 'application/json', 'Accept-Encoding': 'identity', ...request.headers };
  if (payload !== undefined) headers['Content-Type'] = request.contentType ?? 'application/json';
  const response = await local.dispatch({ method: request.method, url: local.path, headers, payload });
  return { status: response.statusCode, headers: new PlainHeaders(response.headers), text: response.body };
}

/**
 * An answer's headers, read as the routes read them: a fetch `Headers`
 * validates every name and value it is given, a cost on every call that
 * headers Node's parser (or Fastify, in process) has already read do not need.
 */
class PlainHeaders implements AnswerHeaders {
  private readonly values = new Map<string, string>();
  constructor(raw: Record<string, string | string[] | number | undefined>) {
    for (const name in raw) {
      const value = raw[name];
      if (value !== undefined) this.values.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    }
  }
  get(name: string): string | null {
    return this.values.get(name.toLowerCase()) ?? null;
  }
  has(name: string): boolean {
    return this.values.has(name.toLowerCase());
  }
}

interface RawAnswer {
  status: number;
  headers: AnswerHeaders;
  text: string;
  stream?: IncomingMessage;
}

function interpret<T>({ status, headers, text, stream }: RawAnswer, request: UpstreamRequest): UpstreamResponse<T> {
  const name = serviceName(request.service);
  if (stream) return { status, headers, body: stream as T };
  const requestId = headers.get('x-openstack-request-id') ?? headers.get('x-compute-request-id') ?? undefined;
  if (status >= 500) {
    throw new UpstreamError(status, serverFailureMessage(name, status, text, requestId), request.service, requestId, text.slice(0, 2000));
  }
  if (status >= 400) throw new UpstreamError(status, upstreamMessage(text, status), request.service, requestId);
  if (!text) return { status, headers, body: undefined as T };
  if (request.answer === 'text') return { status, headers, body: text as T };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UpstreamError(502, `The ${name} service sent an answer that is not JSON.`, request.service, requestId, text.slice(0, 2000));
  }
  if (request.method === 'GET' && isEmptyObject(body)) {
    throw new UpstreamError(502, `The ${name} service sent an empty answer.`, request.service, requestId);
  }
  return { status, headers, body: body as T, text };
}

/**
 * A 5xx says the service broke; its body may be a Python traceback or an HTML
 * page, which is for the operator's log, not the user. A short JSON message
 * (Nova's "Unexpected API Error…") is kept; the request id lets an operator
 * find the failure in the service's own log.
 */
function serverFailureMessage(name: string, status: number, text: string, requestId: string | undefined): string {
  const reference = requestId ? ` (request ${requestId})` : '';
  let message: string | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') message = upstreamMessage(text, status).split('\n')[0];
  } catch {
    // not JSON: the generic sentence below
  }
  if (!message || /traceback/i.test(message) || message.length > 300) message = `The ${name} service failed to handle the request (${status}).`;
  return message + reference;
}

function isEmptyObject(value: unknown): boolean {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0;
}

/**
 * The exchange itself over node:http. A service may answer before it has read
 * the whole request body (a 413, a 409 on upload); the connection then holds
 * bytes it never read, so it is closed rather than handed to the next call,
 * which would otherwise wait on a connection that never answers. A streamed
 * body is piped with backpressure: Node 20's fetch reads a streamed request
 * body faster than the socket drains it and holds the difference in memory.
 */
function exchange(request: UpstreamRequest, payload: Buffer | undefined, deadlineAt: number): Promise<RawAnswer> {
  const url = new URL(request.url);
  const secure = url.protocol === 'https:';
  // Uncompressed: a compressed answer costs the service and this server CPU on a
  // hop that stays inside the data centre (or the same process, the emulator).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Encoding': 'identity', ...request.headers };
  if (payload !== undefined) {
    headers['Content-Type'] = request.contentType ?? 'application/json';
    headers['Content-Length'] = String(payload.length);
  }
  const sendsBody = payload !== undefined || request.stream !== undefined;
  return new Promise((resolve, reject) => {
    let settled = false;
    let socket: Socket | undefined;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outcome();
    };
    let answered = false;
    const fail = (error: unknown) =>
      finish(() => {
        outgoing.destroy();
        socket?.destroy();
        reject(answered || !outgoing.reusedSocket ? error : Object.assign(error as Error, { staleConnection: true }));
      });
    const deadline = setTimeout(() => fail(Object.assign(new Error('upstream timeout'), { name: 'TimeoutError' })), Math.max(1, deadlineAt - Date.now()));
    const send = secure ? httpsRequest : httpRequest;
    const outgoing = send(url, { method: request.method, headers, agent: secure ? agents.https : agents.http }, (response) => {
      answered = true;
      // Answered before the body was all sent, or refused a body it may not have read: never reuse.
      // Destroyed in the same tick the answer ends, before the pool can hand the connection to another call.
      if (sendsBody && (!outgoing.writableFinished || (response.statusCode ?? 500) >= 400)) response.once('end', () => socket?.destroy());
      if (request.answer === 'stream' && (response.statusCode ?? 500) < 400) {
        finish(() => resolve({ status: response.statusCode ?? 200, headers: headersOf(response), text: '', stream: response }));
        return;
      }
      readAnswer(response, request.service).then((answer) => finish(() => resolve(answer)), fail);
    });
    // A source that fails (the browser went away mid-upload) says nothing about the service: not a network
    // failure, even when the aborted request then errors on its socket; the breaker must stay closed.
    let sourceFailed = false;
    const sourceEnded = () => new ApiError(400, 'The upload ended before all its data arrived.');
    outgoing.on('socket', (assigned) => (socket = assigned));
    outgoing.on('error', (error) => fail(sourceFailed ? sourceEnded() : error));
    if (request.stream) {
      // The service may answer (e.g. 409) before the whole body is sent: that answer wins over the broken pipe.
      const source = Readable.from(request.stream);
      source.on('error', () => (sourceFailed = true));
      pipeline(source, outgoing).catch((error: unknown) => setTimeout(() => fail(sourceFailed ? sourceEnded() : error), 100));
    } else {
      outgoing.end(payload);
    }
  });
}

function readAnswer(response: IncomingMessage, service: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) {
        response.destroy();
        reject(new ApiError(502, `The ${serviceName(service)} service sent an answer too large to read.`));
        return;
      }
      chunks.push(chunk);
    });
    response.on('error', reject);
    response.on('aborted', () => reject(Object.assign(new Error('upstream closed the connection mid-answer'), { code: 'ECONNRESET' })));
    response.on('end', () => resolve({ status: response.statusCode ?? 502, headers: new PlainHeaders(response.headers), text: Buffer.concat(chunks).toString('utf8') }));
  });
}

/** A streamed answer's headers, handed on to the caller as a fetch `Headers`. */
function headersOf(response: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return headers;
}

/** A reset of a reused connection before any answer: the service had closed it while idle. */
function isStaleConnection(error: unknown): boolean {
  const { code, staleConnection } = error as { code?: string; staleConnection?: boolean };
  return Boolean(staleConnection) && (code === 'ECONNRESET' || code === 'EPIPE');
}

/**
 * The 504 or 503 of a call that got no answer: the timeout ran out, or the
 * connection failed (refused, reset, unreachable, a TLS failure). Anything
 * else (a bug on this side) is not the service's failure: undefined.
 */
function networkFailure(error: unknown, service: string): ApiError | undefined {
  const { name, code } = (error ?? {}) as { name?: string; code?: unknown };
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ApiError(504, `The ${serviceName(service)} service did not answer in time.`);
  }
  if (typeof code === 'string') {
    return new ApiError(503, `The ${serviceName(service)} service is unavailable.`);
  }
  return undefined;
}
