import type { AnyResourceDescriptor } from '../descriptor';

export interface Registry {
  all: readonly AnyResourceDescriptor[];
  byName(name: string): AnyResourceDescriptor | undefined;
  byType(type: string): AnyResourceDescriptor | undefined;
}

/**
 * Indexes descriptors by name and type code, refusing duplicates so two
 * resources can never fight over a route or a provider name.
 *
 * @example
 * const registry = createRegistry(resources);
 * registry.byType('OS::Nova::Keypair')?.labels.plural; // 'Key Pairs'
 */
export function createRegistry(descriptors: readonly AnyResourceDescriptor[]): Registry {
  const byName = new Map<string, AnyResourceDescriptor>();
  const byType = new Map<string, AnyResourceDescriptor>();
  const paths = new Set<string>();
  for (const descriptor of descriptors) {
    if (byName.has(descriptor.name)) throw new Error(`Two resources are named ${descriptor.name}`);
    if (byType.has(descriptor.type)) throw new Error(`Two resources have the type ${descriptor.type}`);
    if (descriptor.panel && paths.has(descriptor.panel.path)) throw new Error(`Two panels use ${descriptor.panel.path}`);
    byName.set(descriptor.name, descriptor);
    byType.set(descriptor.type, descriptor);
    if (descriptor.panel) paths.add(descriptor.panel.path);
  }
  return { all: descriptors, byName: (name) => byName.get(name), byType: (type) => byType.get(type) };
}

/** The field that identifies records of this resource (spec 1 §3: trackId, default id). */
export function idOf(descriptor: AnyResourceDescriptor, record: Record<string, unknown>): string {
  return String(record[descriptor.idField ?? 'id']);
}

export function nameOf(descriptor: AnyResourceDescriptor, record: Record<string, unknown>): string {
  const name = record[descriptor.nameField];
  return name === undefined || name === null || name === '' ? idOf(descriptor, record) : String(name);
}

/** Where unknown detail types and 404 loads go (spec 1 §2.1, §8). */
export const NOT_FOUND_PATH = '/not_found';

/** `/ngdetails/{type}/{id}` (spec 2 §2.2); the type's colons stay readable ('OS::Nova::Keypair'). */
export function detailPath(descriptor: AnyResourceDescriptor, id: string): string {
  return `/ngdetails/${encodeURIComponent(descriptor.type).replace(/%3A/gi, ':')}/${encodeURIComponent(id)}`;
}
