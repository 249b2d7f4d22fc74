import { isAlreadyReported } from '../../dataProviders/http';
import type { AnyResourceDescriptor } from '../descriptor';
import { useToastStore } from '../toasts/context';
import type { FormAction } from './actions';
import { useBackend } from './context';
import { downloadFile } from './download';
import { formatMessage } from './messages';
import { useInvalidateResource } from './queries';

/**
 * Runs a form action: creates the record, then toasts the success text,
 * saves the file the action names (the private key, spec 2 §4) and refreshes
 * the list. A failure toasts the action's failure text and rejects, so the
 * dialog stays open with the reason.
 */
export function useFormAction(descriptor: AnyResourceDescriptor) {
  const { dataProvider } = useBackend();
  const toasts = useToastStore();
  const invalidate = useInvalidateResource();

  return async function run(action: FormAction, formData: Record<string, unknown>): Promise<void> {
    let created: Record<string, unknown>;
    try {
      created = (await dataProvider.create(descriptor.name, { data: formData })).data as Record<string, unknown>;
    } catch (error) {
      if (!isAlreadyReported(error)) toasts.error(formatMessage(action.failure, formData));
      throw error;
    }
    const values = { ...formData, ...created };
    const file = action.download;
    if (file && typeof values[file.field] === 'string') {
      downloadFile(formatMessage(file.fileName, values), values[file.field] as string, file.mimeType);
    }
    toasts.success(formatMessage(action.success, values));
    await invalidate(descriptor);
  };
}
