import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../errors.js';

/**
 * Direct-upload tickets (api-contract §4.1 Rec): what the browser gets as
 * `token_id` instead of the Keystone token. A ticket names one image, expires
 * after minutes, is bound to the session's token (another session cannot use
 * it) and is signed with a key every replica derives from the session secret.
 * It is spent on first use in this process; on any replica a second upload
 * fails anyway, since the image is no longer queued.
 */

export const TICKET_TTL_MS = 10 * 60 * 1000;

interface TicketBody {
  /** image id */
  i: string;
  /** expiry, epoch ms */
  e: number;
  /** nonce */
  n: string;
}

const spent = new Map<string, number>();

const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');
const sign = (key: Buffer, payload: string, token: string) => createHmac('sha256', key).update(`${payload}|${tokenDigest(token)}`).digest('base64url');

export function issueTicket(key: Buffer, imageId: string, sessionToken: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ i: imageId, e: now + TICKET_TTL_MS, n: randomBytes(12).toString('base64url') } satisfies TicketBody)).toString('base64url');
  return `${payload}.${sign(key, payload, sessionToken)}`;
}

/** Checks and spends a ticket; 403 with the reason when it cannot be used for this image by this session. */
export function spendTicket(key: Buffer, ticket: string | undefined, imageId: string, sessionToken: string, now = Date.now()): void {
  const invalid = () => new ApiError(403, 'The upload ticket is not valid for this image.');
  if (!ticket) throw new ApiError(403, 'An upload ticket is required (header X-Upload-Ticket).');
  const [payload, signature, extra] = ticket.split('.');
  if (!payload || !signature || extra !== undefined) throw invalid();
  const expected = Buffer.from(sign(key, payload, sessionToken));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  let body: TicketBody;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TicketBody;
  } catch {
    throw invalid();
  }
  if (body.i !== imageId) throw invalid();
  if (body.e <= now) throw new ApiError(403, 'The upload ticket has expired.');
  for (const [nonce, expiry] of spent) if (expiry <= now) spent.delete(nonce);
  if (spent.has(body.n)) throw new ApiError(403, 'The upload ticket has already been used.');
  spent.set(body.n, body.e);
}
