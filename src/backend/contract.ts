/**
 * The engine's contract with the data providers: everything the browser asks
 * the server, as interfaces. The app's data providers (`dataProviders/`)
 * implement them over the HTTP helper (`./http`); tests fake them.
 */
import type { DataProvider } from 'ra-core';
import type { CatalogEntry } from '../../shared/catalog';

/** The data provider of each `/api/<service>/`; a descriptor's `service` names one. */
export type ServiceName = 'nova' | 'keystone' | 'glance' | 'neutron' | 'cinder' | 'baas' | 'swift' | 'heat' | 'lbaas';

/** Everything the browser asks the server, behind interfaces tests can fake. */
export interface Backend {
  /** CRUD over resources, routed to each resource's service provider. */
  dataProvider: DataProvider;
  auth: AuthApi;
  identity: IdentityApi;
  policy: PolicyApi;
  settings: SettingsApi;
  extensions: ExtensionsApi;
  /** Glance metadata definitions for the metadata editor of any resource. */
  metadefs: MetadefsApi;
}

/** `/api/auth/options/`: what the login page offers (api-contract, "Endpoints of our own"). */
export interface AuthOptions {
  auth_types: { id: string; label: string }[];
  default_auth_type: string;
  regions: string[];
  default_region: string | null;
  multidomain: boolean;
  default_domain: string | null;
}

export interface LoginRequest {
  auth_type: string;
  username?: string;
  password?: string;
  domain?: string;
  region?: string;
}

export interface AuthApi {
  getOptions(): Promise<AuthOptions>;
  /** Rejects with the server's reason (e.g. 'Invalid credentials.'); no toast, the page shows it. */
  login(request: LoginRequest): Promise<UserSession>;
  logout(): Promise<void>;
  switchProject(projectId: string): Promise<UserSession>;
}

/** `/api/keystone/user-session/` (api-contract §3); it never holds the token. */
export interface UserSession {
  id: string;
  username: string;
  user_domain_id: string;
  user_domain_name: string;
  project_id: string | null;
  project_name: string | null;
  domain_id: string | null;
  domain_name: string | null;
  roles: { name: string }[];
  is_superuser: boolean;
  enabled: boolean;
  services_region: string | null;
  available_services_regions: string[];
}

export interface Project {
  id: string;
  name: string;
  description?: string;
  domain_id?: string;
  enabled?: boolean;
}

/** Keystone calls that are not about one resource type: the session, the catalog, my projects. */
export interface IdentityApi {
  getUserSession(options?: { silent?: boolean }): Promise<UserSession>;
  getServiceCatalog(): Promise<CatalogEntry[]>;
  /** The projects `userId` (the session's user) may switch to: the list cached at login. */
  listMyProjects(userId: string): Promise<Project[]>;
  /** Every project of the session's domain (Keystone lets admins only list them). */
  listProjects(): Promise<Project[]>;
  /** Every role (Keystone lets admins only list them). */
  listRoles(): Promise<{ id: string; name: string }[]>;
}

/** Policy rules as Horizon writes them: `[[scope, action], …]`, ANDed (api-contract §2). */
export type PolicyRules = [scope: string, action: string][];

export interface PolicyApi {
  /** POST /api/policy/; true when every rule allows. */
  check(rules: PolicyRules, target?: Record<string, unknown>): Promise<boolean>;
  /** The answer, when it is known without asking (the page's preloaded verdicts); undefined otherwise. */
  known?(rules: PolicyRules, target?: Record<string, unknown>): boolean | undefined;
}

/** The flat `/api/settings/` object (api-contract §2); the browser caches it. */
export type Settings = Record<string, unknown>;

export interface SettingsApi {
  /** GET /api/settings/. */
  get(): Promise<Settings>;
}

/** The services whose extensions gate what the browser shows (spec 1 §6). */
export type ExtensionService = 'cinder' | 'neutron';

export interface ExtensionsApi {
  /** GET /api/<service>/extensions/: the aliases and names of the enabled extensions. */
  list(service: ExtensionService): Promise<string[]>;
}

/** A metadefs namespace with the resource type's prefix already on its property names (api-contract §4). */
export interface MetadefNamespaceRecord {
  namespace: string;
  display_name?: string;
  description?: string;
  properties?: Record<string, Record<string, unknown>>;
  objects?: { name: string; description?: string; properties?: Record<string, Record<string, unknown>> }[];
}

/** Glance metadata definitions, shared by every resource's metadata editor. */
export interface MetadefsApi {
  /** The namespaces of a resource type (`OS::Glance::Image`, `OS::Nova::Flavor`…), cached per type. */
  namespaces(resourceType: string): Promise<MetadefNamespaceRecord[]>;
}

/**
 * Whether a catalog service type is usable (api-contract §3): identity if any
 * entry exists; any other type needs an endpoint in the session's region.
 */
export function isServiceEnabled(catalog: CatalogEntry[], type: string, region: string | null): boolean {
  const entries = catalog.filter((entry) => entry.type === type);
  if (type === 'identity') return entries.length > 0;
  return entries.some((entry) => entry.endpoints.some((endpoint) => endpoint.region === region || endpoint.region_id === region));
}
