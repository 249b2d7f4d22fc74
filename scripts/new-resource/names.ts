/** The names one resource goes by in each layer, from its singular kebab-case name. */
export interface ResourceNames {
  /** `gadget-box`: schema file, descriptor file, registry name. */
  kebab: string;
  /** `gadget-boxes`: file names of the plural modules. */
  kebabPlural: string;
  /** `gadget_box`: the native body key. */
  snake: string;
  /** `gadget_boxes`: the `/api` collection and the panel path. */
  snakePlural: string;
  /** `gadgetBox`: function names. */
  camel: string;
  /** `GadgetBox`: type names. */
  pascal: string;
  /** `GadgetBoxes`. */
  pascalPlural: string;
  /** `Gadget Box`, `Gadget Boxes`: labels. */
  title: string;
  titlePlural: string;
  /** `gadget box`: messages. */
  lower: string;
}

const words = (kebab: string) => kebab.split('-');
const capital = (word: string) => word[0].toUpperCase() + word.slice(1);

/** English plural of the last word: box → boxes, policy → policies, gadget → gadgets. */
export function pluralOf(kebab: string): string {
  if (/(s|x|z|ch|sh)$/.test(kebab)) return `${kebab}es`;
  if (/[^aeiou]y$/.test(kebab)) return `${kebab.slice(0, -1)}ies`;
  return `${kebab}s`;
}

/**
 * @example
 * namesOf('gadget-box').snakePlural; // 'gadget_boxes'
 */
export function namesOf(kebab: string, plural = pluralOf(kebab)): ResourceNames {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(kebab)) throw new Error(`'${kebab}' is not a singular kebab-case name (e.g. gadget or gadget-box)`);
  return {
    kebab,
    kebabPlural: plural,
    snake: kebab.replace(/-/g, '_'),
    snakePlural: plural.replace(/-/g, '_'),
    camel: words(kebab).map((word, index) => (index ? capital(word) : word)).join(''),
    pascal: words(kebab).map(capital).join(''),
    pascalPlural: words(plural).map(capital).join(''),
    title: words(kebab).map(capital).join(' '),
    titlePlural: words(plural).map(capital).join(' '),
    lower: words(kebab).join(' '),
  };
}
