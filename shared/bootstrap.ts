/**
 * The bootstrap the server writes into each page for a signed-in user
 * (server/page-bootstrap.ts) and the browser reads before it renders
 * (src/backend/preloads.ts), so the first page needs no call for them.
 */

/** The id of the page's JSON data block (`<script type="application/json">`, never run). */
export const BOOTSTRAP_ELEMENT_ID = 'bootstrap';

/** The session's verdicts of one policy scope's rules with no target; `otherwise` for a rule the table lacks. */
export interface ScopeVerdicts {
  rules: Record<string, boolean>;
  otherwise: boolean;
}

export interface Bootstrap {
  /** The body our own route gives for each read every page makes, by the URL the browser sends. */
  answers: Record<string, unknown>;
  /** Every rule the server knows, judged for the session with no target, by scope (an absent scope allows). */
  policy: Record<string, ScopeVerdicts>;
  /**
   * The requested page's first reads of its own (its list), by the URL the
   * browser sends: each answers the page's first read of it only, so every
   * later read (a poll, a refresh) asks the server.
   */
  firstReads?: Record<string, unknown>;
}

/**
 * The server's entry (app/server.tsx, built into dist/.ssr/server.js): the
 * browser's own code, which the server runs to learn what a page reads first.
 */
export interface ServerEntry {
  /**
   * The page's first reads of its own, made through `fetch`: the raw JSON
   * text of each answer by the URL the browser sends. `cookies` are the
   * request's (the page size and other preferences kept in them).
   */
  firstReads(path: string, cookies: string, bootstrap: Bootstrap, fetch: typeof globalThis.fetch): Promise<Map<string, string>>;
}
