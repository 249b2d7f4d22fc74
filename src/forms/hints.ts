/**
 * The schema hints (`x-` keywords) the engine's forms read, so a resource
 * asks for a behaviour in its schema and writes no code:
 *
 * - `"x-switch": { "field": "source_type", "values": ["image"] }` on a
 *   property: the field is shown only while `source_type` has a value (any
 *   value, or one of `values`). While hidden it is not required, not
 *   validated and not sent (spec 1 §4.2 "switchable fields").
 * - `"x-widget": "spinner"` on a number or integer: up/down buttons that
 *   respect `minimum` (default 0), `maximum` and `multipleOf` or
 *   `x-options.step` (default 1) (spec 1 §5).
 * - `"x-transferTable": { "source": "projects", "availableTitle": …, "selectedTitle": …,
 *   "noAvailableText": …, "noSelectedText": …, "maxAllocation": -1 }` on an
 *   array (or `"x-widget": "transfer"` with the same object as `x-options`):
 *   a transfer table whose available items come from the named option source
 *   (forms/option-sources.ts); the value is the allocated ids, or `{ id }`
 *   objects when the items are objects (spec 1 §4.9). `maxItems` also caps it.
 * - `"x-widget": "file"` on a property without a type: a file picker whose
 *   value is the chosen `File` (forms/widgets/FileField.tsx); the data
 *   provider uploads it.
 * - `"x-widget": "source-select", "x-options": { "source": "projects" }` on a
 *   string: one choice among the named option source's items; the value is
 *   the item's id.
 * - `"x-confirms": "password"` on a field: it must equal the `password`
 *   field, else 'Passwords do not match.' (spec 1 §5).
 * - `"x-widget": "textarea"` on a string: a multi-line text box.
 * - `"x-disabledWhen": { "field": "address_source", "values": ["subnetpool"] }`:
 *   the field is shown but cannot be changed while that field has one of
 *   the values (spec 1 §5: a subnet pool fixes the IP version).
 * - `"x-from": { "field": "subnetpool_id", "source": "subnetpools", "key": "ip_version" }`:
 *   choosing an item of the option source in `field` sets this field to the
 *   item's `key` (a pool's IP version, its default prefix length). A list of
 *   such hints follows several fields (a volume's size follows the chosen
 *   image, snapshot or volume); `"mode": "raise"` only ever raises a number
 *   (Horizon keeps a size the user made larger than the snapshot's) and
 *   `"mode": "fill"` only fills an empty field.
 * - `"x-choicesFrom": { "field": "subnetpool_id", "source": "subnetpools", "min": "min_prefixlen", "max": "max_prefixlen" }`
 *   on an integer: a choice among the whole numbers from the chosen item's
 *   `min` to its `max` (spec 1 §5: prefix lengths of a pool).
 * - `"x-policy": [["network", "create_network:shared"]]`: the field is
 *   offered only when the policy rules pass (forms/form-schema.ts hides it).
 * - `"x-extension": { "service": "neutron", "alias": "network_availability_zone" }`:
 *   the field is offered only when that Cinder or Neutron extension is
 *   enabled (forms/form-schema.ts hides it), as Horizon deletes Availability
 *   Zone Hints from Create Network and Create Router without it.
 * - `"x-widget": "source-select"` on an array of strings: the same choice
 *   among the option source's items, several at once (Horizon's multiple
 *   choice fields); the value is the chosen ids.
 * - `"x-sets": [{ "when": [true], "set": { "create_listener": true } }]`:
 *   when the user changes this field to one of `when`, the other fields take
 *   the values of `set` (spec 3 §4.1: creating a monitor turns creating the
 *   pool and the listener on; §9.1: TERMINATED_HTTPS moves the port to 443).
 * - `"x-atLeast": { "field": "from_port", "message": "…" }` on a number: when
 *   both have a value it must not be below that field's, else the message
 *   (Horizon's 'The "to" port number must be greater than or equal to the
 *   "from" port number.').
 * - `"x-otherThan": "current_consumer"` on an enum: an edit form offers the
 *   choices other than the value that field opens with (Horizon's Edit
 *   Consumer leaves out the spec's current consumer).
 */
import type { UiSchema } from '@rjsf/utils';
import type { ExtensionService } from '../backend/contract';
import type { SchemaNode } from '../schema/types';

export interface SwitchHint {
  /** The field whose value shows this one. */
  field: string;
  /** Values that show it; default any non-empty value. */
  values?: unknown[];
}

export interface TransferHint {
  /** Option source of the available items (forms/option-sources.ts). @example 'projects' */
  source: string;
  availableTitle?: string;
  selectedTitle?: string;
  noAvailableText?: string;
  noSelectedText?: string;
  /** Negative = unlimited (default), 1 = replace (spec 1 §4.9). */
  maxAllocation?: number;
}

/** A field whose value follows the item chosen in another field (`x-from`). */
export interface FromHint {
  /** The field holding the chosen item's id. */
  field: string;
  /** Option source of the items (forms/option-sources.ts). */
  source: string;
  /** The item's attribute copied into this field. */
  key: string;
  /** 'set' (default): take the item's value; 'raise': only a larger number; 'fill': only into an empty field. */
  mode?: 'set' | 'raise' | 'fill';
}

/** Whole-number choices from the item chosen in another field (`x-choicesFrom`). */
export interface ChoicesFromHint {
  field: string;
  source: string;
  /** The item's attributes holding the first and the last choice. */
  min: string;
  max: string;
}

/** A form property with the hints it may carry. */
export type HintedNode = SchemaNode & {
  'x-switch'?: SwitchHint;
  'x-disabledWhen'?: SwitchHint;
  'x-from'?: FromHint | FromHint[];
  'x-choicesFrom'?: ChoicesFromHint;
  'x-policy'?: [string, string][];
  'x-extension'?: ExtensionHint;
  'x-widget'?: 'spinner' | 'transfer' | 'file' | 'source-select' | 'textarea';
  'x-options'?: Record<string, string | number | boolean | object | null>;
  'x-transferTable'?: Partial<TransferHint>;
  'x-confirms'?: string;
  'x-atLeast'?: AtLeastHint;
  'x-sets'?: SetsHint[];
  'x-otherThan'?: string;
};

/** A Cinder or Neutron extension a field needs (`x-extension`). */
export interface ExtensionHint {
  service: ExtensionService;
  alias: string;
}

/** Values other fields take when this one is changed to one of `when` (`x-sets`). */
export interface SetsHint {
  when: unknown[];
  set: Record<string, unknown>;
}

export interface AtLeastHint {
  /** The field whose value this one must not be below. */
  field: string;
  message: string;
}

/** The rjsf field and widget names the hints select (forms/registry.ts registers them). */
export const HIDDEN_FIELD = 'hidden';
export const SPINNER_WIDGET = 'spinner';
export const SOURCE_SELECT_WIDGET = 'source-select';
export const TRANSFER_FIELD = 'transfer';
export const FILE_FIELD = 'file';
export const CHOICE_SELECT_WIDGET = 'choice-select';

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * Whether a switchable field is shown for these form values.
 *
 * @example
 * isSwitchedOn({ field: 'source_type' }, { source_type: 'image' }); // true
 * isSwitchedOn({ field: 'source_type', values: ['volume'] }, { source_type: 'image' }); // false
 */
export function isSwitchedOn(hint: SwitchHint, formData: Record<string, unknown>): boolean {
  const value = formData[hint.field];
  if (isEmpty(value)) return false;
  return hint.values ? hint.values.includes(value) : true;
}

/**
 * The form's fields hidden by their `x-switch` for these values. A field
 * whose controlling field is itself hidden is hidden too.
 */
export function hiddenFields(properties: Record<string, HintedNode>, formData: Record<string, unknown>): Set<string> {
  const hidden = new Set<string>();
  const visit = (name: string, depth: number): boolean => {
    const hint = properties[name]?.['x-switch'];
    if (!hint || depth > 16) return false;
    return visit(hint.field, depth + 1) || !isSwitchedOn(hint, formData);
  };
  for (const name of Object.keys(properties)) if (visit(name, 0)) hidden.add(name);
  return hidden;
}

/** The transfer hint of a property, if it asks for a transfer table. */
export function transferHint(node: HintedNode): Partial<TransferHint> | undefined {
  if (node['x-transferTable']) return node['x-transferTable'];
  if (node['x-widget'] === TRANSFER_FIELD) return (node['x-options'] ?? {}) as Partial<TransferHint>;
  return undefined;
}

/**
 * The uiSchema entry the hints of one property ask for, under the action's own entry.
 *
 * @example
 * hintUiSchema({ type: 'integer', 'x-widget': 'spinner' }); // { 'ui:widget': 'spinner' }
 */
export function hintUiSchema(node: HintedNode): UiSchema {
  if (transferHint(node)) return { 'ui:field': TRANSFER_FIELD };
  if (node['x-widget'] === FILE_FIELD) return { 'ui:field': FILE_FIELD };
  if (node['x-widget'] === SOURCE_SELECT_WIDGET) return { 'ui:widget': SOURCE_SELECT_WIDGET, 'ui:options': node['x-options'] ?? {} };
  if (node['x-widget'] === 'textarea') return { 'ui:widget': 'textarea', 'ui:options': { rows: 3 } };
  if (node['x-widget'] === SPINNER_WIDGET) return { 'ui:widget': SPINNER_WIDGET, ...(node['x-options'] ? { 'ui:options': node['x-options'] } : {}) };
  return {};
}

/** The fields `x-disabledWhen` makes read-only for these values. */
export function disabledFields(properties: Record<string, HintedNode>, formData: Record<string, unknown>): Set<string> {
  return new Set(Object.entries(properties).flatMap(([name, node]) => (node['x-disabledWhen'] && isSwitchedOn(node['x-disabledWhen'], formData) ? [name] : [])));
}

/** A field's `x-from` hints as a list. */
function fromHints(node: HintedNode): FromHint[] {
  const hint = node['x-from'];
  return hint === undefined ? [] : [hint].flat();
}

/** The option sources `x-from` and `x-choicesFrom` hints read. */
export function linkedSources(properties: Record<string, HintedNode>): string[] {
  return [
    ...new Set(
      Object.values(properties).flatMap((node) => [...fromHints(node).map((hint) => hint.source), node['x-choicesFrom']?.source].filter((source): source is string => Boolean(source))),
    ),
  ];
}

/** Whether an `x-from` hint's mode lets the item's value replace the field's. */
function replaces(mode: FromHint['mode'], current: unknown, next: unknown): boolean {
  if (current === next) return false;
  if (mode === 'raise') return typeof next === 'number' && !(typeof current === 'number' && current >= next);
  if (mode === 'fill') return isEmpty(current);
  return true;
}

/** An option item with its attributes, as `x-from` and `x-choicesFrom` read them. */
export type LinkedItem = { id: string } & Record<string, unknown>;

/**
 * The whole numbers a `x-choicesFrom` field offers for these values: from
 * the chosen item's `min` to its `max`; none while nothing is chosen.
 *
 * @example
 * rangeChoices({ field: 'pool', source: 's', min: 'lo', max: 'hi' }, { pool: 'p' }, [{ id: 'p', lo: 24, hi: 26 }]); // [24, 25, 26]
 */
export function rangeChoices(hint: ChoicesFromHint, formData: Record<string, unknown>, items: readonly LinkedItem[]): number[] {
  const item = items.find((candidate) => candidate.id === formData[hint.field]);
  const [min, max] = [Number(item?.[hint.min]), Number(item?.[hint.max])];
  if (!item || !Number.isInteger(min) || !Number.isInteger(max)) return [];
  const choices: number[] = [];
  for (let value = min; value <= max; value += 1) choices.push(value);
  return choices;
}

/**
 * The values with each `x-from` field set from the item newly chosen in its
 * controlling field (`before` → `after`); other fields stay as the user left them.
 *
 * @example
 * applyFrom({ ip_version: { 'x-from': { field: 'pool', source: 's', key: 'ip_version' } } }, { pool: 'p' }, { pool: undefined }, { s: [{ id: 'p', ip_version: 6 }] });
 * // { pool: 'p', ip_version: 6 }
 */
export function applyFrom(
  properties: Record<string, HintedNode>,
  after: Record<string, unknown>,
  before: Record<string, unknown> | undefined,
  items: Record<string, readonly LinkedItem[] | undefined>,
): Record<string, unknown> {
  let result = after;
  for (const [name, node] of Object.entries(properties)) {
    for (const hint of fromHints(node)) {
      if (before && before[hint.field] === after[hint.field]) continue;
      const item = items[hint.source]?.find((candidate) => candidate.id === after[hint.field]);
      if (item && item[hint.key] !== undefined && replaces(hint.mode, result[name], item[hint.key])) result = { ...result, [name]: item[hint.key] };
    }
  }
  return result;
}

/**
 * The values after the `x-sets` of the fields the user just changed. A
 * number set on a field with `taken` values is raised by 1 while taken
 * (spec 3 §9.1: the default listener port moves past the load balancer's
 * other listeners, as when the wizard opens).
 *
 * @example
 * applySets({ create_pool: { 'x-sets': [{ when: [false], set: { create_monitor: false } }] } }, { create_pool: false, create_monitor: true }, { create_pool: true, create_monitor: true });
 * // { create_pool: false, create_monitor: false }
 * applySets({ protocol: { 'x-sets': [{ when: ['TERMINATED_HTTPS'], set: { port: 443 } }] } }, { protocol: 'TERMINATED_HTTPS' }, { protocol: 'HTTP' }, { port: new Set([443]) });
 * // { protocol: 'TERMINATED_HTTPS', port: 444 }
 */
export function applySets(properties: Record<string, HintedNode>, after: Record<string, unknown>, before: Record<string, unknown> | undefined, taken: TakenValues = {}): Record<string, unknown> {
  let result = after;
  for (const [name, node] of Object.entries(properties)) {
    if (!node['x-sets'] || (before && before[name] === after[name])) continue;
    for (const hint of node['x-sets']) if (hint.when.includes(after[name])) result = { ...result, ...freeValues(hint.set, taken) };
  }
  return result;
}

/** Values other records already have, by form field (an action's unique rules). */
export type TakenValues = Readonly<Record<string, ReadonlySet<unknown>>>;

function freeValues(set: Record<string, unknown>, taken: TakenValues): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(set).map(([field, value]) => {
      let free = value;
      while (typeof free === 'number' && taken[field]?.has(free)) free += 1;
      return [field, free];
    }),
  );
}

/** The form values without the hidden fields: what is validated and sent. */
export function withoutHidden<T extends Record<string, unknown>>(formData: T, hidden: Set<string>): T {
  if (hidden.size === 0) return formData;
  return Object.fromEntries(Object.entries(formData).filter(([name]) => !hidden.has(name))) as T;
}

/** `{ confirm_password: 'password' }`: each confirm field and the field it must equal. */
export function confirmPairs(properties: Record<string, HintedNode>): [confirm: string, original: string][] {
  return Object.entries(properties).flatMap(([name, node]) => (node['x-confirms'] ? [[name, node['x-confirms']] as [string, string]] : []));
}

/**
 * The messages of the `x-atLeast` fields below their floor field, by field.
 *
 * @example
 * atLeastErrors({ to: { 'x-atLeast': { field: 'from', message: 'm' } } }, { from: 5, to: 3 }); // { to: 'm' }
 */
export function atLeastErrors(properties: Record<string, HintedNode>, formData: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, node] of Object.entries(properties)) {
    const hint = node['x-atLeast'];
    const [value, floor] = [formData[name], hint && formData[hint.field]];
    if (hint && typeof value === 'number' && typeof floor === 'number' && value < floor) errors[name] = hint.message;
  }
  return errors;
}
