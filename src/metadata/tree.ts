/**
 * The metadata editor's tree (spec 1 §4.7): namespaces, their objects and
 * properties from Glance metadefs, plus custom properties, each marked added
 * or not. Pure functions over an immutable list of items so the React view
 * stays thin and the rules are unit-tested.
 */
import { METADATA_MESSAGES, type MetadataProperty, newProperty, type PropertyDefinition, savedValue, setValue } from './property';

/** A metadefs namespace as `/api/glance/metadefs/namespaces/?resource_type=X` lists it (prefixes applied). */
export interface MetadefNamespace {
  namespace: string;
  display_name?: string;
  description?: string;
  properties?: Record<string, PropertyDefinition>;
  objects?: { name: string; description?: string; properties?: Record<string, PropertyDefinition> }[];
}

export interface TreeItem {
  /** Unique path: 'ns', 'ns/object', 'ns/object/property', or 'custom/key'. */
  id: string;
  kind: 'namespace' | 'object' | 'property';
  label: string;
  description?: string;
  parentId?: string;
  childIds: string[];
  added: boolean;
  expanded: boolean;
  /** Properties only. */
  leaf?: MetadataProperty;
  custom: boolean;
}

export type MetadataTree = TreeItem[];

/**
 * The tree of the namespaces with the resource's existing metadata marked
 * added: each key is matched to the first not-yet-added property of that
 * name ignoring case, and keys no namespace defines become custom
 * properties. Non-leaf items start not added (spec 1 §4.7).
 *
 * @example
 * const tree = buildTree(namespaces, { hw_rng_model: 'virtio', owner_note: 'x' });
 */
export function buildTree(namespaces: MetadefNamespace[], existing: Record<string, unknown>): MetadataTree {
  const items: TreeItem[] = [];
  const addProperties = (parent: TreeItem, properties: Record<string, PropertyDefinition> | undefined) => {
    for (const [name, definition] of Object.entries(properties ?? {})) {
      const item: TreeItem = {
        id: `${parent.id}/${name}`,
        kind: 'property',
        label: definition.title || name,
        description: definition.description,
        parentId: parent.id,
        childIds: [],
        added: false,
        expanded: false,
        leaf: newProperty(name, definition),
        custom: false,
      };
      parent.childIds.push(item.id);
      items.push(item);
    }
  };
  for (const namespace of namespaces) {
    const root: TreeItem = {
      id: namespace.namespace,
      kind: 'namespace',
      label: namespace.display_name || namespace.namespace,
      description: namespace.description,
      childIds: [],
      added: false,
      expanded: false,
      custom: false,
    };
    items.push(root);
    addProperties(root, namespace.properties);
    for (const object of namespace.objects ?? []) {
      const node: TreeItem = {
        id: `${root.id}/${object.name}`,
        kind: 'object',
        label: object.name,
        description: object.description,
        parentId: root.id,
        childIds: [],
        added: false,
        expanded: false,
        custom: false,
      };
      root.childIds.push(node.id);
      items.push(node);
      addProperties(node, object.properties);
    }
  }
  // Namespaces or objects without properties offer nothing to add.
  let tree = prune(items);
  for (const [key, raw] of Object.entries(existing)) {
    const text = raw === null || raw === undefined ? null : typeof raw === 'string' ? raw : JSON.stringify(raw);
    const match = tree.find((item) => item.leaf && !item.added && item.leaf.name.toLowerCase() === key.toLowerCase());
    if (match) {
      tree = replace(tree, { ...match, added: true, leaf: setValue(match.leaf!, text) });
    } else {
      tree = [...tree, customItem(key, text)];
    }
  }
  return tree;
}

function prune(items: TreeItem[]): TreeItem[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const hasLeaf = (item: TreeItem): boolean => item.kind === 'property' || item.childIds.some((id) => hasLeaf(byId.get(id)!));
  const kept = new Set(items.filter(hasLeaf).map((item) => item.id));
  return items.filter((item) => kept.has(item.id)).map((item) => ({ ...item, childIds: item.childIds.filter((id) => kept.has(id)) }));
}

function customItem(key: string, text: string | null): TreeItem {
  return {
    id: `custom/${key}`,
    kind: 'property',
    label: key,
    childIds: [],
    added: true,
    expanded: false,
    leaf: setValue(newProperty(key, { type: 'string' }), text ?? ''),
    custom: true,
  };
}

function replace(tree: MetadataTree, next: TreeItem): MetadataTree {
  return tree.map((item) => (item.id === next.id ? next : item));
}

export function itemById(tree: MetadataTree, id: string): TreeItem | undefined {
  return tree.find((item) => item.id === id);
}

/** Every property under an item (itself, for a property). */
export function leavesOf(tree: MetadataTree, item: TreeItem): TreeItem[] {
  if (item.kind === 'property') return [item];
  return item.childIds.flatMap((id) => leavesOf(tree, itemById(tree, id)!));
}

/** A parent is added exactly when all its children are (spec 1 §4.7), up to the namespace. */
function settleParents(tree: MetadataTree, from: string | undefined): MetadataTree {
  let result = tree;
  let parentId = from;
  while (parentId) {
    const parent = itemById(result, parentId)!;
    const added = parent.childIds.every((id) => itemById(result, id)!.added);
    result = replace(result, { ...parent, added });
    parentId = parent.parentId;
  }
  return result;
}

/** Marks an item added: a property, or every property under a namespace or object. */
export function addItem(tree: MetadataTree, id: string): MetadataTree {
  const item = itemById(tree, id);
  if (!item) return tree;
  const marked = new Set([item.id, ...descendantIds(tree, item)]);
  const result = tree.map((each) => (marked.has(each.id) ? { ...each, added: true } : each));
  return settleParents(result, item.parentId);
}

/** Unmarks an item and what is under it; a custom property leaves the tree (spec 1 §4.7). */
export function removeItem(tree: MetadataTree, id: string): MetadataTree {
  const item = itemById(tree, id);
  if (!item) return tree;
  if (item.custom) return tree.filter((each) => each.id !== id);
  const unmarked = new Set([item.id, ...descendantIds(tree, item)]);
  const result = tree.map((each) => (unmarked.has(each.id) ? { ...each, added: false } : each));
  return settleParents(result, item.parentId);
}

function descendantIds(tree: MetadataTree, item: TreeItem): string[] {
  return item.childIds.flatMap((id) => [id, ...descendantIds(tree, itemById(tree, id)!)]);
}

/** Selecting an item toggles it expanded or collapsed (spec 1 §4.7). */
export function toggleExpanded(tree: MetadataTree, id: string): MetadataTree {
  const item = itemById(tree, id);
  return item ? replace(tree, { ...item, expanded: !item.expanded }) : tree;
}

/** Replaces a property's value (its parsed form, from the editor). */
export function updateProperty(tree: MetadataTree, id: string, leaf: MetadataProperty): MetadataTree {
  const item = itemById(tree, id);
  return item ? replace(tree, { ...item, leaf }) : tree;
}

/**
 * Why a custom key cannot be added: empty, or already the name of a property
 * anywhere in the tree (spec 1 §5: 'Duplicate keys are not allowed').
 */
export function customKeyError(tree: MetadataTree, key: string): string | null {
  if (!key) return METADATA_MESSAGES.required;
  if (key.length > 255) return METADATA_MESSAGES.maxLength;
  return tree.some((item) => item.leaf?.name === key) ? METADATA_MESSAGES.duplicate : null;
}

/** Adds a custom string property, added and empty. */
export function addCustom(tree: MetadataTree, key: string): MetadataTree {
  if (customKeyError(tree, key)) return tree;
  return [...tree, customItem(key, '')];
}

/** The properties shown as existing (added), in tree order. */
export function addedProperties(tree: MetadataTree): TreeItem[] {
  return tree.filter((item) => item.leaf && item.added);
}

/**
 * What to save (spec 2 §4 Metadata update): `updated` holds every added
 * property's text except read-only ones and arrays with no values;
 * `removed` the original keys no added property now has, matched ignoring
 * case.
 *
 * @example
 * metadataChanges(tree, { a: '1', B: '2' }); // { updated: { a: '1' }, removed: ['B'] } when b was unmarked
 */
export function metadataChanges(tree: MetadataTree, original: Record<string, unknown>): { updated: Record<string, string>; removed: string[] } {
  const updated: Record<string, string> = {};
  const kept = new Set<string>();
  for (const item of addedProperties(tree)) {
    const leaf = item.leaf!;
    kept.add(leaf.name.toLowerCase());
    if (leaf.readonly) continue;
    const value = savedValue(leaf);
    if (value !== null) updated[leaf.name] = value;
    else kept.delete(leaf.name.toLowerCase());
  }
  const removed = Object.keys(original).filter((key) => !kept.has(key.toLowerCase()));
  return { updated, removed };
}
