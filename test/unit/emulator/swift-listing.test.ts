import { describe, expect, it } from 'vitest';
import { walkListing } from '../../../emulator/object-store/models/listing.js';

/** Names in byte order, served as the models' fetch does (after the cursor, before end_marker, at most `batch`), counting the rows read. */
function store(names: string[]) {
  const sorted = [...names].sort();
  const counter = { read: 0, queries: 0 };
  function* fetch(after: string, inclusive: boolean, before: string | undefined, batch: number) {
    counter.queries++;
    let given = 0;
    for (const name of sorted) {
      if (inclusive ? name < after : name <= after) continue;
      if (before !== undefined && name >= before) return;
      if (given++ >= batch) return;
      counter.read++;
      yield { name };
    }
  }
  return { fetch, counter };
}

describe('the built-in Swift listing walk', () => {
  const names = [
    ...Array.from({ length: 10 }, (_, folder) => Array.from({ length: 500 }, (_, index) => `folder-${folder}/object-${String(index).padStart(4, '0')}`)).flat(),
    ...Array.from({ length: 300 }, (_, index) => `object-${String(index).padStart(4, '0')}`),
  ];

  it('lists the folders first as subdir entries, then the objects, a page of `limit`', () => {
    const { fetch } = store(names);
    const page = walkListing(fetch, { delimiter: '/', limit: 12 });
    expect(page.map((entry) => ('subdir' in entry ? entry.subdir : entry.row.name))).toEqual([
      ...Array.from({ length: 10 }, (_, folder) => `folder-${folder}/`),
      'object-0000',
      'object-0001',
    ]);
  });

  it('reads only the rows it uses: a folder costs one row, not the rest of its batch', () => {
    const { fetch, counter } = store(names);
    walkListing(fetch, { delimiter: '/', limit: 201 });
    // Ten folders (one row each) and 191 objects; 5,000 rows sit in the folders.
    expect(counter.read).toBe(201);
    expect(counter.queries).toBe(11);
  });
});
