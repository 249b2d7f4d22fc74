import { ApiError, UpstreamError } from '../errors.js';
import type { CatalogEntry } from '../../shared/catalog.js';
import { callUpstream } from './http.js';

/** The parts of a Keystone v3 token body the BFF reads (api-contract §14.1). */
export interface KeystoneToken {
  methods: string[];
  user: { id: string; name: string; domain: { id: string; name: string }; password_expires_at?: string | null };
  project?: { id: string; name: string; domain: { id: string; name: string } };
  domain?: { id: string; name: string };
  roles?: { id: string; name: string }[];
  catalog?: CatalogEntry[];
  expires_at: string;
  issued_at?: string;
}

export interface IssuedToken {
  id: string;
  token: KeystoneToken;
}

export interface KeystoneProject {
  id: string;
  name: string;
  domain_id: string;
  enabled: boolean;
  description?: string;
}

export type Scope = { project: { id: string } } | { domain: { id: string } } | undefined;

/** `http://host:5000`, `http://host:5000/v3/` and `http://host/identity/v3` all become the v3 root. */
export function v3Root(authUrl: string): string {
  const trimmed = authUrl.replace(/\/+$/, '');
  return /\/v3$/.test(trimmed) ? trimmed : `${trimmed}/v3`;
}

export class KeystoneClient {
  /** `authUrl` may be a function: the emulator's address is known only once the server listens. */
  constructor(
    private readonly authUrl: string | (() => string),
    private readonly timeoutMs: number,
  ) {}

  private root(): string {
    return v3Root(typeof this.authUrl === 'function' ? this.authUrl() : this.authUrl);
  }

  /** Password authentication; a wrong password is the caller's 401 "Invalid credentials.". */
  async passwordAuth(username: string, password: string, domain: string, scope?: Scope): Promise<IssuedToken> {
    const user = { name: username, domain: domainRef(domain), password };
    return this.issue({ identity: { methods: ['password'], password: { user } }, ...(scope ? { scope } : {}) }, true);
  }

  /** Rescopes an existing token (project switch). */
  async tokenAuth(token: string, scope: Scope): Promise<IssuedToken> {
    return this.issue({ identity: { methods: ['token'], token: { id: token } }, ...(scope ? { scope } : {}) }, false);
  }

  /** The token's own body (catalog, roles), used when a replica has not cached it. */
  async validate(token: string): Promise<KeystoneToken> {
    const response = await callUpstream<{ token: KeystoneToken }>({
      method: 'GET',
      url: `${this.root()}/auth/tokens`,
      headers: { 'X-Auth-Token': token, 'X-Subject-Token': token },
      timeoutMs: this.timeoutMs,
      service: 'identity',
    });
    return response.body.token;
  }

  async revoke(token: string): Promise<void> {
    await callUpstream({
      method: 'DELETE',
      url: `${this.root()}/auth/tokens`,
      headers: { 'X-Auth-Token': token, 'X-Subject-Token': token },
      timeoutMs: this.timeoutMs,
      service: 'identity',
    });
  }

  /** The projects the token's user may scope to. */
  async userProjects(token: string): Promise<KeystoneProject[]> {
    const response = await callUpstream<{ projects: KeystoneProject[] }>({
      method: 'GET',
      url: `${this.root()}/auth/projects`,
      headers: { 'X-Auth-Token': token },
      timeoutMs: this.timeoutMs,
      service: 'identity',
    });
    return response.body.projects;
  }

  private async issue(auth: Record<string, unknown>, isLogin: boolean): Promise<IssuedToken> {
    try {
      const response = await callUpstream<{ token: KeystoneToken }>({
        method: 'POST',
        url: `${this.root()}/auth/tokens`,
        body: { auth },
        timeoutMs: this.timeoutMs,
        service: 'identity',
      });
      const id = response.headers.get('x-subject-token');
      if (!id) throw new ApiError(502, 'The identity service answered without a token.');
      return { id, token: response.body.token };
    } catch (error) {
      if (isLogin && error instanceof UpstreamError && error.status === 401) throw loginRefusal(error.message);
      throw error;
    }
  }
}

/** Keystone's generic 401 becomes the contract's sentence; a specific reason (disabled, expired) is kept. */
function loginRefusal(message: string): ApiError {
  const generic = /requires authentication|could not find|invalid username or password/i.test(message);
  return new ApiError(401, generic || !message ? 'Invalid credentials.' : message);
}

/** Keystone ids are hex (or the literal `default`); anything else is a domain name. */
function domainRef(domain: string): { id: string } | { name: string } {
  return /^[0-9a-f]{32}$/.test(domain) ? { id: domain } : { name: domain };
}
