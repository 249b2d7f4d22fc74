import type { HttpClient } from './http';

/** Policy rules as Horizon writes them: `[[scope, action], …]`, ANDed (api-contract §2). */
export type PolicyRules = [scope: string, action: string][];

export interface PolicyApi {
  /** POST /api/policy/; true when every rule allows. */
  check(rules: PolicyRules, target?: Record<string, unknown>): Promise<boolean>;
}

export function createPolicyApi(http: HttpClient): PolicyApi {
  return {
    async check(rules, target) {
      const { allowed } = await http.post<{ allowed: boolean }>('/api/policy/', target ? { rules, target } : { rules });
      return allowed;
    },
  };
}

/** The flat `/api/settings/` object (api-contract §2); the browser caches it. */
export type Settings = Record<string, unknown>;

export interface SettingsApi {
  /** GET /api/settings/. */
  get(): Promise<Settings>;
}

export function createSettingsApi(http: HttpClient): SettingsApi {
  return { get: () => http.get<Settings>('/api/settings/') };
}

/** The services whose extensions gate what the browser shows (spec 1 §6). */
export type ExtensionService = 'cinder' | 'neutron';

export interface ExtensionsApi {
  /** GET /api/<service>/extensions/: the aliases and names of the enabled extensions. */
  list(service: ExtensionService): Promise<string[]>;
}

export function createExtensionsApi(http: HttpClient): ExtensionsApi {
  return {
    async list(service) {
      const { items } = await http.get<{ items: { alias?: string; name?: string }[] }>(`/api/${service}/extensions/`);
      return items.flatMap((item) => [item.alias, item.name].filter((text): text is string => Boolean(text)));
    },
  };
}
