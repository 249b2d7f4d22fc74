import { Agent as HttpAgent, type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError, UpstreamError, upstreamMessage } from '../errors.js';

export interface UpstreamRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** A raw body sent as it is read (image data), never buffered whole; its Content-Type goes in `headers`. */
  stream?: AsyncIterable<Uint8Array>;
  /** The JSON body's media type when it is not plain JSON (Glance's JSON-patch). */
  contentType?: string;
  timeoutMs: number;
  /** Human name of the service, for the messages of a failed call ("compute"). */
  service: string;
}

export interface UpstreamResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * Connections to the services are kept open between calls: a new TCP (and
 * TLS) connection per list call was a large part of the server's own cost.
 * node:http rather than fetch: fetch's extra layers cost more CPU per call
 * than the emulator's whole answer.
 */
const agents = { http: new HttpAgent({ keepAlive: true, maxSockets: 64 }), https: new HttpsAgent({ keepAlive: true, maxSockets: 64 }) };

/** One call to a cloud served by this same process, as Fastify's `inject` takes and answers it. */
export type InProcessDispatch = (call: { method: string; url: string; headers: Record<string, string>; payload?: string }) => Promise<{
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}>;

/** URL prefix → the process-local cloud behind it (the built-in cloud of `npm start`). */
const inProcessClouds = new Map<string, InProcessDispatch>();

/**
 * Calls to URLs under `prefix` are answered in process, without a loopback
 * socket: the built-in cloud lives in this process, and the socket round trip
 * (two writes, two HTTP parses) cost more than the service's own answer.
 * Image data (streamed bodies) still goes over HTTP. Returns the undo.
 */
export function serveInProcess(prefix: string, dispatch: InProcessDispatch): () => void {
  inProcessClouds.set(prefix, dispatch);
  return () => inProcessClouds.delete(prefix);
}

function inProcessFor(url: string): { dispatch: InProcessDispatch; path: string } | undefined {
  for (const [prefix, dispatch] of inProcessClouds) {
    if (url.startsWith(prefix)) return { dispatch, path: url.slice(new URL(prefix).origin.length) };
  }
  return undefined;
}

async function sendInProcess<T>(local: { dispatch: InProcessDispatch; path: string }, request: UpstreamRequest, headers: Record<string, string>, payload: string | undefined): Promise<UpstreamResponse<T>> {
  const response = await local.dispatch({ method: request.method, url: local.path, headers, payload });
  if (response.statusCode >= 400) throw new UpstreamError(response.statusCode, upstreamMessage(response.body, response.statusCode), request.service);
  const answered = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (Array.isArray(value)) for (const item of value) answered.append(name, item);
    else if (value !== undefined) answered.set(name, String(value));
  }
  return { status: response.statusCode, headers: answered, body: (response.body ? parseJson(response.body) : undefined) as T };
}

/**
 * One HTTP call to an OpenStack service. Network failures and timeouts become
 * 503/504 with a sentence naming the service; an error status becomes an
 * UpstreamError carrying the service's own message. A streamed body (image
 * data) is piped with backpressure, never held whole in memory.
 */
export async function callUpstream<T = unknown>(request: UpstreamRequest): Promise<UpstreamResponse<T>> {
  // Uncompressed: a compressed answer costs the service and this server CPU on a
  // hop that stays inside the data centre (or the same process, the emulator).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Encoding': 'identity', ...request.headers };
  let payload: string | undefined;
  if (!request.stream && request.body !== undefined) {
    headers['Content-Type'] = request.contentType ?? 'application/json';
    payload = JSON.stringify(request.body);
  }
  const local = request.stream ? undefined : inProcessFor(request.url);
  if (local) return sendInProcess<T>(local, request, headers, payload);
  try {
    return await send<T>(request, headers, payload);
  } catch (error) {
    // A kept-alive connection the service closed meanwhile (uwsgi closes every one):
    // an idempotent call is sent once more on a fresh connection.
    if (error instanceof StaleConnection && !request.stream && (request.method === 'GET' || request.method === 'HEAD')) return send<T>(request, headers, payload);
    throw error instanceof StaleConnection ? networkFailure(error.cause, request.service) : error;
  }
}

/** The reused connection broke before any answer: nothing reached the service's handler. */
class StaleConnection extends Error {}

function send<T>(request: UpstreamRequest, headers: Record<string, string>, payload: string | undefined): Promise<UpstreamResponse<T>> {
  const url = new URL(request.url);
  const secure = url.protocol === 'https:';
  const options = { method: request.method, headers, agent: secure ? agents.https : agents.http };
  if (payload !== undefined) headers['Content-Length'] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    let settled = false;
    let answered = false;
    const timeout = () => fail(Object.assign(new Error('upstream timeout'), { name: 'TimeoutError' }));
    // A JSON call has timeoutMs in all; a streamed upload may take longer as long as bytes keep moving.
    const timer = request.stream ? undefined : setTimeout(timeout, request.timeoutMs);
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      if (error instanceof ApiError) reject(error);
      else if (!answered && outgoing.reusedSocket && (error as { code?: string })?.code === 'ECONNRESET') reject(new StaleConnection('stale connection', { cause: error }));
      else reject(networkFailure(error, request.service));
    };
    const outgoing: ClientRequest = (secure ? httpsRequest : httpRequest)(url, options, (response: IncomingMessage) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        const status = response.statusCode ?? 502;
        if (status >= 400) return reject(new UpstreamError(status, upstreamMessage(text, status), request.service));
        resolve({ status, headers: headersOf(response), body: (text ? parseJson(text) : undefined) as T });
      });
    });
    outgoing.on('error', fail);
    if (request.stream) {
      outgoing.setTimeout(request.timeoutMs, timeout);
      // The service may answer (e.g. 409) before the whole body is sent: that answer wins over the broken pipe.
      pipeline(Readable.from(request.stream), outgoing).catch((error: unknown) => setTimeout(() => fail(error), 100));
    } else {
      outgoing.end(payload);
    }
  });
}

function headersOf(response: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return headers;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function networkFailure(error: unknown, service: string): ApiError {
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ApiError(504, `The ${service} service did not answer in time.`);
  }
  return new ApiError(503, `The ${service} service is unavailable.`);
}
