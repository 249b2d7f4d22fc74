import { describe, expect, it } from 'vitest';
import { messageLimit, newProperty, parseBoolean, savedValue, setValue, validateText } from '../../src/metadata/property';
import {
  addCustom,
  addedProperties,
  addItem,
  buildTree,
  customKeyError,
  itemById,
  type MetadefNamespace,
  metadataChanges,
  removeItem,
  toggleExpanded,
} from '../../src/metadata/tree';

const NAMESPACES: MetadefNamespace[] = [
  {
    namespace: 'OS::Compute::Watchdog',
    display_name: 'Watchdog Behavior',
    properties: {
      hw_watchdog_action: { title: 'Watchdog Action', type: 'string', enum: ['disabled', 'reset', 'poweroff', 'pause', 'none'] },
    },
  },
  {
    namespace: 'OS::Compute::CPUPinning',
    display_name: 'CPU Pinning',
    objects: [
      {
        name: 'CPU Pinning Policy',
        properties: {
          hw_cpu_policy: { title: 'CPU Policy', type: 'string', enum: ['shared', 'dedicated'] },
          hw_cpu_threads: { title: 'CPU Threads', type: 'integer', minimum: 1, maximum: 8 },
        },
      },
    ],
  },
  { namespace: 'OS::Empty', display_name: 'Nothing to add' },
];

describe('metadata value parsing (spec 1 §4.7)', () => {
  it('parses integers in base 10 and numbers as floats', () => {
    expect(setValue(newProperty('a', { type: 'integer' }), '08').value).toBe(8);
    expect(setValue(newProperty('a', { type: 'number' }), '2.5').value).toBe(2.5);
  });

  it('accepts the text true or false for booleans, otherwise null', () => {
    expect(parseBoolean('true')).toBe(true);
    expect(parseBoolean('False')).toBe(false);
    expect(parseBoolean('yes')).toBeNull();
    expect(setValue(newProperty('a', { type: 'boolean' }), 'maybe').value).toBeNull();
  });

  it("reads arrays as '<operator> a,b,c' and saves them the same way", () => {
    const parsed = setValue(newProperty('a', { type: 'array', operators: ['<in>', '<or>'] }), '<or> a,b,c');
    expect(parsed.operator).toBe('<or>');
    expect(parsed.value).toEqual(['a', 'b', 'c']);
    expect(savedValue(parsed)).toBe('<or> a,b,c');
  });

  it('gives a null default an empty array for arrays and makes the property not required', () => {
    const array = newProperty('a', { type: 'array', default: null });
    expect(array.value).toEqual([]);
    expect(array.required).toBe(false);
    const text = newProperty('b', { type: 'string' });
    expect(text.value).toBeNull();
    expect(text.required).toBe(false);
  });

  it('makes a property with an empty string not required, and one with a value required', () => {
    expect(setValue(newProperty('a', { type: 'string' }), '').required).toBe(false);
    expect(setValue(newProperty('a', { type: 'string' }), 'x').required).toBe(true);
  });

  it('keeps os_hash_algo and os_hash_value read-only and not required', () => {
    for (const key of ['os_hash_algo', 'os_hash_value']) {
      const property = setValue(newProperty(key, { type: 'string' }), 'sha512');
      expect(property.readonly).toBe(true);
      expect(property.required).toBe(false);
      expect(validateText(property, '')).toBeNull();
    }
  });
});

describe('metadata validation messages (spec 1 §5)', () => {
  const integer = setValue(newProperty('n', { type: 'integer', minimum: 1, maximum: 8 }), '2');
  const decimal = setValue(newProperty('d', { type: 'number', minimum: 0.5 }), '1');
  const text = setValue(newProperty('t', { type: 'string', minLength: 2, maxLength: 4, pattern: '^[a-z]+$' }), 'ab');

  it("says 'Integer required' for integers, also for what a pattern would reject", () => {
    expect(validateText(integer, '1.5')).toBe('Integer required');
    expect(validateText(integer, 'abc')).toBe('Integer required');
  });

  it("says 'Decimal required' for numbers", () => {
    expect(validateText(decimal, 'one')).toBe('Decimal required');
    expect(validateText(decimal, '0.75')).toBeNull();
  });

  it("says 'Min' and 'Max' with the limit", () => {
    expect(validateText(integer, '0')).toBe('Min');
    expect(messageLimit(integer, 'Min')).toBe(1);
    expect(validateText(integer, '9')).toBe('Max');
    expect(messageLimit(integer, 'Max')).toBe(8);
    expect(validateText(decimal, '0.25')).toBe('Min');
  });

  it("says 'Min length', 'Max length' and 'Pattern mismatch' for text", () => {
    expect(validateText(text, 'a')).toBe('Min length');
    expect(validateText(text, 'abcde')).toBe('Max length');
    expect(validateText(text, 'AB')).toBe('Pattern mismatch');
    expect(validateText(text, 'abc')).toBeNull();
  });

  it("says 'Required' for an emptied required value", () => {
    expect(validateText(text, '')).toBe('Required');
  });

  it("refuses a custom key any tree item already has: 'Duplicate keys are not allowed'", () => {
    const tree = buildTree(NAMESPACES, { mine: 'x' });
    expect(customKeyError(tree, 'hw_cpu_policy')).toBe('Duplicate keys are not allowed');
    expect(customKeyError(tree, 'mine')).toBe('Duplicate keys are not allowed');
    expect(customKeyError(tree, 'other')).toBeNull();
    expect(addCustom(tree, 'mine')).toBe(tree);
  });
});

describe('metadata tree (spec 1 §4.7)', () => {
  it('builds namespaces, objects and properties, leaving out namespaces with nothing to add', () => {
    const tree = buildTree(NAMESPACES, {});
    expect(tree.map((item) => item.id)).toEqual([
      'OS::Compute::Watchdog',
      'OS::Compute::Watchdog/hw_watchdog_action',
      'OS::Compute::CPUPinning',
      'OS::Compute::CPUPinning/CPU Pinning Policy',
      'OS::Compute::CPUPinning/CPU Pinning Policy/hw_cpu_policy',
      'OS::Compute::CPUPinning/CPU Pinning Policy/hw_cpu_threads',
    ]);
  });

  it('matches existing keys to properties ignoring case; unknown keys become custom properties', () => {
    const tree = buildTree(NAMESPACES, { HW_CPU_POLICY: 'dedicated', owner_note: 'keep' });
    const added = addedProperties(tree);
    expect(added.map((item) => [item.leaf!.name, item.leaf!.value, item.custom])).toEqual([
      ['hw_cpu_policy', 'dedicated', false],
      ['owner_note', 'keep', true],
    ]);
  });

  it('starts non-leaf items not added, even when all their properties exist', () => {
    const tree = buildTree(NAMESPACES, { hw_watchdog_action: 'reset' });
    expect(itemById(tree, 'OS::Compute::Watchdog/hw_watchdog_action')!.added).toBe(true);
    expect(itemById(tree, 'OS::Compute::Watchdog')!.added).toBe(false);
  });

  it('marks the parent added once all its children are, and unmarks it when one is removed', () => {
    let tree = buildTree(NAMESPACES, {});
    tree = addItem(tree, 'OS::Compute::CPUPinning/CPU Pinning Policy/hw_cpu_policy');
    expect(itemById(tree, 'OS::Compute::CPUPinning/CPU Pinning Policy')!.added).toBe(false);
    tree = addItem(tree, 'OS::Compute::CPUPinning/CPU Pinning Policy/hw_cpu_threads');
    expect(itemById(tree, 'OS::Compute::CPUPinning/CPU Pinning Policy')!.added).toBe(true);
    expect(itemById(tree, 'OS::Compute::CPUPinning')!.added).toBe(true);
    tree = removeItem(tree, 'OS::Compute::CPUPinning/CPU Pinning Policy/hw_cpu_threads');
    expect(itemById(tree, 'OS::Compute::CPUPinning')!.added).toBe(false);
  });

  it('adds every property under a namespace at once', () => {
    const tree = addItem(buildTree(NAMESPACES, {}), 'OS::Compute::CPUPinning');
    expect(addedProperties(tree).map((item) => item.leaf!.name)).toEqual(['hw_cpu_policy', 'hw_cpu_threads']);
  });

  it('removes a custom property from the tree when it is unmarked', () => {
    let tree = addCustom(buildTree(NAMESPACES, {}), 'mine');
    expect(itemById(tree, 'custom/mine')!.added).toBe(true);
    tree = removeItem(tree, 'custom/mine');
    expect(itemById(tree, 'custom/mine')).toBeUndefined();
  });

  it('toggles an item expanded and collapsed when it is selected', () => {
    let tree = buildTree(NAMESPACES, {});
    tree = toggleExpanded(tree, 'OS::Compute::Watchdog');
    expect(itemById(tree, 'OS::Compute::Watchdog')!.expanded).toBe(true);
    tree = toggleExpanded(tree, 'OS::Compute::Watchdog');
    expect(itemById(tree, 'OS::Compute::Watchdog')!.expanded).toBe(false);
  });

  it('saves updated values and removes unmarked keys, matching them ignoring case', () => {
    const original = { HW_CPU_POLICY: 'shared', hw_watchdog_action: 'reset', os_hash_algo: 'sha512' };
    let tree = buildTree(NAMESPACES, original);
    tree = removeItem(tree, 'OS::Compute::Watchdog/hw_watchdog_action');
    tree = addItem(tree, 'OS::Compute::CPUPinning/CPU Pinning Policy/hw_cpu_threads');
    const threads = itemById(tree, 'OS::Compute::CPUPinning/CPU Pinning Policy/hw_cpu_threads')!;
    tree = tree.map((item) => (item.id === threads.id ? { ...item, leaf: setValue(threads.leaf!, '4') } : item));
    expect(metadataChanges(tree, original)).toEqual({
      // The read-only hash is neither saved nor removed.
      updated: { hw_cpu_policy: 'shared', hw_cpu_threads: '4' },
      removed: ['hw_watchdog_action'],
    });
  });

  it('leaves array properties with no values out of the saved result', () => {
    const namespaces: MetadefNamespace[] = [{ namespace: 'n', properties: { list: { type: 'array', operators: ['<or>'], items: { enum: ['a', 'b'] } } } }];
    const tree = addItem(buildTree(namespaces, {}), 'n/list');
    expect(metadataChanges(tree, {})).toEqual({ updated: {}, removed: [] });
  });
});
