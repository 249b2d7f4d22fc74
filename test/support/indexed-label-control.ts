import { createRequire } from 'node:module';

/**
 * jsdom's `label.control`, with a `for` label's element found through the
 * document's id map instead of a walk of the whole document.
 *
 * Why: an input's accessible name asks for its `labels`, which jsdom finds by
 * walking the document and asking every label for its control, and a `for`
 * label answers by walking the document again: quadratic in the page's size.
 * Every role query with a `name` (`getByRole('textbox', { name })`) does that
 * for each input it looks at; profiled, it was a tenth of a form test's time.
 *
 * The answer is jsdom's own: the first element in tree order, within the
 * label's root, whose id is the `for` value, if it is labelable (else null);
 * a label without `for` and a label outside a document keep jsdom's walk.
 */
const jsdomRequire = createRequire(createRequire(import.meta.url).resolve('jsdom'));
const LabelImpl = jsdomRequire('./jsdom/living/nodes/HTMLLabelElement-impl.js').implementation;
const { isLabelable } = jsdomRequire('./jsdom/living/helpers/form-controls.js');
const { domSymbolTree } = jsdomRequire('./jsdom/living/helpers/internal-constants.js');

interface NodeImpl {
  _ids?: Record<string, NodeImpl[]>;
  getRootNode(options: object): NodeImpl;
  hasAttributeNS(namespace: string | null, name: string): boolean;
  getAttributeNS(namespace: string | null, name: string): string | null;
}

const jsdomControl = Object.getOwnPropertyDescriptor(LabelImpl.prototype, 'control')!.get as (this: NodeImpl) => NodeImpl | null;

/** The first of `candidates` in tree order (jsdom keeps its id map in insertion order). */
function firstInTreeOrder(candidates: NodeImpl[]): NodeImpl {
  return candidates.reduce((first, candidate) =>
    // compareTreePosition: 4 (FOLLOWING) when `candidate` comes after `first`.
    domSymbolTree.compareTreePosition(first, candidate) & 4 ? first : candidate,
  );
}

function indexedControl(this: NodeImpl): NodeImpl | null {
  const root = this.getRootNode({});
  if (!this.hasAttributeNS(null, 'for') || !root._ids) return jsdomControl.call(this);
  const id = this.getAttributeNS(null, 'for')!;
  if (id === '') return null;
  const inRoot = (root._ids[id] ?? []).filter((candidate) => candidate.getRootNode({}) === root);
  if (inRoot.length === 0) return null;
  const element = inRoot.length === 1 ? inRoot[0] : firstInTreeOrder(inRoot);
  return isLabelable(element) ? element : null;
}

/** `label.control` by jsdom's walk and by the id map, for the test that proves them equal. */
export function bothControls(label: HTMLLabelElement, implOf: (wrapper: object) => NodeImpl): { jsdom: NodeImpl | null; indexed: NodeImpl | null } {
  const impl = implOf(label);
  return { jsdom: jsdomControl.call(impl), indexed: indexedControl.call(impl) };
}

/** Installs the indexed `control` for every jsdom window of this worker (components-setup.ts). */
export function installIndexedLabelControl(): void {
  Object.defineProperty(LabelImpl.prototype, 'control', { get: indexedControl, configurable: true });
}
