import type { ExtensionsApi, PolicyApi, PolicyRules, Settings, SettingsApi } from '../src/backend/contract';
import type { HttpClient } from '../src/backend/http';

interface PendingCheck {
  check: { rules: PolicyRules; target?: Record<string, unknown> };
  resolve(allowed: boolean): void;
  reject(error: unknown): void;
}

/**
 * Policy checks asked in the same turn of the event loop (a page's panels,
 * columns and actions as it renders) go to the server in one call with
 * `checks`, not one call each (the instances page sent 13).
 */
export function createPolicyApi(http: HttpClient): PolicyApi {
  let pending: PendingCheck[] = [];
  const flush = async () => {
    const batch = pending;
    pending = [];
    try {
      const { allowed } = await http.post<{ allowed: boolean[] }>('/api/policy/', { checks: batch.map((item) => item.check) });
      batch.forEach((item, index) => item.resolve(allowed[index] === true));
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  };
  return {
    check(rules, target) {
      return new Promise<boolean>((resolve, reject) => {
        if (!pending.length) setTimeout(flush, 0);
        pending.push({ check: target ? { rules, target } : { rules }, resolve, reject });
      });
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
