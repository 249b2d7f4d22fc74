import { describe, expect, it } from 'vitest';
import { addTerm, availableFacets, type Facet, filterRows, interpretInput, QUICK_SEARCH_DELAY, serverParams, termLabel } from '../../src/search/facets';

const facets: Facet[] = [
  { name: 'name', label: 'Name', singleton: true },
  { name: 'type', label: 'Type', options: [{ key: 'ssh', label: 'SSH Key' }, { key: 'x509', label: 'X509 Certificate' }] },
  { name: 'status', label: 'Status', isServer: true },
];
const rows = [
  { id: '1', name: 'web-key', type: 'ssh' },
  { id: '2', name: 'db-key', type: 'x509' },
  { id: '3', name: 'Website', type: 'ssh' },
];
const text = (row: (typeof rows)[number]) => [row.name, row.type === 'ssh' ? 'SSH Key' : 'X509 Certificate'];

describe('search facets (spec 1 §4.6)', () => {
  it('drops a singleton facet from the choices once used, and keeps the others', () => {
    expect(availableFacets(facets, []).map((facet) => facet.name)).toEqual(['name', 'type', 'status']);
    expect(availableFacets(facets, [{ facet: 'name', value: 'a' }, { facet: 'type', value: 'ssh' }]).map((facet) => facet.name)).toEqual(['type', 'status']);
  });

  it("offers only the options not chosen yet, and drops a facet whose options are all chosen (Horizon's search service)", () => {
    const typeOptions = (terms: { facet: string; value: string }[]) => availableFacets(facets, terms).find((facet) => facet.name === 'type')?.options?.map((option) => option.key);
    expect(typeOptions([])).toEqual(['ssh', 'x509']);
    expect(typeOptions([{ facet: 'type', value: 'ssh' }])).toEqual(['x509']);
    expect(availableFacets(facets, [{ facet: 'type', value: 'ssh' }, { facet: 'type', value: 'x509' }]).map((facet) => facet.name)).toEqual(['name', 'status']);
    expect(facets[1].options).toHaveLength(2); // the descriptor's own list is left alone
  });

  it('opens the menu on a single space and ignores empty input', () => {
    expect(interpretInput(' ', facets)).toEqual({ kind: 'menu' });
    expect(interpretInput('', facets)).toEqual({ kind: 'ignore' });
    expect(interpretInput('   ', facets)).toEqual({ kind: 'ignore' });
    expect(interpretInput('Name: ', facets)).toEqual({ kind: 'ignore' });
  });

  it('reads "Label: value" and "name=value" as facet terms, option labels as their keys, and anything else as free text', () => {
    expect(interpretInput('Name: web', facets)).toEqual({ kind: 'term', term: { facet: 'name', value: 'web' } });
    expect(interpretInput('status=active', facets)).toEqual({ kind: 'term', term: { facet: 'status', value: 'active' } });
    expect(interpretInput('Type: SSH Key', facets)).toEqual({ kind: 'term', term: { facet: 'type', value: 'ssh' } });
    expect(interpretInput(' web ', facets)).toEqual({ kind: 'term', term: { value: 'web' } });
  });

  it("replaces a singleton facet's term and does not add a duplicate", () => {
    const once = addTerm([], { facet: 'name', value: 'a' }, facets);
    expect(addTerm(once, { facet: 'name', value: 'b' }, facets)).toEqual([{ facet: 'name', value: 'b' }]);
    const typed = addTerm([], { facet: 'type', value: 'ssh' }, facets);
    expect(addTerm(typed, { facet: 'type', value: 'ssh' }, facets)).toEqual([{ facet: 'type', value: 'ssh' }]);
  });

  it('sends isServer facets as request params and filters on the others in the browser', () => {
    const terms = [{ facet: 'status', value: 'active' }, { facet: 'name', value: 'WEB' }];
    expect(serverParams(terms, facets)).toEqual({ status: 'active' });
    // The server facet does not filter again in the browser (rows have no status).
    expect(filterRows(rows, terms, facets, text).map((row) => row.id)).toEqual(['1', '3']);
  });

  it('matches options exactly, typed values as substrings, and free text against the shown texts', () => {
    expect(filterRows(rows, [{ facet: 'type', value: 'ssh' }], facets, text).map((row) => row.id)).toEqual(['1', '3']);
    expect(filterRows(rows, [{ value: 'x509 cert' }], facets, text).map((row) => row.id)).toEqual(['2']);
    expect(filterRows(rows, [{ value: 'key' }, { facet: 'type', value: 'ssh' }], facets, text).map((row) => row.id)).toEqual(['1', '3']);
    expect(filterRows(rows, [], facets, text)).toBe(rows);
  });

  it('labels chips with the facet label and option label', () => {
    expect(termLabel({ facet: 'type', value: 'x509' }, facets)).toBe('Type: X509 Certificate');
    expect(termLabel({ value: 'free' }, facets)).toBe('free');
  });

  it('quick search waits 300 ms', () => {
    expect(QUICK_SEARCH_DELAY).toBe(300);
  });
});
