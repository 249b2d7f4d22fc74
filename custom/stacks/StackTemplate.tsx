import { useQuery } from '@tanstack/react-query';
import { stringify } from 'yaml';
import { resourceCall } from '../../src/backend/verbs';
import { useBackend } from '../../src/engine/context';
import { resourceKey } from '../../src/engine/queries';
import type { DetailTabComponentProps } from '../../src/plugins';

/** The Template tab: the stack's template as Heat keeps it, shown as YAML. */
export function StackTemplate({ record }: DetailTabComponentProps) {
  const { dataProvider } = useBackend();
  const id = String(record.id);
  const query = useQuery({
    queryKey: [...resourceKey('stack'), 'call', id, 'template'],
    queryFn: async () => (await resourceCall(dataProvider)('stack', { id, name: 'template' })).data,
  });
  if (query.isError) return <p>Unable to retrieve stack template.</p>;
  if (!query.data) return null;
  return (
    <pre data-testid="stack-template" style={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}>
      {stringify(query.data)}
    </pre>
  );
}
