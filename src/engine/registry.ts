import type { AnyResourceDescriptor } from '../descriptor';

export interface Registry {
  /** Every descriptor, and one view per extra panel (the descriptor with that panel). */
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
  const views: AnyResourceDescriptor[] = [];
  for (const descriptor of descriptors) {
    if (byName.has(descriptor.name)) throw new Error(`Two resources are named ${descriptor.name}`);
    if (byType.has(descriptor.type)) throw new Error(`Two resources have the type ${descriptor.type}`);
    if (descriptor.panel && paths.has(descriptor.panel.path)) throw new Error(`Two panels use ${descriptor.panel.path}`);
    byName.set(descriptor.name, descriptor);
    byType.set(descriptor.type, descriptor);
    if (descriptor.panel) paths.add(descriptor.panel.path);
    views.push(descriptor);
    // Each extra panel lists the same resource on its own route (spec 2 §2.1: project and admin images).
    for (const panel of descriptor.extraPanels ?? []) {
      if (paths.has(panel.path)) throw new Error(`Two panels use ${panel.path}`);
      paths.add(panel.path);
      views.push({ ...descriptor, panel, paging: panel.paging ?? descriptor.paging, extraPanels: undefined });
    }
  }
  return { all: views, byName: (name) => byName.get(name), byType: (type) => byType.get(type) };
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

/** The query parameter naming the list a details page leads back to (spec 2 §2.2). */
export const NAV_PARAM = 'nav';

/** The details route from a list: with `?nav=<list path>` when the panel asks for it (admin lists). */
export function detailLink(descriptor: AnyResourceDescriptor, id: string): string {
  const panel = descriptor.panel;
  // A nested tree's root has its details under its panel (spec 3 §2.1: project/load_balancer/{id}).
  if (panel && descriptor.nested && !descriptor.nested.parents?.length) return `${panel.path}/${encodeURIComponent(id)}`;
  return panel?.navBack ? `${detailPath(descriptor, id)}?${NAV_PARAM}=${encodeURIComponent(panel.path)}` : detailPath(descriptor, id);
}

/** The list a details page leads back to: a `nav` path of one of the resource's panels, else its own panel. */
export function backToList(descriptor: AnyResourceDescriptor, nav: string | null): { path: string; label: string } | undefined {
  const panels = [descriptor.panel, ...(descriptor.extraPanels ?? [])].filter((panel) => panel !== undefined);
  const chosen = panels.find((panel) => panel.path === nav) ?? descriptor.panel;
  return chosen && { path: chosen.path, label: chosen.label };
}

/**
 * The URL parameter that opens an action once its page shows: a record's row
 * action on its details (`router/{id}/addinterface`), or a scoped list's
 * create (`network/{id}/subnet/create`).
 */
export const ACTION_PARAM = 'action';
