import type { AnyResourceDescriptor, DeleteActionDescriptor, FormActionDescriptor, ResourceRecord } from '../descriptor';
import { useConditions } from './access';

export type FormAction = FormActionDescriptor<ResourceRecord>;
export type DeleteAction = DeleteActionDescriptor<ResourceRecord>;

export interface AllowedActions {
  /** Toolbar forms (create, import). */
  forms: FormAction[];
  /** Delete from a row's menu, if offered. */
  rowDelete?: DeleteAction;
  /** Delete of the checked rows from the toolbar, if offered. */
  batchDelete?: DeleteAction;
}

/**
 * The descriptor's actions whose policy, services and settings pass (spec 1
 * §6); unknown results count as not yet allowed.
 */
export function useAllowedActions(descriptor: AnyResourceDescriptor): AllowedActions {
  const actions = descriptor.actions ?? [];
  const allowed = useConditions(actions.map((action) => (action.policy || action.requires ? { policy: action.policy, ...action.requires } : undefined)));
  const permitted = actions.filter((_action, index) => allowed[index] === true);
  const deletes = permitted.filter((action): action is DeleteAction => action.kind === 'delete');
  const placed = (where: 'row' | 'batch') => deletes.find((action) => (action.placement ?? ['row', 'batch']).includes(where));
  return {
    forms: permitted.filter((action): action is FormAction => action.kind === 'form'),
    rowDelete: placed('row'),
    batchDelete: placed('batch'),
  };
}

/** Whether a row action applies to this record (the descriptor's `allowed` check). */
export function appliesTo(action: DeleteAction | undefined, record: ResourceRecord): action is DeleteAction {
  return Boolean(action) && (action!.allowed?.(record) ?? true);
}
