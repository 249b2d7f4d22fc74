/**
 * Who is calling: what keystonemiddleware puts in the WSGI environment of a
 * real OpenStack service, derived from X-Auth-Token.
 */
export interface RequestContext {
  /** The token as presented (never stored in clear). */
  token: string;
  userId: string;
  userName: string;
  userDomainId: string;
  /** Set for a project-scoped token. */
  projectId: string | null;
  projectName: string | null;
  projectDomainId: string | null;
  /** Set for a domain-scoped token. */
  domainId: string | null;
  /** True for a system-scoped token (no project, no domain). */
  system?: boolean;
  /** Role names in the token, implied roles included (admin ⇒ member ⇒ reader). */
  roles: string[];
  expiresAt: number;
}

/** Resolves a token to its context; null when it is unknown, expired, revoked or no longer valid. */
export type Authenticator = (token: string) => RequestContext | null;

export function hasRole(context: RequestContext, role: string): boolean {
  return context.roles.includes(role);
}

/** The legacy "context_is_admin" rule both Keystone and Nova still honour: `role:admin`. */
export function isAdmin(context: RequestContext): boolean {
  return hasRole(context, 'admin');
}
