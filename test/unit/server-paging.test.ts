import { describe, expect, it } from 'vitest';
import { pageOf } from '../../server/api/paging.js';

/** One page of a paged list from the service's `size + 1` rows after the marker (api-contract §1.6). */
describe('pageOf', () => {
  const rows = (...ids: string[]) => ids.map((id) => ({ id }));

  it('keeps size rows and says more follow when the service answered the extra row', () => {
    expect(pageOf(rows('c', 'b', 'a'), 2, undefined)).toEqual({ items: rows('c', 'b'), has_more_data: true, has_prev_data: false });
    expect(pageOf(rows('b', 'a'), 2, 'c')).toEqual({ items: rows('b', 'a'), has_more_data: false, has_prev_data: true });
  });

  it('never shows the marker again when the service answers it (Nova, while the marker server is a build request already in its cell)', () => {
    expect(pageOf(rows('new', 'shared'), 1, 'new')).toEqual({ items: rows('shared'), has_more_data: false, has_prev_data: true });
  });

  it('turns an ascending walk back into the list order', () => {
    expect(pageOf(rows('a', 'b', 'c'), 2, 'z', true)).toEqual({ items: rows('b', 'a'), has_more_data: true, has_prev_data: true });
  });
});
