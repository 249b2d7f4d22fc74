/**
 * The transfer table's model (spec 1 §3, §4.9, §8): items move between an
 * "available" and an "allocated" list. Pure functions, so the rules are unit
 * tested without a DOM; `TransferTable` and the membership step render them.
 */

/** Anything with an id can be transferred (spec 1 §3: "each item having an id"). */
export interface TransferItem {
  id: string;
  /** Text shown for the item; default its id. */
  label?: string;
}

/** Spec 1 §9: a negative maximum means unlimited; the default. */
export const UNLIMITED = -1;

/** Spec 1 §8: logged when the model is given something that is not a list. */
export const NOT_AN_ARRAY_MESSAGE = 'The transfer table expects the available and allocated items to be arrays.';

/**
 * Whether one more item may be allocated (spec 1 §4.9): while the maximum is
 * negative (unlimited) or above the current count. A maximum of 1 always
 * allows it, since the new item replaces the allocated one.
 *
 * @example
 * canAllocate(2, -1); // true
 * canAllocate(2, 2);  // false
 * canAllocate(1, 1);  // true: replaces
 */
export function canAllocate(allocatedCount: number, maxAllocation: number = UNLIMITED): boolean {
  return maxAllocation < 0 || maxAllocation === 1 || allocatedCount < maxAllocation;
}

/**
 * The allocated ids after allocating `id`: appended, or the only one when the
 * maximum is 1 (spec 1 §4.9 "the existing item is replaced"); unchanged when
 * the maximum is reached or the id is already allocated.
 *
 * @example
 * allocate(['a'], 'b', 1);  // ['b']
 * allocate(['a'], 'b', -1); // ['a', 'b']
 */
export function allocate(allocated: readonly string[], id: string, maxAllocation: number = UNLIMITED): string[] {
  if (allocated.includes(id)) return [...allocated];
  if (maxAllocation === 1) return [id];
  if (!canAllocate(allocated.length, maxAllocation)) return [...allocated];
  return [...allocated, id];
}

/**
 * The allocated ids without `id`.
 *
 * @example
 * deallocate(['a', 'b'], 'a'); // ['b']
 */
export function deallocate(allocated: readonly string[], id: string): string[] {
  return allocated.filter((each) => each !== id);
}

/** The item's text: its label, or its id. */
export function itemText(item: TransferItem): string {
  return item.label ?? item.id;
}

/**
 * Items whose text or id contains the filter, case-insensitively; all of them
 * for an empty filter.
 *
 * @example
 * filterItems([{ id: 'p1', label: 'demo' }], 'DE'); // [{ id: 'p1', label: 'demo' }]
 */
export function filterItems<I extends TransferItem>(items: readonly I[], filter: string): I[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return [...items];
  return items.filter((item) => itemText(item).toLowerCase().includes(needle) || item.id.toLowerCase().includes(needle));
}

export interface TransferModel<I extends TransferItem> {
  /** Items not allocated, in the order given. */
  available: I[];
  /** Allocated items, in allocation order; ids unknown to `items` get a bare item. */
  allocated: I[];
  /** `available` after the available filter (spec 1 §3: displayedAvailable). */
  displayedAvailable: I[];
  /** `allocated` after the allocated filter (spec 1 §3: displayedAllocated). */
  displayedAllocated: I[];
}

/**
 * Splits `items` by the allocated ids and applies each side's filter. Input
 * that is not a list logs an error (spec 1 §8) and counts as empty.
 *
 * @example
 * transferModel([{ id: 'a' }, { id: 'b' }], ['b']).available; // [{ id: 'a' }]
 */
export function transferModel<I extends TransferItem>(
  items: readonly I[] | unknown,
  allocatedIds: readonly string[] | unknown,
  filters: { available?: string; allocated?: string } = {},
): TransferModel<I> {
  const all = asArray<I>(items);
  const ids = asArray<string>(allocatedIds);
  const byId = new Map(all.map((item) => [item.id, item]));
  const allocated = ids.map((id) => byId.get(id) ?? ({ id } as I));
  const chosen = new Set(ids);
  const available = all.filter((item) => !chosen.has(item.id));
  return {
    available,
    allocated,
    displayedAvailable: filterItems(available, filters.available ?? ''),
    displayedAllocated: filterItems(allocated, filters.allocated ?? ''),
  };
}

function asArray<V>(value: unknown): V[] {
  if (Array.isArray(value)) return value as V[];
  console.error(NOT_AN_ARRAY_MESSAGE);
  return [];
}
