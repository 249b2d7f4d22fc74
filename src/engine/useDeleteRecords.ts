import { serverMessage } from '../../dataProviders/http';
import type { AnyResourceDescriptor, DeleteActionDescriptor, ResourceRecord } from '../descriptor';
import { useToastStore } from '../toasts/context';
import { useBackend } from './context';
import { deleteTexts } from './messages';
import { useInvalidateResource } from './queries';
import { idOf, nameOf } from './registry';

export interface DeleteOutcome {
  deleted: ResourceRecord[];
  failed: ResourceRecord[];
}

/**
 * Deletes records one call each, then reports as spec 2 §8 does: one success
 * line naming what was deleted, one error line naming what was not.
 */
export function useDeleteRecords(descriptor: AnyResourceDescriptor) {
  const { dataProvider } = useBackend();
  const toasts = useToastStore();
  const invalidate = useInvalidateResource();

  return async function deleteRecords(records: ResourceRecord[]): Promise<DeleteOutcome> {
    const results = await Promise.allSettled(
      records.map((record) => {
        const id = idOf(descriptor, record);
        return dataProvider.delete<ResourceRecord & { id: string }>(descriptor.name, { id, previousData: { ...record, id } });
      }),
    );
    const deleted = records.filter((_record, index) => results[index].status === 'fulfilled');
    const failed = records.filter((_record, index) => results[index].status === 'rejected');
    const name = (record: ResourceRecord) => nameOf(descriptor, record);
    if (deleted.length) toasts.success(deleteTexts(descriptor.labels, deleted.map(name)).success);
    if (failed.length) {
      const text = deleteTexts(descriptor.labels, failed.map(name)).error;
      // A delete action may ask for the server's reason too (a network with ports in use).
      const action = descriptor.actions?.find((each): each is DeleteActionDescriptor<ResourceRecord> => each.kind === 'delete');
      const reasons = action?.showReason ? [...new Set(results.flatMap((result) => (result.status === 'rejected' ? [serverMessage(result.reason)] : [])).filter(Boolean))] : [];
      toasts.error([text, ...reasons].join(' '));
    }
    await invalidate(descriptor, deleted.map((record) => idOf(descriptor, record)));
    return { deleted, failed };
  };
}
