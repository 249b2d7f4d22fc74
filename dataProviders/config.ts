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
