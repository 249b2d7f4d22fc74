import { resourceCall } from '../../src/backend/verbs';
import { useBackend } from '../../src/engine/context';

/** The stack data provider's named calls (dataProviders/heat.ts: validate, preview, change, template …), made on demand. */
export function useStackCaller() {
  const { dataProvider } = useBackend();
  return <T>(id: string, name: string, data?: Record<string, unknown>) => resourceCall(dataProvider)('stack', { id, name, data }).then(({ data: answer }) => answer as T);
}
