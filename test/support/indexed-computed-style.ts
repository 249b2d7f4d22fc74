import { createRequire } from 'node:module';

/**
 * jsdom's `getComputedStyle`, with the rules an element could match looked
 * up by its classes, id and tag instead of tried one by one.
 *
 * Why: a role query (`getByRole(..., { name })`) asks for the computed style
 * of every element it looks at (is it hidden?), and after each DOM change
 * jsdom matches every CSS rule of the page (MUI's few hundred) against every
 * element again. Profiled, that was half of a component test's time.
 *
 * The result is jsdom's own: the same rules (the default sheet, then the
 * page's sheets in order, `@media screen` ones included), matched by jsdom's
 * own selector engine, applied in the same order, with jsdom's cache and its
 * invalidation. The index only leaves out rules whose rightmost compound
 * names a class, id or tag the element lacks, which could never match.
 */
const jsdomRequire = createRequire(createRequire(import.meta.url).resolve('jsdom'));
const styleRules = jsdomRequire('./jsdom/living/helpers/style-rules.js');
const { matchesDontThrow } = jsdomRequire('./jsdom/living/helpers/selectors.js');
const { implForWrapper } = jsdomRequire('./jsdom/living/generated/utils.js');
const defaultStyleSheet: string = jsdomRequire('./jsdom/browser/default-stylesheet.js');
const cssom = jsdomRequire('rrweb-cssom');
const { CSSStyleDeclaration } = jsdomRequire('cssstyle');

interface Rule {
  selectorText?: string;
  style: CSSStyleDeclaration;
  media?: ArrayLike<string>;
  cssRules?: ArrayLike<Rule>;
}
interface Sheet {
  cssRules: ArrayLike<Rule>;
}
interface ElementImpl {
  localName: string;
  style: CSSStyleDeclaration;
  _attached: boolean;
  _ownerDocument: { _styleCache: WeakMap<ElementImpl, CSSStyleDeclaration> | null; styleSheets: { _list: Sheet[] } };
  getAttributeNS(namespace: string | null, name: string): string | null;
}
interface Index {
  sheets: Sheet[];
  lengths: number[];
  /** Rules with their order, by key: `.class`, `#id`, a tag, or '*' for any element. */
  byKey: Map<string, [number, Rule][]>;
}

/** jsdom's own cascade, kept for the test that compares the two. */
export const jsdomGetDeclarationForElement: (element: unknown) => CSSStyleDeclaration = styleRules.getDeclarationForElement;

const parsedDefault: Sheet = cssom.parse(defaultStyleSheet);
const ANY = '*';
const keysOfSelector = new Map<string, string[]>();

/** The keys an element must have for `selector` to match it: one per selector of the list, or ['*'] when unsure. */
function keysOf(selector: string): string[] {
  let keys = keysOfSelector.get(selector);
  if (keys) return keys;
  keys = [];
  for (const complex of splitTopLevel(selector, ',')) {
    const key = keyOfComplex(complex.trim());
    if (key === ANY) {
      keys = [ANY];
      break;
    }
    keys.push(key);
  }
  keysOfSelector.set(selector, keys);
  return keys;
}

function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The rightmost compound's class, else its id, else its tag; '*' for anything unusual (escapes, quotes). */
function keyOfComplex(complex: string): string {
  if (/[\\"']/.test(complex) || complex === '') return ANY;
  let depth = 0;
  let start = 0;
  for (let index = 0; index < complex.length; index++) {
    const char = complex[index];
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0 && (char === ' ' || char === '>' || char === '+' || char === '~' || char === '\n' || char === '\t')) start = index + 1;
  }
  // The rightmost compound without its brackets' contents: `.a:not(.b)[x="y"]` keeps `.a:not `.
  let outer = '';
  depth = 0;
  for (const char of complex.slice(start)) {
    if (char === '(' || char === '[') {
      if (depth++ === 0) outer += ' ';
    } else if (char === ')' || char === ']') depth--;
    else if (depth === 0) outer += char;
  }
  const className = /\.(-?[_a-zA-Z][\w-]*)/.exec(outer);
  if (className) return `.${className[1].toLowerCase()}`;
  const id = /#(-?[_a-zA-Z][\w-]*)/.exec(outer);
  if (id) return `#${id[1].toLowerCase()}`;
  const tag = /^([a-zA-Z][\w-]*)(?![\w-|])/.exec(outer);
  return tag ? tag[1].toLowerCase() : ANY;
}

const indexes = new WeakMap<object, Index>();

function indexFor(document: ElementImpl['_ownerDocument'], cache: object): Index {
  const sheets = [parsedDefault, ...document.styleSheets._list];
  const known = indexes.get(cache);
  if (known && known.sheets.length === sheets.length && sheets.every((sheet, i) => sheet === known.sheets[i] && sheet.cssRules.length === known.lengths[i])) return known;
  const byKey = new Map<string, [number, Rule][]>();
  let order = 0;
  const add = (rule: Rule) => {
    const position = order++;
    for (const key of keysOf(rule.selectorText ?? '')) {
      let list = byKey.get(key);
      if (!list) byKey.set(key, (list = []));
      list.push([position, rule]);
    }
  };
  for (const sheet of sheets) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (rule.media) {
        if (Array.prototype.indexOf.call(rule.media, 'screen') !== -1) Array.from(rule.cssRules ?? []).forEach(add);
      } else add(rule);
    }
  }
  const index = { sheets, lengths: sheets.map((sheet) => sheet.cssRules.length), byKey };
  indexes.set(cache, index);
  return index;
}

function candidateRules(element: ElementImpl, index: Index): Rule[] {
  const found: [number, Rule][] = [];
  const take = (key: string) => {
    const list = index.byKey.get(key);
    if (list) found.push(...list);
  };
  take(ANY);
  take(element.localName.toLowerCase());
  const id = element.getAttributeNS(null, 'id');
  if (id) take(`#${id.toLowerCase()}`);
  const classes = new Set((element.getAttributeNS(null, 'class') ?? '').toLowerCase().split(/[ \t\n\f\r]+/).filter(Boolean));
  for (const name of classes) take(`.${name}`);
  // A rule listed under two of the element's keys is applied once, in sheet order as jsdom does.
  found.sort((a, b) => a[0] - b[0]);
  return found.filter((entry, i) => i === 0 || entry[0] !== found[i - 1][0]).map(([, rule]) => rule);
}

function getDeclarationForElement(element: ElementImpl): CSSStyleDeclaration {
  const document = element._ownerDocument;
  const cache = (document._styleCache ??= new WeakMap());
  const cached = cache.get(element);
  if (cached) return cached;
  const declaration = new CSSStyleDeclaration();
  const handleProperty = (style: CSSStyleDeclaration, property: string) => {
    const value = style.getPropertyValue(property);
    if (value === 'unset') declaration.removeProperty(property);
    else declaration.setProperty(property, value, style.getPropertyPriority(property));
  };
  for (const rule of candidateRules(element, indexFor(document, cache))) {
    if (matchesDontThrow(element, rule.selectorText)) Array.prototype.forEach.call(rule.style, (property: string) => handleProperty(rule.style, property));
  }
  Array.prototype.forEach.call(element.style, (property: string) => handleProperty(element.style, property));
  cache.set(element, declaration);
  return declaration;
}

/**
 * The computed styles of `elements` by jsdom's own cascade and by the index, each pass from an empty cache,
 * as text (the test that proves them equal).
 */
export function bothComputedStyles(elements: Element[]): { jsdom: string[]; indexed: string[] } {
  if (elements.length === 0) return { jsdom: [], indexed: [] };
  const document = (implForWrapper(elements[0]) as ElementImpl)._ownerDocument;
  const view = elements[0].ownerDocument.defaultView!;
  const run = (cascade: (element: ElementImpl) => CSSStyleDeclaration) => {
    document._styleCache = null;
    styleRules.getDeclarationForElement = cascade;
    try {
      return elements.map((element) => view.getComputedStyle(element).cssText);
    } finally {
      styleRules.getDeclarationForElement = getDeclarationForElement;
      document._styleCache = null;
    }
  };
  return { jsdom: run(jsdomGetDeclarationForElement), indexed: run(getDeclarationForElement) };
}

/** Installs the indexed cascade in this jsdom window (components-setup.ts). */
export function installIndexedComputedStyle(window: Window & typeof globalThis): void {
  if (INSTALLED in window.getComputedStyle) return; // a worker that runs several files in one window
  if (!implForWrapper(window.document)) throw new Error('indexed-computed-style: not the jsdom instance the environment runs');
  // Resolved values (visibility, colours) inherit through this export; getComputedStyle below copies the rest.
  styleRules.getDeclarationForElement = getDeclarationForElement;
  const original = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
    // Pseudo-elements and non-elements: jsdom's own answer (not implemented, or a TypeError).
    if ((pseudoElement !== undefined && pseudoElement !== null && pseudoElement !== '') || !(element instanceof window.Element)) return original(element, pseudoElement);
    const impl = implForWrapper(element) as ElementImpl;
    const specified = styleRules.getDeclarationForElement(impl) as CSSStyleDeclaration;
    // jsdom's cache of specified styles lives until the next DOM change; the computed one built from it, too.
    // (None when reading the element's styles changed the DOM, e.g. a first `style` access: then no caching.)
    const cache = impl._ownerDocument._styleCache;
    let computedOf = cache ? computed.get(cache) : undefined;
    if (cache && !computedOf) computed.set(cache, (computedOf = new WeakMap()));
    const known = computedOf?.get(impl);
    if (known) return known;
    const declaration = new CSSStyleDeclaration();
    Array.prototype.forEach.call(specified, (property: string) => declaration.setProperty(property, specified.getPropertyValue(property), specified.getPropertyPriority(property)));
    for (const property of Object.keys(styleRules.propertiesWithResolvedValueImplemented)) declaration.setProperty(property, styleRules.getResolvedValue(impl, property));
    computedOf?.set(impl, declaration);
    return declaration;
  };
  Object.defineProperty(window.getComputedStyle, INSTALLED, { value: true });
  if (globalThis.getComputedStyle !== window.getComputedStyle) globalThis.getComputedStyle = window.getComputedStyle;
}

const INSTALLED = Symbol('indexed computed style');
const computed = new WeakMap<object, WeakMap<ElementImpl, CSSStyleDeclaration>>();
