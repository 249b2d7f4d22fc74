import type { AnyResourceDescriptor, ResourceRecord } from '../descriptor';
import { useToastStore } from '../toasts/context';
import { useBackend } from './context';
import { deleteTexts, formatMessage, joinNames } from './messages';
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
    if (deleted.length) {
      const names = deleted.map(name);
      const custom = descriptor.actions?.find((action) => action.kind === 'delete')?.success;
      if (custom) toasts[custom.toast ?? 'success'](formatMessage(names.length === 1 ? custom.singular : custom.plural, { names: joinNames(names) }));
      else toasts.success(deleteTexts(descriptor.labels, names).success);
    }
    if (failed.length) toasts.error(deleteTexts(descriptor.labels, failed.map(name)).error);
    await invalidate(descriptor, deleted.map((record) => idOf(descriptor, record)));
    return { deleted, failed };
  };
}
