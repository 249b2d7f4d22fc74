import { useNavigate } from 'react-router-dom';
import { isAlreadyReported, serverMessage } from '../backend/http';
import { resourceCall, type UploadProgress } from '../backend/verbs';
import type { AnyResourceDescriptor, ResourceRecord } from '../descriptor';
import { useToastStore } from '../toasts/context';
import type { ModalAction } from './actions';
import { useBackend } from './context';
import { downloadFile } from './download';
import { formatMessage } from './messages';
import { useInvalidateResource } from './queries';
import { detailLink, idOf } from './registry';

/**
 * Runs a form or wizard action: creates the record, or updates `record` for
 * an edit (or creates the resource an edit action `creates` from it, or runs
 * the named `call` an edit action names on it), then toasts the success text, saves the file the action names
 * (the private key, spec 2 §4) and refreshes the list. The body is the
 * action's `payload` of the values, or the values. A failure toasts the
 * action's failure text and rejects, so the dialog stays open with the reason;
 * a reason the action's `errorMessages` names is shown in its words instead.
 * `onProgress` reaches a create that uploads a file (-1, then 0…100);
 * `createValues` are added to a create's body (a scoped list's parent id).
 */
export function useFormAction(descriptor: AnyResourceDescriptor) {
  const { dataProvider } = useBackend();
  const toasts = useToastStore();
  const invalidate = useInvalidateResource();
  const navigate = useNavigate();

  return async function run(action: ModalAction, formData: Record<string, unknown>, record?: ResourceRecord, onProgress?: UploadProgress, createValues?: Record<string, unknown>): Promise<void> {
    const body = action.payload ? action.payload(formData, record) : formData;
    // A list scoped to a parent record (a network's subnets) adds the parent's id to what it creates.
    const data = !record && createValues ? { ...body, ...createValues } : body;
    const texts = { ...record, ...formData };
    let answer: Record<string, unknown>;
    try {
      const creates = action.kind === 'edit' ? action.creates : undefined;
      const call = (action.kind === 'edit' || action.kind === 'wizard') && record ? action.call : undefined;
      answer = creates
        ? ((await dataProvider.create(creates, { data })).data as Record<string, unknown>)
        : call
        ? (((await resourceCall(dataProvider)(descriptor.name, { id: idOf(descriptor, record!), name: call, data })).data ?? {}) as Record<string, unknown>)
        : record
        ? ((await dataProvider.update(descriptor.name, { id: idOf(descriptor, record), data, previousData: record })).data as Record<string, unknown>)
        : ((await dataProvider.create(descriptor.name, { data, meta: onProgress ? { onProgress } : undefined })).data as Record<string, unknown>);
    } catch (error) {
      // A code the server answers (e.g. 'ADMIN_PASSWORD_INCORRECT') may choose the text the dialog shows.
      const code = serverMessage(error);
      const chosen = code !== undefined ? action.errorMessages?.[code] : undefined;
      if (chosen) throw Object.assign(new Error(chosen), { status: (error as { status?: number }).status, body: chosen });
      // `{error}` in the failure text is the server's reason in its words (Horizon's 'Failed to add interface: %s').
      if (!isAlreadyReported(error)) toasts.error(formatMessage(action.failure, { ...texts, error: code ?? '' }));
      throw error;
    }
    const shown = { ...texts, ...answer };
    const file = action.kind === 'form' ? action.download : undefined;
    if (file && typeof shown[file.field] === 'string') {
      downloadFile(formatMessage(file.fileName, shown), shown[file.field] as string, file.mimeType);
    }
    toasts[action.successToast ?? 'success'](formatMessage(action.success, shown));
    await invalidate(descriptor);
    if (action.kind === 'form' && action.openCreated && !record && answer[descriptor.idField ?? 'id'] !== undefined) navigate(detailLink(descriptor, idOf(descriptor, answer)));
    // What an edit action created elsewhere (a router's new interface) is listed afresh too.
    if (action.kind === 'edit' && action.creates) await invalidate({ ...descriptor, name: action.creates });
  };
}
