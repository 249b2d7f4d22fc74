import type { ExtensionsApi, PolicyApi, Settings, SettingsApi } from '../src/backend/contract';
import type { HttpClient } from '../src/backend/http';

export function createPolicyApi(http: HttpClient): PolicyApi {
  return {
    async check(rules, target) {
      const { allowed } = await http.post<{ allowed: boolean }>('/api/policy/', target ? { rules, target } : { rules });
      return allowed;
    },
  };
}

export function createSettingsApi(http: HttpClient): SettingsApi {
  return { get: () => http.get<Settings>('/api/settings/') };
}

export function createExtensionsApi(http: HttpClient): ExtensionsApi {
  return {
    async list(service) {
      const { items } = await http.get<{ items: { alias?: string; name?: string }[] }>(`/api/${service}/extensions/`);
      return items.flatMap((item) => [item.alias, item.name].filter((text): text is string => Boolean(text)));
    },
  };
}
