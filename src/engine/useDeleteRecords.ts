import { serverMessage } from '../backend/http';
import type { AnyResourceDescriptor, DeleteActionDescriptor, ResourceRecord } from '../descriptor';
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
 * line naming what was deleted, one error line naming what was not (with the
 * server's reasons after it when the delete action asks for `showReason`).
 */
export function useDeleteRecords(descriptor: AnyResourceDescriptor) {
  const { dataProvider } = useBackend();
  const toasts = useToastStore();
  const invalidate = useInvalidateResource();

  return async function deleteRecords(records: ResourceRecord[]): Promise<DeleteOutcome> {
    const results = await Promise.allSettled(
      records.map((record) => {
        const id = idOf(descriptor, record);
        // The record as listed: its own `id` stays, so a provider whose route needs more than the
        // row key (a router interface: its router and its port id) reads them from it.
        return dataProvider.delete<ResourceRecord & { id: string }>(descriptor.name, { id, previousData: { id, ...record } });
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
    if (failed.length) {
      const failure = descriptor.actions?.find((action): action is DeleteActionDescriptor<ResourceRecord> => action.kind === 'delete')?.failure;
      const line = failure ? formatMessage(failure, { names: joinNames(failed.map(name)) }) : deleteTexts(descriptor.labels, failed.map(name)).error;
      toasts.error(withReasons(line, descriptor, results));
    }
    await invalidate(descriptor, deleted.map((record) => idOf(descriptor, record)));
    return { deleted, failed };
  };
}

/** The error line, followed by the distinct reasons the server gave, when the descriptor's delete shows them. */
function withReasons(line: string, descriptor: AnyResourceDescriptor, results: PromiseSettledResult<unknown>[]): string {
  // A delete action may ask for the server's reason too (a network with ports in use, the default security group).
  const action = descriptor.actions?.find((each): each is DeleteActionDescriptor<ResourceRecord> => each.kind === 'delete');
  if (!action?.showReason) return line;
  const reasons = results.flatMap((result) => (result.status === 'rejected' ? [serverMessage(result.reason)] : [])).filter((reason): reason is string => Boolean(reason));
  return [line, ...new Set(reasons)].join(' ');
}
