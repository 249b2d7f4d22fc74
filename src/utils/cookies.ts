/**
 * Reading cookies the server sets for the browser (spec 1 §9 lists `ntp_draw_mode`, `show_labels`,
 * `are_networks_collapsed` and `django_timezone`).
 */

let cookieSource = (): string => globalThis.document?.cookie ?? '';

/** The page's cookies: the browser's, or on the server the request's (see {@link setCookieSource}). */
export function pageCookies(): string {
  return cookieSource();
}

/** Where {@link pageCookies} reads on the server (app/server.tsx: the request being answered). */
export function setCookieSource(read: () => string): void {
  cookieSource = read;
}

/**
 * The value of cookie `name`, decoded, or `null` when it is not set. Django quotes values holding
 * characters such as `/` (`django_timezone="Europe/Paris"`), so surrounding double quotes are
 * removed.
 *
 * @example
 * readCookie('django_timezone', 'csrftoken=x; django_timezone="Europe/Paris"'); // 'Europe/Paris'
 * readCookie('missing', 'a=1'); // null
 */
export function readCookie(name: string, cookieString: string = pageCookies()): string | null {
  for (const pair of cookieString.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    let value = pair.slice(separator + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      // Python's cookie quoting: backslash escapes, octal for other characters (`\054` is a comma).
      value = value.slice(1, -1).replace(/\\([0-7]{3}|.)/g, (_, seq: string) =>
        seq.length === 3 ? String.fromCharCode(parseInt(seq, 8)) : seq,
      );
    }
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * Sets cookie `name` for the whole site (a year), as the browser-side
 * preferences of spec 1 §9 are kept (sticky tabs, draw modes). The value is
 * URI-encoded, which {@link readCookie} decodes.
 *
 * @example
 * writeCookie('tab_keypair_details', 'details');
 */
export function writeCookie(name: string, value: string, target: { cookie: string } | undefined = globalThis.document): void {
  if (!target) return;
  target.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; SameSite=Lax`;
}
