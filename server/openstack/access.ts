import type { FastifyRequest } from 'fastify';
import { ApiError, notLoggedIn, UpstreamError } from '../errors.js';
import type { SessionData } from '../plugins/session.js';
import type { CatalogEntry } from '../../shared/catalog.js';
import { CloudClient } from './client.js';
import type { KeystoneClient, KeystoneProject, KeystoneToken } from './keystone.js';

interface TokenFacts {
  catalog: CatalogEntry[];
  projects?: KeystoneProject[];
  /** When Keystone last said the token is valid (epoch ms). */
  checkedAt: number;
}

const MAX_CACHED_TOKENS = 2000;

/** How long this replica believes a token valid without asking Keystone again. */
export const TOKEN_RECHECK_MS = 30_000;

/**
 * Builds the OpenStack client of a request from its session. The catalog is
 * too large for a cookie, so each replica caches it per token and asks
 * Keystone for it on a miss: replicas share nothing but the session secret.
 *
 * Logging out must kill the cookie everywhere, though the cookie itself is
 * stateless and cannot be recalled. Keystone's token revocation is the one
 * shared truth: logout revokes the token, this replica refuses it at once,
 * and every replica checks a token with Keystone before its first use and
 * again once its check is TOKEN_RECHECK_MS old, on every `/api` route,
 * including those that never call the cloud. A revoked token is then
 * refused everywhere within that time, with no state shared between replicas.
 */
export class CloudAccess {
  private readonly facts = new Map<string, TokenFacts>();
  /** Tokens logged out through this replica, until they would have expired anyway. */
  private readonly revoked = new Map<string, number>();
  /** Each request's deadline, set by its first client: all its upstream calls share one timeout. */
  private readonly deadlines = new WeakMap<FastifyRequest, number>();

  constructor(
    readonly keystone: KeystoneClient,
    private readonly iface: string,
    private readonly timeoutMs: number,
    private readonly recheckMs: number = TOKEN_RECHECK_MS,
    private readonly now: () => number = Date.now,
  ) {}

  remember(token: string, facts: Omit<TokenFacts, 'checkedAt'> & { checkedAt?: number }): void {
    if (this.facts.size >= MAX_CACHED_TOKENS) {
      const oldest = this.facts.keys().next().value;
      if (oldest !== undefined) this.facts.delete(oldest);
    }
    this.facts.set(token, { ...facts, checkedAt: facts.checkedAt ?? this.now() });
  }

  forget(token: string): void {
    this.facts.delete(token);
  }

  /** Logout: the token is dead on this replica now, and in Keystone for the others. */
  async revoke(session: SessionData): Promise<void> {
    this.forget(session.token);
    for (const [token, expiresAt] of this.revoked) if (expiresAt <= this.now()) this.revoked.delete(token);
    this.revoked.set(session.token, session.expiresAt);
    await this.keystone.revoke(session.token).catch(() => undefined); // the cookie goes whatever Keystone says
  }

  /**
   * The token's catalog, from this replica's cache while its last check is
   * fresh, else from Keystone. A token Keystone no longer knows is a 401 that
   * clears the cookie; when Keystone cannot be reached, a token it accepted
   * before is still served.
   */
  async catalog(session: SessionData): Promise<CatalogEntry[]> {
    if (this.revoked.has(session.token)) throw sessionEnded();
    const known = this.facts.get(session.token);
    if (known && this.now() - known.checkedAt < this.recheckMs) return known.catalog;
    let token: KeystoneToken;
    try {
      token = await this.keystone.validate(session.token);
    } catch (error) {
      if (error instanceof UpstreamError && (error.status === 401 || error.status === 404)) {
        this.forget(session.token);
        throw sessionEnded();
      }
      if (known && error instanceof ApiError && error.status >= 500) return known.catalog;
      throw error;
    }
    const catalog = token.catalog ?? [];
    this.remember(session.token, { catalog, projects: known?.projects });
    return catalog;
  }

  /** The user's projects, cached per token as Horizon caches them at login. */
  async projects(session: SessionData): Promise<KeystoneProject[]> {
    const catalog = await this.catalog(session);
    const known = this.facts.get(session.token);
    if (known?.projects) return known.projects;
    const projects = await this.keystone.userProjects(session.token);
    this.remember(session.token, { catalog, projects, checkedAt: known?.checkedAt });
    return projects;
  }

  async client(request: FastifyRequest): Promise<CloudClient> {
    const session = request.session;
    if (!session) throw notLoggedIn();
    let deadline = this.deadlines.get(request);
    if (deadline === undefined) {
      deadline = Date.now() + this.timeoutMs;
      this.deadlines.set(request, deadline);
    }
    return new CloudClient(session.token, await this.catalog(session), session.region, this.iface, this.timeoutMs, deadline);
  }

  /**
   * A client for work that outlives its request (a server-side job finishing
   * steps after the browser has gone): the session's token with a fresh
   * timeout per call, no request deadline.
   */
  async sessionClient(session: SessionData): Promise<CloudClient> {
    return new CloudClient(session.token, await this.catalog(session), session.region, this.iface, this.timeoutMs);
  }
}

/** An UpstreamError 401, so the error handler clears the dead cookie as it does for any refused token. */
function sessionEnded(): UpstreamError {
  return new UpstreamError(401, 'not logged in', 'identity');
}
