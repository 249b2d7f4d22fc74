import { pageCookies, readCookie } from '../utils/cookies';

/** Spec 1 §9: table page size 20, overridden by the API_RESULT_PAGE_SIZE cookie. */
export const DEFAULT_PAGE_SIZE = 20;

export function pageSizeFromCookies(cookies: string): number {
  const value = Number(readCookie('API_RESULT_PAGE_SIZE', cookies));
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_PAGE_SIZE;
}

export function currentPageSize(): number {
  return pageSizeFromCookies(pageCookies());
}

/** The page sizes offered beside a server-paged table (the current one is offered too). */
export const PAGE_SIZE_CHOICES = [20, 50, 100] as const;

/** Keeps the person's page size in API_RESULT_PAGE_SIZE, the cookie Horizon's server reads too. */
export function choosePageSize(size: number): void {
  document.cookie = `API_RESULT_PAGE_SIZE=${size}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
}
