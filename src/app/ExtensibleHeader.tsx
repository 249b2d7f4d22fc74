import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo } from 'react';
import { errorStatus } from '../backend/http';
import { useToastStore } from '../toasts/context';

/** Where the extensible header comes from: `GET header/` (spec 1 §2.1, §7.2). */
export const EXTENSIBLE_HEADER_PATH = '/header/';

/** Spec 1 §8, an info toast. */
export const HEADER_LOAD_FAILED = 'Failed to populate extensible header.';

/** Spec 1 §6, §8: these are handled silently in the header (0 = the server was not reached). */
const SILENT_STATUSES: ReadonlySet<number> = new Set([401, 403, 0]);

/** Loads the header content; absent when the app is built without it (most tests). */
export const ExtensibleHeaderContext = createContext<(() => Promise<unknown>) | null>(null);

/**
 * The extensible header (spec 1 §4.10): loaded from `header/` once at page
 * start and shown in the app bar. The answer is an HTML fragment configured
 * on the server (api-contract §12); a whole HTML document means the server
 * has no such header (the single-page app answered), so nothing is shown. A
 * failure toasts 'Failed to populate extensible header.' unless its status is
 * 401, 403 or 0.
 */
export function ExtensibleHeader() {
  const load = useContext(ExtensibleHeaderContext);
  const toasts = useToastStore();
  const header = useQuery({
    queryKey: ['extensible-header'],
    queryFn: async () => (await load!()) ?? null, // an empty answer (204) is no header
    enabled: Boolean(load),
    staleTime: Infinity,
    retry: false,
  });
  useEffect(() => {
    if (header.error && !SILENT_STATUSES.has(errorStatus(header.error) ?? 0)) toasts.info(HEADER_LOAD_FAILED);
  }, [header.error, toasts]);
  const html = useMemo(() => headerFragment(header.data), [header.data]);
  if (!html) return null;
  return <Box data-extensible-header="" sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, '& a': { color: 'inherit' } }} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The fragment to show, or nothing for an empty answer, JSON, or a whole document. */
function headerFragment(answer: unknown): string | null {
  if (typeof answer !== 'string' || !answer.trim()) return null;
  if (/^\s*(<!doctype|<html)/i.test(answer)) return null;
  return sanitizeFragment(answer);
}

const DROPPED_ELEMENTS = 'script, iframe, object, embed, frame, frameset, base, meta, link, style';

/**
 * The fragment without what could run code: script-like elements, `on*`
 * handlers and `javascript:` URLs. The server is trusted, but the header is
 * operator-configured markup and a mistake there must not run in the page.
 *
 * @example
 * sanitizeFragment('<a href="/help" onclick="x()">Help</a><script>x()</script>'); // '<a href="/help">Help</a>'
 */
export function sanitizeFragment(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of template.content.querySelectorAll(DROPPED_ELEMENTS)) element.remove();
  for (const element of template.content.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const url = attribute.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
      if (name.startsWith('on') || /^(javascript|vbscript|data):/.test(url)) element.removeAttribute(attribute.name);
    }
  }
  return template.innerHTML;
}
