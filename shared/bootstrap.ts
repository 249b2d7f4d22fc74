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
  /** When the server drew the page (its HTML holds the app's markup): what the browser's app starts from to hydrate it. */
  hydration?: PageHydration;
}

/** The state the server's render of a page ended in, which the browser's first render must start from to match it. */
export interface PageHydration {
  /** The query cache, dehydrated (TanStack Query's `dehydrate`). */
  queries: unknown;
  /** The router's loader data of the page's routes (react-router's `hydrationData.loaderData`). */
  loaderData: Record<string, unknown>;
  /** When the server drew the page (ms since the epoch): the clock the browser's first render reads. */
  drawnAt: number;
}

/** A page as the server's entry drew it. */
export type RenderedPage =
  | { firstReads: Map<string, string>; html: null; /** Why the page could not be drawn, when it is a list page. */ error?: unknown }
  | {
      firstReads: Map<string, string>;
      /** The app's markup inside the root element. */
      html: string;
      /** The emotion rules the markup uses, and their ids (for emotion's `data-emotion` attribute). */
      styles: { ids: string[]; css: string };
      hydration: PageHydration;
    };

/**
 * The server's entry (app/server.tsx, built into dist/.ssr/server.js): the
 * browser's own code, which the server runs to learn what a page reads first.
 */
export interface ServerEntry {
  /**
   * The page at `path` (path and query): its first reads of its own, made
   * through `fetch` (the raw JSON text of each answer by the URL the browser
   * sends), and for a panel's list page its markup. `cookies` are the
   * request's (the page size and other preferences kept in them).
   */
  renderPage(path: string, cookies: string, bootstrap: Bootstrap, fetch: typeof globalThis.fetch): Promise<RenderedPage>;
}
