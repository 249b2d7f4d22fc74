import type { FastifyRequest } from 'fastify';
import { notLoggedIn } from '../errors.js';
import type { SessionData } from '../plugins/session.js';
import type { CatalogEntry } from '../../shared/catalog.js';
import { CloudClient } from './client.js';
import type { KeystoneClient, KeystoneProject } from './keystone.js';

interface TokenFacts {
  catalog: CatalogEntry[];
  projects?: KeystoneProject[];
}

const MAX_CACHED_TOKENS = 2000;

/**
 * Builds the OpenStack client of a request from its session. The catalog is
 * too large for a cookie, so each replica caches it per token and asks
 * Keystone for it on a miss: replicas share nothing but the session secret.
 */
export class CloudAccess {
  private readonly facts = new Map<string, TokenFacts>();

  constructor(
    readonly keystone: KeystoneClient,
    private readonly iface: string,
    private readonly timeoutMs: number,
  ) {}

  remember(token: string, facts: TokenFacts): void {
    if (this.facts.size >= MAX_CACHED_TOKENS) {
      const oldest = this.facts.keys().next().value;
      if (oldest !== undefined) this.facts.delete(oldest);
    }
    this.facts.set(token, facts);
  }

  forget(token: string): void {
    this.facts.delete(token);
  }

  async catalog(session: SessionData): Promise<CatalogEntry[]> {
    const known = this.facts.get(session.token);
    if (known) return known.catalog;
    const token = await this.keystone.validate(session.token);
    const catalog = token.catalog ?? [];
    this.remember(session.token, { catalog });
    return catalog;
  }

  /** The user's projects, cached per token as Horizon caches them at login. */
  async projects(session: SessionData): Promise<KeystoneProject[]> {
    const known = this.facts.get(session.token);
    if (known?.projects) return known.projects;
    const projects = await this.keystone.userProjects(session.token);
    const catalog = known?.catalog ?? (await this.catalog(session));
    this.remember(session.token, { catalog, projects });
    return projects;
  }

  async client(request: FastifyRequest): Promise<CloudClient> {
    const session = request.session;
    if (!session) throw notLoggedIn();
    return new CloudClient(session.token, await this.catalog(session), session.region, this.iface, this.timeoutMs);
  }
}
