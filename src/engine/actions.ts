import type {
  AnyResourceDescriptor,
  ConfirmActionDescriptor,
  DeleteActionDescriptor,
  EditActionDescriptor,
  FormActionDescriptor,
  LinkActionDescriptor,
  MetadataActionDescriptor,
  ResourceRecord,
  WizardActionDescriptor,
} from '../descriptor';
import { useConditions } from './access';

export type FormAction = FormActionDescriptor<ResourceRecord>;
export type EditAction = EditActionDescriptor<ResourceRecord>;
export type WizardAction = WizardActionDescriptor<ResourceRecord>;
export type DeleteAction = DeleteActionDescriptor<ResourceRecord>;
export type MetadataAction = MetadataActionDescriptor<ResourceRecord>;
export type LinkAction = LinkActionDescriptor<ResourceRecord>;
export type ConfirmAction = ConfirmActionDescriptor<ResourceRecord>;
/** An action on the toolbar that opens a modal: a form or a create wizard. */
export type ToolbarAction = FormAction | WizardAction;
/** An action on a row that opens a modal on the record: an edit form, an edit wizard, the metadata editor or a confirmation. */
export type RowFormAction = EditAction | WizardAction | MetadataAction | ConfirmAction;
/** Any action that opens a form or a wizard: what `useFormAction` runs. */
export type ModalAction = FormAction | EditAction | WizardAction;

export interface AllowedActions {
  /** Toolbar forms and wizards (create, import). */
  forms: ToolbarAction[];
  /** Row forms and wizards (edit, update access), before each row's `allowed` check. */
  rowForms: RowFormAction[];
  /** Row links (e.g. 'Launch'), disabled while they have no target. */
  rowLinks: LinkAction[];
  /** Delete from a row's menu, if offered. */
  rowDelete?: DeleteAction;
  /** Delete of the checked rows from the toolbar, if offered. */
  batchDelete?: DeleteAction;
}

/** Whether an action works on one record (and so sits on the row menu). */
export function isRowForm(action: ModalAction | MetadataAction | ConfirmAction): action is RowFormAction {
  return action.kind === 'edit' || action.kind === 'metadata' || action.kind === 'confirm' || (action.kind === 'wizard' && action.mode === 'edit');
}

/**
 * The descriptor's actions whose policy, services and settings pass (spec 1
 * §6); unknown results count as not yet allowed.
 */
export function useAllowedActions(descriptor: AnyResourceDescriptor): AllowedActions {
  // An action may be kept off other dashboards' lists (spec 2 §6: no trunk create or edit on admin URLs).
  const dashboard = descriptor.panel?.dashboard;
  const actions = (descriptor.actions ?? []).filter((action) => !action.dashboards || !dashboard || action.dashboards.includes(dashboard));
  const allowed = useConditions(actions.map((action) => (action.policy || action.requires ? { policy: action.policy, ...action.requires } : undefined)));
  const permitted = actions.filter((_action, index) => allowed[index] === true);
  const deletes = permitted.filter((action): action is DeleteAction => action.kind === 'delete');
  const modals = permitted.filter((action): action is ModalAction | MetadataAction | ConfirmAction => action.kind !== 'delete' && action.kind !== 'link');
  const placed = (where: 'row' | 'batch') => deletes.find((action) => (action.placement ?? ['row', 'batch']).includes(where));
  return {
    forms: modals.filter((action): action is ToolbarAction => !isRowForm(action)),
    rowForms: modals.filter(isRowForm),
    rowLinks: permitted.filter((action): action is LinkAction => action.kind === 'link'),
    rowDelete: placed('row'),
    batchDelete: placed('batch'),
  };
}

/** Whether a row action applies to this record (the descriptor's `allowed` check). */
export function appliesTo<A extends DeleteAction | RowFormAction | LinkAction>(action: A | undefined, record: ResourceRecord): action is A {
  return Boolean(action) && (action!.allowed?.(record) ?? true);
}

/** The row forms that apply to this record, in descriptor order. */
export function rowFormsFor(actions: AllowedActions, record: ResourceRecord): RowFormAction[] {
  return actions.rowForms.filter((action) => appliesTo(action, record));
}
