/**
 * Errors raised by models (state and rules, no HTTP). Each service's
 * faults.ts renders them in its own wire format (Nova's `itemNotFound`,
 * Keystone's `error`), the way moto's backends raise typed errors that the
 * responses render.
 */
export class CloudError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends CloudError {
  constructor(message: string) {
    super(400, message);
  }
}

export class Unauthorized extends CloudError {
  constructor(message = 'The request you have made requires authentication.') {
    super(401, message);
  }
}

export class Forbidden extends CloudError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFound extends CloudError {
  constructor(message: string) {
    super(404, message);
  }
}

export class Conflict extends CloudError {
  constructor(message: string) {
    super(409, message);
  }
}

/** A quota would be exceeded: Nova answers 403 for these. */
export class OverQuota extends CloudError {
  constructor(message: string) {
    super(403, message);
  }
}

/** The request body is not JSON at all (each service words it its own way). */
export class MalformedBody extends CloudError {
  constructor(readonly detail: string) {
    super(400, detail);
  }
}

/**
 * A body or query that does not match its schema. `path` names the field
 * (Nova quotes its last segment, Keystone all of them joined by `/`).
 */
export class SchemaViolation extends CloudError {
  constructor(
    readonly path: (string | number)[],
    readonly instance: unknown,
    readonly reason: string,
    /** A complete message that replaces the generic wording (Nova's InvalidName). */
    readonly override?: string,
    /** Where the field is: the JSON body or the query string. */
    readonly location: 'body' | 'query' = 'body',
  ) {
    super(400, override ?? reason);
  }
}
