import { serverMessage } from '../backend/http';
import { resourceCall } from '../backend/verbs';
import type { AnyResourceDescriptor, ResourceRecord } from '../descriptor';
import { useToastStore } from '../toasts/context';
import type { OperationAction } from './actions';
import { useBackend } from './context';
import { djangoConfirm, formatMessage, joinNames } from './messages';
import { useInvalidateResource } from './queries';
import { idOf, nameOf } from './registry';

export interface OperationTexts {
  /** The action's name for this many records: the batch button, the confirm title's tail and its button. */
  label: string;
  title: string;
  message: string;
  success?: string;
  failure: string;
  notAllowed: string;
}

/**
 * The texts of an operation on `names`, as Horizon's BatchAction words them
 * (horizon/tables/actions.py, horizon.tables.js confirm): 'Confirm Shut Off
 * Instance', 'You have selected: "a". Please confirm your selection. <help>',
 * 'Shut Off Instance: a', 'Unable to shut off instance: a', 'You are not
 * allowed to shut off instance: a'.
 *
 * @example
 * operationTexts(stop, ['a', 'b']).success; // 'Shut Off Instances: a, b'
 */
export function operationTexts(action: OperationAction, names: string[], error = ''): OperationTexts {
  const several = names.length > 1;
  const label = several ? (action.labelPlural ?? action.label) : action.label;
  const past = several ? (action.pastPlural ?? action.past) : action.past;
  const list = joinNames(names);
  return {
    label,
    title: action.confirmTitle ?? `Confirm ${label}`,
    message: djangoConfirm(names, action.confirm),
    success: action.success ? formatMessage(action.success, { name: list, names: list }) : past && `${past}: ${list}`,
    failure: action.failure ? formatMessage(action.failure, { name: list, names: list, error }) : `Unable to ${label.toLowerCase()}: ${list}`,
    notAllowed: `You are not allowed to ${label.toLowerCase()}: ${list}`,
  };
}

export interface OperationOutcome {
  done: ResourceRecord[];
  failed: ResourceRecord[];
}

/**
 * Runs an operation on records, one call each through the data provider's
 * `call` verb, then says in one toast what worked and in another what did
 * not, and reloads the resource so the rows show (and poll) their new state.
 */
export function useRunOperation(descriptor: AnyResourceDescriptor) {
  const { dataProvider } = useBackend();
  const toasts = useToastStore();
  const invalidate = useInvalidateResource();
  const call = resourceCall(dataProvider);

  return async function runOperation(action: OperationAction, records: ResourceRecord[]): Promise<OperationOutcome> {
    const results = await Promise.allSettled(records.map((record) => call(descriptor.name, { id: idOf(descriptor, record), name: action.operation })));
    const done = records.filter((_record, index) => results[index].status === 'fulfilled');
    const failed = records.filter((_record, index) => results[index].status === 'rejected');
    const names = (list: ResourceRecord[]) => list.map((record) => nameOf(descriptor, record));
    // `{error}` in a failure text is the server's reason (distinct reasons, when several failed).
    const reasons = [...new Set(results.flatMap((result) => (result.status === 'rejected' ? [serverMessage(result.reason) ?? ''] : [])).filter(Boolean))];
    if (failed.length) toasts.error(operationTexts(action, names(failed), reasons.join(' ')).failure);
    const success = done.length ? operationTexts(action, names(done)).success : undefined;
    // Horizon lowers the success message to info when some records failed.
    if (success) toasts[failed.length || action.successToast === 'info' ? 'info' : 'success'](success);
    await invalidate(descriptor, []);
    return { done, failed };
  };
}
