import type { FacetDescriptor, ResourceRecord } from '../descriptor';

export type Facet = FacetDescriptor<ResourceRecord>;

/** One term of the search: a facet and its value, or free text (`facet` undefined). */
export interface SearchTerm {
  facet?: string;
  value: string;
}

/** Spec 1 §9: the table's quick search waits 300 ms after the last key. */
export const QUICK_SEARCH_DELAY = 300;

/**
 * The facets still offered in the menu (spec 1 §4.6, as Horizon's search
 * service does it): a singleton facet leaves it once a term uses it; a facet
 * with options offers only the options not chosen yet, and leaves the menu
 * when all are chosen.
 *
 * @example
 * availableFacets([{ name: 'name', label: 'Name', singleton: true }], [{ facet: 'name', value: 'a' }]); // []
 */
export function availableFacets(facets: readonly Facet[], terms: readonly SearchTerm[]): Facet[] {
  const used = new Set(terms.map((term) => term.facet));
  return facets
    .filter((facet) => !(facet.singleton && used.has(facet.name)))
    .map((facet) => {
      if (!facet.options) return facet;
      const chosen = new Set(terms.filter((term) => term.facet === facet.name).map((term) => term.value));
      return chosen.size === 0 ? facet : { ...facet, options: facet.options.filter((option) => !chosen.has(option.key)) };
    })
    .filter((facet) => !facet.options || facet.options.length > 0);
}

/**
 * The terms of a panel's persistent facets are remembered for the browser
 * tab's session, so a search by a persistent facet (the images' name, say)
 * is still there after opening a detail page and coming back. Other terms
 * start empty each visit, as Horizon's do.
 */
export const persistedTerms = {
  load(panelKey: string, facets: readonly Facet[]): SearchTerm[] {
    const persistent = new Set(facets.filter((facet) => facet.persistent).map((facet) => facet.name));
    if (persistent.size === 0) return [];
    try {
      const stored = JSON.parse(sessionStorage.getItem(storageKey(panelKey)) ?? '[]') as unknown;
      return Array.isArray(stored)
        ? stored.filter((term): term is SearchTerm => typeof term?.value === 'string' && typeof term?.facet === 'string' && persistent.has(term.facet))
        : [];
    } catch {
      return []; // unreadable storage: start empty
    }
  },
  save(panelKey: string, facets: readonly Facet[], terms: readonly SearchTerm[]): void {
    const persistent = new Set(facets.filter((facet) => facet.persistent).map((facet) => facet.name));
    if (persistent.size === 0) return;
    const kept = terms.filter((term) => term.facet && persistent.has(term.facet));
    try {
      if (kept.length === 0) sessionStorage.removeItem(storageKey(panelKey));
      else sessionStorage.setItem(storageKey(panelKey), JSON.stringify(kept));
    } catch {
      // storage full or refused: the search still works, it is just not remembered
    }
  },
};

const storageKey = (panelKey: string) => `search:${panelKey}`;

/** What typing `text` in the search box means (spec 1 §4.6). */
export type TypedInput = { kind: 'ignore' } | { kind: 'menu' } | { kind: 'term'; term: SearchTerm };

/**
 * A single space opens the facet menu, empty input is ignored, `Label: value`
 * or `name=value` naming an offered facet becomes a facet term, and anything
 * else is free text.
 *
 * @example
 * interpretInput(' ', facets); // { kind: 'menu' }
 * interpretInput('Name: web', facets); // { kind: 'term', term: { facet: 'name', value: 'web' } }
 */
export function interpretInput(text: string, facets: readonly Facet[]): TypedInput {
  if (text === ' ') return { kind: 'menu' };
  const trimmed = text.trim();
  if (!trimmed) return { kind: 'ignore' };
  for (const facet of facets) {
    for (const prefix of [`${facet.label}:`, `${facet.name}=`]) {
      if (trimmed.toLowerCase().startsWith(prefix.toLowerCase())) {
        const value = trimmed.slice(prefix.length).trim();
        if (!value) return { kind: 'ignore' };
        const option = facet.options?.find((candidate) => candidate.label.toLowerCase() === value.toLowerCase() || candidate.key === value);
        return { kind: 'term', term: { facet: facet.name, value: option ? option.key : value } };
      }
    }
  }
  return { kind: 'term', term: { value: trimmed } };
}

/** Adds a term; a singleton facet's new term replaces its old one, and an exact duplicate is not added twice. */
export function addTerm(terms: readonly SearchTerm[], term: SearchTerm, facets: readonly Facet[]): SearchTerm[] {
  const facet = facets.find((candidate) => candidate.name === term.facet);
  const kept = terms.filter((existing) => !(facet?.singleton && existing.facet === term.facet) && !(existing.facet === term.facet && existing.value === term.value));
  return [...kept, term];
}

/**
 * The request parameters of the server facets (spec 1 §4.6, §7.3: "the list
 * function is called with the facet search params").
 *
 * @example
 * serverParams([{ facet: 'status', value: 'active' }], [{ name: 'status', label: 'Status', isServer: true }]); // { status: 'active' }
 */
export function serverParams(terms: readonly SearchTerm[], facets: readonly Facet[]): Record<string, string> {
  const server = new Set(facets.filter((facet) => facet.isServer).map((facet) => facet.name));
  return Object.fromEntries(terms.filter((term) => term.facet && server.has(term.facet)).map((term) => [term.facet!, term.value]));
}

/**
 * Keeps the rows matching every client-side term. A facet with options
 * matches its key exactly; one without matches a case-insensitive substring;
 * free text matches any of `textOf(row)`.
 */
export function filterRows<Row extends ResourceRecord>(
  rows: Row[],
  terms: readonly SearchTerm[],
  facets: readonly Facet[],
  textOf: (row: Row) => string[],
): Row[] {
  const byName = new Map(facets.map((facet) => [facet.name, facet]));
  const client = terms.filter((term) => !(term.facet && byName.get(term.facet)?.isServer));
  if (client.length === 0) return rows;
  const contains = (haystack: unknown, needle: string) => String(haystack ?? '').toLowerCase().includes(needle.toLowerCase());
  return rows.filter((row) =>
    client.every((term) => {
      if (!term.facet) return textOf(row).some((text) => contains(text, term.value));
      const facet = byName.get(term.facet);
      return facet?.options ? String(row[term.facet]) === term.value : contains(row[term.facet], term.value);
    }),
  );
}

/** How a term reads on its chip: 'Name: web', 'Type: SSH Key', or the free text. */
export function termLabel(term: SearchTerm, facets: readonly Facet[]): string {
  const facet = facets.find((candidate) => candidate.name === term.facet);
  if (!facet) return term.value;
  const option = facet.options?.find((candidate) => candidate.key === term.value);
  return `${facet.label}: ${option?.label ?? term.value}`;
}
