import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
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
 * One HTTP call to an OpenStack service. Network failures and timeouts become
 * 503/504 with a sentence naming the service; an error status becomes an
 * UpstreamError carrying the service's own message.
 */
export async function callUpstream<T = unknown>(request: UpstreamRequest): Promise<UpstreamResponse<T>> {
  // Uncompressed: a compressed answer costs the service and this server CPU on a
  // hop that stays inside the data centre (or the same process, the emulator).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Encoding': 'identity', ...request.headers };
  if (request.stream) return streamUpstream<T>(request, headers);
  let payload: string | undefined;
  if (request.body !== undefined) {
    headers['Content-Type'] = request.contentType ?? 'application/json';
    payload = JSON.stringify(request.body);
  }
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: 'manual',
    });
  } catch (error) {
    throw networkFailure(error, request.service);
  }
  const text = await response.text();
  if (response.status >= 400) {
    throw new UpstreamError(response.status, upstreamMessage(text, response.status), request.service);
  }
  return { status: response.status, headers: response.headers, body: (text ? parseJson(text) : undefined) as T };
}

/**
 * A call whose body is streamed (image data) over node:http, piped with
 * backpressure: Node 20's fetch reads a streamed request body faster than the
 * socket drains it and holds the difference in memory (a 1 GiB upload grew the
 * process by 1 GiB), while a pipeline into http.request stays flat.
 */
function streamUpstream<T>(request: UpstreamRequest, headers: Record<string, string>): Promise<UpstreamResponse<T>> {
  const url = new URL(request.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      outgoing.destroy();
      reject(error instanceof ApiError ? error : networkFailure(error, request.service));
    };
    const outgoing = send(url, { method: request.method, headers, timeout: request.timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        if (settled) return;
        settled = true;
        const text = Buffer.concat(chunks).toString('utf8');
        const status = response.statusCode ?? 502;
        if (status >= 400) return reject(new UpstreamError(status, upstreamMessage(text, status), request.service));
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') responseHeaders.set(name, value);
        resolve({ status, headers: responseHeaders, body: (text ? parseJson(text) : undefined) as T });
      });
    });
    outgoing.on('timeout', () => fail(Object.assign(new Error('upstream timeout'), { name: 'TimeoutError' })));
    outgoing.on('error', fail);
    // The service may answer (e.g. 409) before the whole body is sent: that answer wins over the broken pipe.
    pipeline(Readable.from(request.stream!), outgoing).catch((error: unknown) => setTimeout(() => fail(error), 100));
  });
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
