/**
 * The one error type of the BFF. Every `/api` failure answers `status` with a
 * JSON string body (api-contract §1.4): a short human sentence, never HTML or a
 * stack trace.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** An error answered by an OpenStack service, kept apart so callers can react to its status. */
export class UpstreamError extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly service: string,
    /** The service's `x-openstack-request-id`, for finding the failure in its log. */
    readonly requestId?: string,
    /** The start of what the service sent (a traceback, an HTML page): for the log, never the browser. */
    readonly detail?: string,
  ) {
    super(status, message);
    this.name = 'UpstreamError';
  }
}

export const notLoggedIn = () => new ApiError(401, 'not logged in');

/**
 * Reads the human message out of an OpenStack error body. Each service wraps it
 * differently: Keystone `{error:{message}}`, Nova `{<faultName>:{message}}`,
 * Neutron `{NeutronError:{message}}`, Glance/Swift plain text or HTML.
 */
export function upstreamMessage(body: string, status: number): string {
  try {
    const parsed: unknown = JSON.parse(body);
    const found = findMessage(parsed);
    // Glance (webob) ends its messages with "<br /><br />" and blank lines.
    if (found) return found.replace(/<br\s*\/?>/gi, ' ').replace(/\s+/g, ' ').trim() || `The service answered ${status}.`;
  } catch {
    // not JSON: fall through to text handling
  }
  const text = body
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text.slice(0, 300) : `The service answered ${status}.`;
}

function findMessage(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return typeof value === 'string' ? value : undefined;
  const record = value as Record<string, unknown>;
  // Heat puts a generic title beside `error: {type, message}`; the message is in `error`.
  const nested = record.error as { message?: unknown } | undefined;
  if (nested && typeof nested === 'object' && typeof nested.message === 'string' && nested.message) return nested.message;
  for (const key of ['message', 'faultstring', 'description', 'title']) {
    if (typeof record[key] === 'string' && record[key]) return record[key] as string;
  }
  for (const inner of Object.values(record)) {
    if (inner && typeof inner === 'object') {
      const found = findMessage(inner);
      if (found) return found;
    }
  }
  return undefined;
}
