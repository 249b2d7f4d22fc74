import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { supportsFeature } from '../backend/verbs';
import type { DataProvider } from 'ra-core';
import type { AnyResourceDescriptor, ResourceRecord, UniqueRule } from '../descriptor';
import type { FieldErrors } from '../forms/useSchemaForm';
import { useToastStore } from '../toasts/context';
import type { MetadataAction, ModalAction, OperationAction, RowFormAction, ToolbarAction, WizardAction } from './actions';
import { extensionsQuery } from './access';
import { useBackend } from './context';
import { DeleteDialog } from './DeleteDialog';
import { UploadProgressBar } from './UploadProgressBar';
import { deleteTexts, djangoConfirm, formatMessage } from './messages';
import { type OperationOutcome, operationTexts, useRunOperation } from './operations';
import { FormRecordContext } from '../forms/form-record';
import { idOf, nameOf } from './registry';
import { type DeleteOutcome, useDeleteRecords } from './useDeleteRecords';
import { useFormAction } from './useFormAction';

// rjsf and ajv are the heaviest code of the app; they load when a form opens.
const FormDialog = lazy(() => import('../forms/FormDialog'));
const SchemaWizard = lazy(() => import('../wizard/SchemaWizard').then((module) => ({ default: module.SchemaWizard })));
const loadFormSchema = () => import('../forms/form-schema');
const MetadataDialog = lazy(() => import('../metadata/MetadataDialog'));
type BuiltForm = Awaited<ReturnType<Awaited<ReturnType<typeof loadFormSchema>>['buildForm']>>;

type OpenDialog =
  | ({ kind: 'form'; action: ModalAction; record?: ResourceRecord; initialData?: Record<string, unknown>; onDone?: () => void } & BuiltForm)
  | { kind: 'delete'; records: ResourceRecord[]; onDone?: (outcome: DeleteOutcome) => void; warning?: string }
  | { kind: 'metadata'; action: MetadataAction; record: ResourceRecord }
  | { kind: 'operation'; action: OperationAction; records: ResourceRecord[]; onDone?: (outcome: OperationOutcome) => void };

const NO_RECORDS: ResourceRecord[] = [];

/** Spec 1 §8: a modal that cannot be loaded. */
const MODAL_LOAD_FAILED = 'An error occurred. Please try again later.';

export interface ActionDialogs {
  /** Opens a toolbar form or create wizard. */
  openForm(action: ToolbarAction): void;
  /** Opens a row's edit form or edit wizard, prefilled from the record; `onDone` runs once it has saved. */
  openEdit(action: RowFormAction, record: ResourceRecord, onDone?: () => void): void;
  confirmDelete(records: ResourceRecord[], onDone?: (outcome: DeleteOutcome) => void, warning?: string): void;
  /** Runs an operation on records, after its confirm dialog when it has one. */
  runOperation(action: OperationAction, records: ResourceRecord[], onDone?: (outcome: OperationOutcome) => void): void;
  /** Render this once; it holds whichever dialog is open. */
  dialogs: ReactNode;
}

/**
 * The dialogs of a resource's actions. `existing` are the listed records, for
 * the form's unique-value check (spec 2 §5: 'Key pair already exists.');
 * `createValues` are added to what create actions send (a scoped list's parent id),
 * and a scoped list's create forms read `parent` as their record (a router's
 * Interfaces tab offers the subnets of that router).
 */
export function useActionDialogs(
  descriptor: AnyResourceDescriptor,
  existing: ResourceRecord[] = NO_RECORDS,
  createValues?: Record<string, unknown>,
  parent?: ResourceRecord,
  scopeFilter?: Record<string, unknown>,
): ActionDialogs {
  const [open, setOpen] = useState<OpenDialog | null>(null);
  // A create that uploads a file reports its progress here (spec 2 §4: -1, then whole percents).
  const [progress, setProgress] = useState<number | null>(null);
  const withProgress = async (run: (onProgress: (percent: number) => void) => Promise<void>) => {
    try {
      await run(setProgress);
    } finally {
      setProgress(null);
    }
  };
  const runForm = useFormAction(descriptor);
  const { dataProvider, settings, policy, extensions } = useBackend();
  const queryClient = useQueryClient();
  const toasts = useToastStore();
  const deleteRecords = useDeleteRecords(descriptor);
  const operate = useRunOperation(descriptor);
  const close = () => setOpen(null);
  const liveErrors = useMemo(() => (open?.kind === 'form' ? uniqueCheck(open.action, existing) : undefined), [open, existing]);
  const taken = useMemo(() => (open?.kind === 'form' ? takenValues(uniqueRules(open.action), existing) : undefined), [open, existing]);

  let dialogs: ReactNode = null;
  if (open?.kind === 'form') {
    const { action, schema, uiSchema, validator, record, initialData, onDone } = open;
    const save = async (formData: Record<string, unknown>) => {
      await withProgress((onProgress) => runForm(action, formData, record, onProgress, createValues));
      onDone?.();
    };
    const submit = async (formData: Record<string, unknown>) => {
      await save(formData);
      close();
    };
    const hints = schema as { 'x-steps'?: WizardAction['steps']; 'x-submitLabel'?: string };
    dialogs = (
      // The record the form acts on, else the scoped list's parent: choice lists may depend on it (x-options filter).
      <FormRecordContext.Provider value={record ?? parent}>
      <Suspense fallback={null}>
        {action.kind === 'wizard' ? (
          <SchemaWizard
            title={action.title ?? action.label}
            schema={schema}
            uiSchema={uiSchema}
            validator={validator}
            steps={action.steps ?? hints['x-steps'] ?? []}
            finishLabel={action.finishLabel ?? hints['x-submitLabel']}
            initialData={initialData}
            liveErrors={liveErrors}
            taken={taken}
            validateStep={serverUniqueCheck(descriptor, action, dataProvider, scopeFilter)}
            // The wizard closes itself once submit resolves.
            submit={save}
            onClose={close}
          />
        ) : (
          <FormDialog
            title={action.title ?? action.label}
            schema={schema}
            uiSchema={uiSchema}
            validator={validator}
            size={action.size}
            submitLabel={action.submitLabel ?? hints['x-submitLabel']}
            message={'message' in action && action.message ? formatMessage(action.message, record ?? {}) : undefined}
            initialData={initialData}
            liveErrors={liveErrors}
            onSubmit={submit}
            onClose={close}
          />
        )}
        {progress !== null && <UploadProgressBar percent={progress} />}
      </Suspense>
      </FormRecordContext.Provider>
    );
  } else if (open?.kind === 'delete') {
    const { records, onDone, warning } = open;
    const names = records.map((record) => nameOf(descriptor, record));
    const named = deleteTexts(descriptor.labels, names);
    const help = descriptor.actions?.find((action) => action.kind === 'delete')?.confirm;
    const message = help ? djangoConfirm(names, help) : descriptor.labels.deleteNote ? `${named.message} ${descriptor.labels.deleteNote}` : named.message;
    const texts = { ...named, message };
    const confirm = async () => {
      const outcome = await deleteRecords(records);
      onDone?.(outcome);
    };
    dialogs = <DeleteDialog texts={texts} onConfirm={confirm} onClose={close} warning={warning} nothingToDelete={records.length === 0} />;
  } else if (open?.kind === 'operation') {
    const { action, records, onDone } = open;
    const texts = operationTexts(action, records.map((record) => nameOf(descriptor, record)));
    const confirm = async () => {
      const outcome = await operate(action, records);
      onDone?.(outcome);
    };
    dialogs = <DeleteDialog texts={{ title: texts.title, message: texts.message, submit: texts.label }} onConfirm={confirm} onClose={close} />;
  } else if (open?.kind === 'metadata') {
    dialogs = (
      <Suspense fallback={null}>
        <MetadataDialog descriptor={descriptor} action={open.action} record={open.record} onClose={close} />
      </Suspense>
    );
  }

  const build = (action: ModalAction) =>
    // Enum choices tied to a service feature (x-enumFeatures) are offered only where it is available.
    loadFormSchema().then((forms) =>
      forms.buildForm(
        descriptor,
        action,
        (feature) => supportsFeature(dataProvider, descriptor.name, feature),
        // Fields offered by policy only (x-policy), e.g. a network's 'Shared'.
        (rules) => policy.check(rules),
        // Fields offered with an extension only (x-extension), from the session's cached extension lists.
        async (service, alias) => (await queryClient.fetchQuery(extensionsQuery(extensions, service))).includes(alias),
      ),
    );

  return {
    openForm: (action) =>
      void Promise.all([build(action), action.defaults ? settings.get() : null])
        .then(([built, current]) => {
          // Settings-driven values, then those the listed records give (Update Default Quotas).
          const fromSettings = current && action.defaults ? action.defaults(current) : undefined;
          const fromList = 'fromList' in action && action.fromList ? action.fromList(existing) : undefined;
          setOpen({ kind: 'form', action, ...built, initialData: fromSettings || fromList ? { ...fromSettings, ...fromList } : undefined });
        })
        .catch(() => toasts.error(MODAL_LOAD_FAILED)),
    openEdit: (action, listed, onDone) =>
      action.kind === 'metadata'
        ? setOpen({ kind: 'metadata', action, record: listed })
        : void Promise.all([build(action), action.reload ? dataProvider.getOne(descriptor.name, { id: idOf(descriptor, listed), meta: action.reload.meta }) : null, loadFormSchema()])
        .then(([built, reloaded, forms]) => {
          const record = (reloaded?.data as ResourceRecord | undefined) ?? listed;
          const initialData = action.prefill ? action.prefill(record) : pickFields(record, Object.keys(built.schema.properties ?? {}));
          // Choices that must differ from a value the form opens with (x-otherThan) leave it out.
          setOpen({ kind: 'form', action, record, initialData, onDone, ...forms.withoutOpeningValues(built, initialData) });
        })
        .catch(() => toasts.error(MODAL_LOAD_FAILED)),
    confirmDelete: (records, onDone, warning) => setOpen({ kind: 'delete', records, onDone, warning }),
    runOperation: (action, records, onDone) =>
      action.confirm || action.confirmTitle ? setOpen({ kind: 'operation', action, records, onDone }) : void operate(action, records).then((outcome) => onDone?.(outcome)),
    dialogs,
  };
}

/** An edit form's default values: the record's fields that the form has. */
function pickFields(record: ResourceRecord, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => record[field] !== undefined && record[field] !== null).map((field) => [field, record[field]]));
}

function uniqueRules(action: ModalAction): UniqueRule[] {
  const unique = action.kind === 'edit' ? undefined : action.unique;
  return unique === undefined ? [] : [unique].flat();
}

/** The rule's error when `taken` holds the form's value; the message may name it ('The name "{name}" is already used by another flavor.'). */
function uniqueErrors(rules: UniqueRule[], formData: Record<string, unknown>, taken: (rule: UniqueRule, value: unknown) => boolean): FieldErrors {
  const errors: FieldErrors = {};
  for (const rule of rules) {
    const value = formData[rule.field];
    if (value !== undefined && value !== '' && taken(rule, value)) errors[rule.field] = [formatMessage(rule.message, formData)];
  }
  return errors;
}

/** The values the listed records have, by form field of each unique rule. */
function takenValues(rules: UniqueRule[], existing: ResourceRecord[]): Record<string, Set<unknown>> {
  return Object.fromEntries(rules.map((rule) => [rule.field, new Set(existing.map((record) => record[rule.recordField ?? rule.field]))]));
}

/** Spec 1 §5 unique validator, as the user types: the value must not be one a listed record already has. */
function uniqueCheck(action: ModalAction, existing: ResourceRecord[]) {
  const rules = uniqueRules(action);
  if (rules.length === 0) return undefined;
  const taken = takenValues(rules, existing);
  return (formData: Record<string, unknown>) => uniqueErrors(rules, formData, (rule, value) => taken[rule.field].has(value));
}

/**
 * Spec 1 §4.2: moving forward validates the step on the server. The unique
 * rules of the step's fields are checked against the server's records as
 * they are now (`getList` filtered by the value), not the list shown, within
 * the list's scope (a listener's port is unique among its load balancer's listeners).
 */
function serverUniqueCheck(descriptor: AnyResourceDescriptor, action: ModalAction, dataProvider: DataProvider, scopeFilter: Record<string, unknown> = {}) {
  const rules = uniqueRules(action);
  if (rules.length === 0) return undefined;
  return async (stepFields: string[], formData: Record<string, unknown>): Promise<FieldErrors> => {
    const stepRules = rules.filter((rule) => stepFields.includes(rule.field) && formData[rule.field] !== undefined && formData[rule.field] !== '');
    const found = await Promise.all(
      stepRules.map(async (rule) => {
        const { data } = await dataProvider.getList(descriptor.name, {
          filter: { ...scopeFilter, [rule.recordField ?? rule.field]: formData[rule.field] },
          pagination: { page: 1, perPage: 1000 },
          sort: { field: rule.recordField ?? rule.field, order: 'ASC' },
        });
        // A server's own filter may match loosely (Nova's name filter is a pattern): only an equal value counts.
        return [rule.field, data.some((record) => record[rule.recordField ?? rule.field] === formData[rule.field])] as const;
      }),
    );
    const taken = new Map(found);
    return uniqueErrors(stepRules, formData, (rule) => taken.get(rule.field) === true);
  };
}
