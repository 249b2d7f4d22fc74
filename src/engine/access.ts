import { useQueries, useQuery } from '@tanstack/react-query';
import type { CatalogEntry } from '../../shared/catalog';
import { type ExtensionService, type ExtensionsApi, type IdentityApi, isServiceEnabled, type SettingsApi, type UserSession } from '../backend/contract';
import type { Conditions, PanelDescriptor, PolicyRules } from '../descriptor';
import { useToastStore } from '../toasts/context';
import { useBackend } from './context';

export const SESSION_KEY = ['session'] as const;

/** The signed-in user (`/api/keystone/user-session/`); a 401 here just means "not signed in". */
export function useUserSession() {
  return useQuery(sessionQuery(useBackend().identity));
}

export function useServiceCatalog() {
  return useQuery(catalogQuery(useBackend().identity));
}

// The queries of what access depends on, shared by the hooks and the prefetch at navigation (same keys, one call).
export function sessionQuery(identity: IdentityApi) {
  return { queryKey: SESSION_KEY, queryFn: () => identity.getUserSession({ silent: true }), retry: false, staleTime: Infinity };
}

export function catalogQuery(identity: IdentityApi) {
  return { queryKey: ['svc-catalog'], queryFn: () => identity.getServiceCatalog(), staleTime: Infinity };
}

export function settingsQuery(settings: SettingsApi) {
  return { queryKey: ['settings'], queryFn: () => settings.get(), staleTime: Infinity };
}

export function extensionsQuery(extensions: ExtensionsApi, service: ExtensionService) {
  return { queryKey: ['extensions', service], queryFn: () => extensions.list(service), staleTime: Infinity };
}

/** Spec 2 §6 / api-contract §2: a failed policy call warns once and denies. */
export const POLICY_FAILED_MESSAGE = 'Policy check failed.';

/**
 * Results of several policy rule sets, memoised per rule set (api-contract
 * §2). An empty or absent rule set is allowed without asking the server.
 * Each entry is true, false, or undefined while unknown.
 */
export function usePolicies(ruleSets: (PolicyRules | undefined)[]): (boolean | undefined)[] {
  const { policy } = useBackend();
  const toasts = useToastStore();
  const keyOf = (rules: PolicyRules) => JSON.stringify(rules);
  const distinct = [...new Map(ruleSets.filter((rules) => rules?.length).map((rules) => [keyOf(rules!), rules!])).values()];
  const results = useQueries({
    queries: distinct.map((rules) => ({
      queryKey: ['policy', keyOf(rules)],
      // Decided by the page's preloaded verdicts: known at the first render, no call and no pending state.
      initialData: policy.known?.(rules),
      queryFn: async () => {
        try {
          return await policy.check(rules);
        } catch {
          toasts.warning(POLICY_FAILED_MESSAGE);
          return false;
        }
      },
      staleTime: Infinity,
    })),
  });
  const byKey = new Map(distinct.map((rules, index) => [keyOf(rules), results[index].data]));
  return ruleSets.map((rules) => (rules?.length ? byKey.get(keyOf(rules)) : true));
}

export type Access = 'allowed' | 'denied' | 'pending';

/** Whether panels may be shown: their service is in the catalog, their extensions are enabled and their policy passes. */
export function usePanelAccess(panels: { panel: PanelDescriptor; serviceType: string }[]): Access[] {
  const session = useUserSession();
  const catalog = useServiceCatalog();
  const policies = usePolicies(panels.map(({ panel }) => panel.policy));
  const enabled = (serviceType: string) => Boolean(session.data && catalog.data && isServiceEnabled(catalog.data, serviceType, session.data.services_region));
  // Only panels whose service is there ask for its extensions (a cloud without Neutron has no list to give).
  const extensions = useExtensionLists(panels.filter(({ serviceType }) => enabled(serviceType)).flatMap(({ panel }) => panel.extensions ?? []).map(({ service }) => service));
  const failed = session.isError || catalog.isError;
  return panels.map((panel, index) => panelAccess(panel, { session: session.data, catalog: catalog.data, failed, extensions, allowed: policies[index] }));
}

/** What a panel's access is decided from; undefined while not known. */
export interface PanelFacts {
  session: UserSession | undefined;
  catalog: CatalogEntry[] | undefined;
  /** The session or the catalog could not be read. */
  failed: boolean;
  /** The enabled extensions of each service the panel needs, undefined while loading. */
  extensions: Map<ExtensionService, Set<string> | undefined>;
  /** The panel's policy. */
  allowed: boolean | undefined;
}

/** A panel's access from what is known: its service in the session's region, its extensions, then its policy. */
export function panelAccess({ panel, serviceType }: { panel: PanelDescriptor; serviceType: string }, facts: PanelFacts): Access {
  const { session, catalog } = facts;
  if (!session || !catalog) return facts.failed ? 'denied' : 'pending';
  if (!isServiceEnabled(catalog, serviceType, session.services_region)) return 'denied';
  for (const { service, alias } of panel.extensions ?? []) {
    const list = facts.extensions.get(service);
    if (list === undefined) return 'pending';
    if (!list.has(alias)) return 'denied';
  }
  return facts.allowed === undefined ? 'pending' : facts.allowed ? 'allowed' : 'denied';
}

/** `/api/settings/`, fetched once per session and shared (spec 2 §7.7: cached). */
export function useSettings() {
  return useQuery(settingsQuery(useBackend().settings));
}

/**
 * The enabled extensions of each service asked for, fetched once per session:
 * undefined while loading, none when the list failed.
 */
function useExtensionLists(services: ExtensionService[]): Map<ExtensionService, Set<string> | undefined> {
  const { extensions } = useBackend();
  const distinct = [...new Set(services)];
  const results = useQueries({ queries: distinct.map((service) => extensionsQuery(extensions, service)) });
  return new Map(distinct.map((service, index) => [service, results[index].isError ? new Set<string>() : results[index].data && new Set(results[index].data)]));
}

/** As `useExtensionLists`, a service whose list is loading having none. */
function useExtensions(services: ExtensionService[]): Map<ExtensionService, Set<string>> {
  const lists = useExtensionLists(services);
  return new Map([...lists].map(([service, list]) => [service, list ?? new Set<string>()]));
}

/**
 * Whether each set of permission conditions passes (spec 1 §6): policy rules,
 * catalog services in the session's region, truthy settings and enabled
 * Cinder/Neutron extensions. Absent conditions pass at once; the others are
 * false until everything is known, so nothing guarded flashes into view.
 *
 * @example
 * const [showOwner] = useConditions([{ policy: [['identity', 'get_project']] }]);
 */
export function useConditions(conditions: (Conditions | undefined)[]): boolean[] {
  const needsCatalog = conditions.some((each) => each?.services?.length);
  const needsSettings = conditions.some((each) => each?.settings?.length);
  const session = useUserSession();
  const catalog = useQuery({ ...catalogQuery(useBackend().identity), enabled: needsCatalog });
  const settings = useSettings();
  const extensions = useExtensions(conditions.flatMap((each) => each?.extensions ?? []).map(({ service }) => service));
  const policies = usePolicies(conditions.map((each) => each?.policy));
  return conditions.map((each, index) => {
    if (!each) return true;
    if (policies[index] !== true) return false;
    if (each.services?.length) {
      if (!catalog.data || !session.data) return false;
      if (!each.services.every((type) => isServiceEnabled(catalog.data, type, session.data.services_region))) return false;
    }
    if (each.settings?.length && needsSettings) {
      if (!settings.data) return false;
      if (!each.settings.every((key) => (key.startsWith('!') ? !settingAt(settings.data, key.slice(1)) : Boolean(settingAt(settings.data, key))))) return false;
    }
    if (each.extensions?.length && !each.extensions.every(({ service, alias }) => extensions.get(service)?.has(alias))) return false;
    return true;
  });
}

/**
 * A setting by key, or inside one by a dotted path, as conditions name them.
 *
 * @example
 * settingAt({ OPENSTACK_KEYSTONE_BACKEND: { can_edit_user: true } }, 'OPENSTACK_KEYSTONE_BACKEND.can_edit_user'); // true
 */
export function settingAt(settings: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((value, part) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined), settings);
}
