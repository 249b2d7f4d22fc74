import { describe, expect, it } from 'vitest';
import { readCookie } from '../../../src/utils/cookies';

describe('cookies', () => {
  it('reads a cookie among others', () => {
    expect(readCookie('API_RESULT_PAGE_SIZE', 'csrftoken=abc; API_RESULT_PAGE_SIZE=50')).toBe('50');
  });

  it('removes the quotes Django puts around values with a slash', () => {
    expect(readCookie('django_timezone', 'django_timezone="Europe/Paris"; csrftoken=abc')).toBe('Europe/Paris');
  });

  it('decodes Python octal escapes inside quotes', () => {
    expect(readCookie('pair', 'pair="a\\054b"')).toBe('a,b');
  });

  it('decodes URL-encoded values', () => {
    expect(readCookie('django_timezone', 'django_timezone=America%2FNew_York')).toBe('America/New_York');
  });

  it('gives null for a cookie that is not set', () => {
    expect(readCookie('django_timezone', 'csrftoken=abc')).toBeNull();
    expect(readCookie('django_timezone', '')).toBeNull();
  });

  it('does not match a cookie whose name only ends with the name asked for', () => {
    expect(readCookie('timezone', 'django_timezone=UTC')).toBeNull();
  });
});
