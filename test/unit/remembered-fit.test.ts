import { describe, expect, it } from 'vitest';
import { formatFit, parseFit } from '../../src/table/remembered-fit';

describe('the remembered table fit (cookie table_fit)', () => {
  it('reads back the width and each table\'s hidden column count it was written with', () => {
    const fit = { width: 1024, hidden: { Images: 2, 'Volume Snapshots': 1 } };
    expect(parseFit(formatFit(fit))).toEqual(fit);
  });

  it('ignores a cookie that is not a fit, and entries that are not counts', () => {
    expect(parseFit(null)).toBeNull();
    expect(parseFit('wide|Images:2')).toBeNull();
    expect(parseFit('1024|Images:many|Volumes:1|:3|Flavors')).toEqual({ width: 1024, hidden: { Volumes: 1 } });
  });

  it('keeps a caption holding the separators readable, and at most 30 tables, the most recent', () => {
    expect(parseFit(formatFit({ width: 800, hidden: { 'a|b:c': 1 } }))).toEqual({ width: 800, hidden: { 'a b c': 1 } });
    const many = Object.fromEntries(Array.from({ length: 35 }, (_, index) => [`table ${index}`, 1]));
    const kept = parseFit(formatFit({ width: 800, hidden: many }))!.hidden;
    expect(Object.keys(kept)).toHaveLength(30);
    expect(kept).toHaveProperty('table 34');
    expect(kept).not.toHaveProperty('table 0');
  });
});
