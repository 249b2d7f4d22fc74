import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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
 * `quota-usage` resource (its `getOne(projectId, { meta: { quotas } })`
 * answers lists of `{ name, limit, in_use }`, asking only the services that
 * own `quotas`), for the toolbar actions that name a `quota`. One read per
 * set of names, shared by every page that asks for it. Nothing is asked
 * while `quotas` is empty, nor before a frame is painted after `enabled`
 * (a list page's rows: issue 17 wants the first row after the list call
 * alone); an answer that fails leaves every button as it is.
 */
export function useExhaustedQuotas(quotas: readonly string[], enabled = true): ReadonlySet<string> {
  const painted = usePaintedAfter(enabled);
  const { dataProvider } = useBackend();
  const projectId = useUserSession().data?.project_id ?? undefined;
  const names = [...new Set(quotas)].sort();
  const answer = useQuery({
    queryKey: ['quota-usage', projectId, names],
    queryFn: async () => (await dataProvider.getOne('quota-usage', { id: projectId!, meta: { quotas: names } })).data as Record<string, unknown>,
    enabled: painted && names.length > 0 && Boolean(projectId),
    retry: false,
  });
  const exhausted = new Set<string>();
  for (const value of Object.values(answer.data ?? {})) {
    if (!Array.isArray(value)) continue;
    for (const item of value as QuotaUse[]) if (item.limit >= 0 && (item.in_use ?? 0) >= item.limit) exhausted.add(item.name);
  }
  return exhausted;
}

/** True from the first frame painted after `ready` became true (at once where frames are not drawn). */
function usePaintedAfter(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    if (typeof requestAnimationFrame !== 'function') {
      setPainted(true);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callbacks run before it is painted; a task queued from one runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
