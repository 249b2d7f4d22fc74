import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BoundedMap } from '../bounded-map.js';

/**
 * What the encrypted session cookie holds. The Keystone token lives here and
 * nowhere the browser's JavaScript can read: the cookie is HttpOnly and
 * AES-256-GCM encrypted with a key derived from SESSION_SECRET, so any
 * replica holding the same secret can serve the session (no shared store).
 */
export interface SessionData {
  token: string;
  /** Token expiry, epoch ms. */
  expiresAt: number;
  userId: string;
  userName: string;
  userDomainId: string;
  userDomainName: string;
  projectId: string | null;
  projectName: string | null;
  domainId: string | null;
  domainName: string | null;
  roles: string[];
  region: string | null;
  /** The anti-forgery value, also sent in the readable `csrftoken` cookie. */
  csrf: string;
}

export const SESSION_COOKIE = 'sessionid';
/** How many decrypted session cookies a process keeps (a few hundred active users). */
const OPENED_SESSIONS = 512;
export const CSRF_COOKIE = 'csrftoken';

declare module 'fastify' {
  interface FastifyRequest {
    /** The decrypted session, or null when there is none or it has expired. */
    session: SessionData | null;
  }
  interface FastifyReply {
    saveSession(session: SessionData): void;
    clearSession(): void;
  }
}

export interface SessionOptions {
  secret: string;
  now?: () => number;
}

export const sessionPlugin = fp<SessionOptions>(async (app, options) => {
  const key = Buffer.from(hkdfSync('sha256', options.secret, 'cloud-dashboard', 'session cookie v1', 32));
  const now = options.now ?? Date.now;

  // Decrypting the cookie was a tenth of a list call's own cost: the same cookie
  // opens to the same session, so recent ones are kept decrypted (per process, bounded).
  const opened = new BoundedMap<string, SessionData | null>(OPENED_SESSIONS);
  const openCached = (raw: string): SessionData | null => {
    let session = opened.get(raw);
    if (session === undefined) {
      session = open(raw, key);
      opened.set(raw, session);
    }
    return session && { ...session };
  };

  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const raw = request.cookies[SESSION_COOKIE];
    const session = raw ? openCached(raw) : null;
    request.session = session && session.expiresAt > now() ? session : null;
  });

  app.decorateReply('saveSession', function (this: FastifyReply, session: SessionData) {
    const secure = isSecure(this.request);
    const maxAge = Math.max(1, Math.floor((session.expiresAt - now()) / 1000));
    this.setCookie(SESSION_COOKIE, seal(session, key), { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
    this.setCookie(CSRF_COOKIE, session.csrf, { path: '/', httpOnly: false, sameSite: 'lax', secure, maxAge });
    this.request.session = session;
  });

  app.decorateReply('clearSession', function (this: FastifyReply) {
    this.clearCookie(SESSION_COOKIE, { path: '/' });
    this.clearCookie(CSRF_COOKIE, { path: '/' });
    this.request.session = null;
  });
});

export function newCsrfToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Compares in constant time so the token cannot be guessed byte by byte. */
export function sameSecret(a: string | undefined, b: string): boolean {
  if (!a) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function seal(session: SessionData, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(session), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function open(value: string, key: Buffer): SessionData | null {
  try {
    const raw = Buffer.from(value, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as SessionData;
  } catch {
    return null; // tampered, from another secret, or truncated: no session
  }
}

function isSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}
