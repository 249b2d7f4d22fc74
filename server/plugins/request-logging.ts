import type { IncomingMessage } from 'node:http';
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/** The stream errors of a response the client stopped reading (tab closed, navigation, abort). */
const CLIENT_CLOSE_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

export function isClientClose(value: unknown): boolean {
  const error = (value as { err?: unknown })?.err ?? value;
  return CLIENT_CLOSE_CODES.has((error as { code?: string })?.code ?? '');
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Level = (typeof LEVELS)[number];

/** A request's logger before its first line: the parent, the request's bindings, and the child made on first use. */
const STATE = Symbol('request logger');
interface RequestLoggerState {
  parent: FastifyBaseLogger;
  bindings: Record<string, unknown>;
  raw: IncomingMessage;
  child?: FastifyBaseLogger;
}
type RequestLogger = FastifyBaseLogger & { [STATE]: RequestLoggerState };

/** Whether `logger` writes `level`: pino says; a logger that cannot tell is asked to write. */
function writes(logger: FastifyBaseLogger, level: Level): boolean {
  const check = (logger as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled;
  return typeof check === 'function' ? check.call(logger, level) : true;
}

const prototypes = new WeakMap<FastifyBaseLogger, object>();

function real(logger: RequestLogger): FastifyBaseLogger {
  const state = logger[STATE];
  return (state.child ??= state.parent.child(state.bindings));
}

/**
 * The methods every request's logger shares, inheriting the rest (level,
 * isLevelEnabled) from the server's logger. A line below the level costs a
 * level check; the child logger with the request id is made only when a
 * line is written. A client that closes mid-response is not a server error:
 * the compression and static-file plugins log it with `log.error(err)` and no
 * URL; it is written at `info`, with the method and URL, instead.
 */
function requestLoggerPrototype(parent: FastifyBaseLogger): object {
  let prototype = prototypes.get(parent);
  if (prototype) return prototype;
  const methods: PropertyDescriptorMap = {
    child: { value: function (this: RequestLogger, ...args: Parameters<FastifyBaseLogger['child']>) { return real(this).child(...args); } },
    bindings: { value: function (this: RequestLogger) { return (real(this) as FastifyBaseLogger & { bindings(): object }).bindings(); } },
  };
  for (const level of LEVELS) {
    methods[level] = {
      value: function (this: RequestLogger, first: unknown, ...rest: unknown[]) {
        if (level === 'error' && isClientClose(first)) {
          const { raw } = this[STATE];
          if (writes(parent, 'info')) real(this).info({ method: raw.method, url: raw.url }, 'the client closed the connection before the response ended');
          return;
        }
        if (writes(parent, level)) (real(this)[level] as (...args: unknown[]) => void)(first, ...rest);
      },
    };
  }
  prototype = Object.create(parent, methods) as object;
  prototypes.set(parent, prototype);
  return prototype;
}

/**
 * Fastify's `childLoggerFactory`: each request's logger as above. Fastify's
 * own factory makes a pino child per request (its bindings serialised) and
 * the close rule was a hook wrapping it again, both paid by every call,
 * twice for a list on the built-in cloud (the browser's call and the
 * in-process one), while a server at `warn` writes no line for a good call.
 */
export function requestLogger(parent: FastifyBaseLogger, bindings: Record<string, unknown>, options: { level?: string; serializers?: unknown }, raw: IncomingMessage): FastifyBaseLogger {
  // A route's own level or serialisers change what the child writes: made at once, as Fastify does.
  const own = options.level !== undefined || options.serializers !== undefined ? parent.child(bindings, options as object) : undefined;
  const logger = Object.create(requestLoggerPrototype(own ?? parent)) as RequestLogger;
  logger[STATE] = { parent: own ?? parent, bindings, raw, child: own };
  return logger;
}

/**
 * Fastify's per-request lines ("incoming request", "request completed") at
 * `info`, skipped without building their arguments when `info` is off (the
 * server's default `warn`); a request that errored is still logged.
 */
class RequestLines extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (writes(request.log, 'info')) super.incomingRequest(request, reply);
  }
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || writes(reply.log, 'info')) super.requestCompleted(error, request, reply);
  }
}

/** The Fastify options of the server's request logging (above). */
export function requestLogging(): Pick<FastifyServerOptions, 'childLoggerFactory' | 'logController'> {
  return { childLoggerFactory: requestLogger as unknown as FastifyServerOptions['childLoggerFactory'], logController: new RequestLines() };
}
