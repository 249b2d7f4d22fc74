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
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  let payload: string | AsyncIterable<Uint8Array> | undefined;
  if (request.stream) {
    payload = request.stream;
  } else if (request.body !== undefined) {
    headers['Content-Type'] = request.contentType ?? 'application/json';
    payload = JSON.stringify(request.body);
  }
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers,
      body: payload as BodyInit | undefined,
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: 'manual',
      // A streamed body goes out as it is read (fetch requires half duplex for it).
      ...(request.stream ? { duplex: 'half' } : {}),
    } as RequestInit);
  } catch (error) {
    throw networkFailure(error, request.service);
  }
  const text = await response.text();
  if (response.status >= 400) {
    throw new UpstreamError(response.status, upstreamMessage(text, response.status), request.service);
  }
  return { status: response.status, headers: response.headers, body: (text ? parseJson(text) : undefined) as T };
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
