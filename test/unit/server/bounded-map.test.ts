import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../../../server/bounded-map.js';

describe('a bounded map of the server', () => {
  it('holds at most its limit: a new key when full drops the oldest', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('c', 3);
    expect([...map]).toEqual([['b', 2], ['c', 3]]);
  });

  it('makes a key set again the newest, without dropping another', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 10);
    expect([...map]).toEqual([['b', 2], ['a', 10]]);
    map.set('c', 3);
    expect([...map]).toEqual([['a', 10], ['c', 3]]);
  });
});
