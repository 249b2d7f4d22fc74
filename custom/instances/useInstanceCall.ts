import { useQuery } from '@tanstack/react-query';
import { resourceCall } from '../../src/backend/verbs';
import { useBackend } from '../../src/engine/context';
import { resourceKey } from '../../src/engine/queries';

/**
 * A read of one of an instance's sub-resources through the data provider's
 * named calls (dataProviders/nova-servers.ts: `actions`, `volumes`,
 * `security-groups`, `console-info` …). Keyed under the instance resource,
 * so an operation on the instance reloads it too.
 *
 * @example
 * const actions = useInstanceCall<InstanceAction[]>(id, 'actions');
 */
export function useInstanceCall<T>(id: string, name: string, data?: Record<string, unknown>, options: { enabled?: boolean } = {}) {
  const { dataProvider } = useBackend();
  return useQuery({
    queryKey: [...resourceKey('instance'), 'call', id, name, data ?? null],
    queryFn: async () => (await resourceCall(dataProvider)('instance', { id, name, data })).data as T,
    retry: false,
    enabled: options.enabled ?? true,
  });
}

/** The same call made on demand (a user's 'Go'), outside the query cache. */
export function useInstanceCaller() {
  const { dataProvider } = useBackend();
  return <T>(id: string, name: string, data?: Record<string, unknown>) => resourceCall(dataProvider)('instance', { id, name, data }).then(({ data: answer }) => answer as T);
}
