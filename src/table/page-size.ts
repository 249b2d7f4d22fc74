import { readCookie } from '../utils/cookies';

/** Spec 1 §9: table page size 20, overridden by the API_RESULT_PAGE_SIZE cookie. */
export const DEFAULT_PAGE_SIZE = 20;

export function pageSizeFromCookies(cookies: string): number {
  const value = Number(readCookie('API_RESULT_PAGE_SIZE', cookies));
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_PAGE_SIZE;
}

export function currentPageSize(): number {
  return pageSizeFromCookies(typeof document === 'undefined' ? '' : document.cookie);
}
