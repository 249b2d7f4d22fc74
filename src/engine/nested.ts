import type { AnyResourceDescriptor } from '../descriptor';
import type { Registry } from './registry';

/**
 * Nested details routes (the descriptor's `nested`, spec 3 §2.1): each route
 * is a chain of resources from the tree's root to the one shown, and a path
 * pattern with one id parameter per level (`:n0`, `:n1`, …).
 */
export interface NestedRoute {
  path: string;
  chain: AnyResourceDescriptor[];
}

/** The route parameter holding the id of level `index` of a nested route. */
export const nestedParam = (index: number) => `n${index}`;

/** Whether the descriptor is the root of a nested tree: its details are `{panel.path}/{id}`. */
export function isNestedRoot(descriptor: AnyResourceDescriptor): boolean {
  return Boolean(descriptor.nested && !descriptor.nested.parents?.length && descriptor.panel);
}

/**
 * Every nested details route of the registry: the roots' `{panel.path}/:n0`,
 * then each resource under each of its parents' routes. A parent that is not
 * registered, or a cycle, is a descriptor error.
 *
 * @example
 * nestedRoutes(registry).map((route) => route.path);
 * // ['/project/load_balancer/:n0', '/project/load_balancer/:n0/listeners/:n1', '/project/load_balancer/:n0/pools/:n1', …]
 */
export function nestedRoutes(registry: Registry): NestedRoute[] {
  const memo = new Map<string, NestedRoute[]>();
  function routesOf(descriptor: AnyResourceDescriptor, seen: Set<string>): NestedRoute[] {
    const known = memo.get(descriptor.name);
    if (known) return known;
    if (seen.has(descriptor.name)) throw new Error(`The nested resources loop at ${descriptor.name}`);
    const nested = descriptor.nested!;
    let routes: NestedRoute[];
    if (isNestedRoot(descriptor)) routes = [{ path: `${descriptor.panel!.path}/:${nestedParam(0)}`, chain: [descriptor] }];
    else {
      if (!nested.segment) throw new Error(`${descriptor.name}: a nested resource under a parent needs its segment`);
      routes = (nested.parents ?? []).flatMap((name) => {
        const parent = registry.byName(name);
        if (!parent?.nested) throw new Error(`${descriptor.name}: its parent ${name} is not a nested resource`);
        return routesOf(parent, new Set(seen).add(descriptor.name)).map((route) => ({
          path: `${route.path}/${nested.segment}/:${nestedParam(route.chain.length)}`,
          chain: [...route.chain, descriptor],
        }));
      });
    }
    memo.set(descriptor.name, routes);
    return routes;
  }
  const descriptors = registry.all.filter((descriptor) => descriptor.nested && registry.byName(descriptor.name) === descriptor && descriptor.detail);
  return descriptors.flatMap((descriptor) => routesOf(descriptor, new Set()));
}

/**
 * Where a name in a list links: one level down `basePath` (the nested
 * details page the list is in) for a nested resource, through its `via`
 * level when the record names one, else undefined (the resource's usual
 * details route).
 */
export function nestedLink(descriptor: AnyResourceDescriptor, id: string, basePath: string | undefined, record: Record<string, unknown> = {}): string | undefined {
  const segment = descriptor.nested?.segment;
  if (!segment || !basePath) return undefined;
  let base = basePath.replace(/\/+$/, '');
  // Through the level the record names (a pool's listener), unless the page is that level or below it.
  const via = descriptor.nested?.via;
  const through = via && record[via.field];
  if (via && typeof through === 'string' && through && !base.split('/').includes(via.segment)) base = `${base}/${via.segment}/${encodeURIComponent(through)}`;
  return `${base}/${segment}/${encodeURIComponent(id)}`;
}
