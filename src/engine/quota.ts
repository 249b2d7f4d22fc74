import { useQuery } from '@tanstack/react-query';
import { useUserSession } from './access';
import { useBackend } from './context';

/** Horizon's text on a create button whose quota is used up. */
export const QUOTA_EXCEEDED = '(Quota exceeded)';

interface QuotaUse {
  name: string;
  limit: number;
  in_use?: number;
}

/**
 * The names of the current project's quotas that are used up, from the app's
 * `quota-usage` resource (its `getOne(projectId)` answers lists of
 * `{ name, limit, in_use }`), for the toolbar actions that name a `quota`.
 * Nothing is asked when `wanted` is empty; an answer that fails leaves every
 * button as it is.
 */
export function useExhaustedQuotas(wanted: boolean): ReadonlySet<string> {
  const { dataProvider } = useBackend();
  const projectId = useUserSession().data?.project_id ?? undefined;
  const quotas = useQuery({
    queryKey: ['quota-usage', projectId],
    queryFn: async () => (await dataProvider.getOne('quota-usage', { id: projectId! })).data as Record<string, unknown>,
    enabled: wanted && Boolean(projectId),
    retry: false,
  });
  const exhausted = new Set<string>();
  for (const value of Object.values(quotas.data ?? {})) {
    if (!Array.isArray(value)) continue;
    for (const item of value as QuotaUse[]) if (item.limit >= 0 && (item.in_use ?? 0) >= item.limit) exhausted.add(item.name);
  }
  return exhausted;
}
