import { pollUntil } from '../support/poll.js';

export interface Reading {
  status: number;
  body: any;
}

/** One GET with a token; the body parsed when there is one. */
export async function getJson(url: string, token: string, headers: Record<string, string> = {}): Promise<Reading> {
  const response = await fetch(url, { headers: { 'X-Auth-Token': token, Accept: 'application/json', ...headers } });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * Waits until the resource at `url` is in the state `done` describes (a
 * volume out of `creating`, a server ACTIVE, a stack no longer IN_PROGRESS,
 * a 404 once deleted): both clouds reach these on their own, in their own time.
 */
export function settle(url: string, token: string, done: (reading: Reading) => boolean, headers: Record<string, string> = {}): Promise<Reading> {
  return pollUntil(() => getJson(url, token, headers), done, { what: `${url} to settle` });
}
