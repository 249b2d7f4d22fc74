import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { supportsFeature } from '../../dataProviders/resource-provider';
import type { AnyResourceDescriptor, ResourceRecord } from '../descriptor';
import { useToastStore } from '../toasts/context';
import type { FormAction } from './actions';
import { useBackend } from './context';
import { DeleteDialog } from './DeleteDialog';
import { deleteTexts, formatMessage } from './messages';
import { nameOf } from './registry';
import { type DeleteOutcome, useDeleteRecords } from './useDeleteRecords';
import { useFormAction } from './useFormAction';

// rjsf and ajv are the heaviest code of the app; they load when a form opens.
const FormDialog = lazy(() => import('../forms/FormDialog'));
const loadFormSchema = () => import('../forms/form-schema');
type BuiltForm = Awaited<ReturnType<Awaited<ReturnType<typeof loadFormSchema>>['buildForm']>>;

type OpenDialog =
  | ({ kind: 'form'; action: FormAction } & BuiltForm)
  | { kind: 'delete'; records: ResourceRecord[]; onDone?: (outcome: DeleteOutcome) => void };

const NO_RECORDS: ResourceRecord[] = [];

/** Spec 1 §8: a modal that cannot be loaded. */
const MODAL_LOAD_FAILED = 'An error occurred. Please try again later.';

export interface ActionDialogs {
  openForm(action: FormAction): void;
  confirmDelete(records: ResourceRecord[], onDone?: (outcome: DeleteOutcome) => void): void;
  /** Render this once; it holds whichever dialog is open. */
  dialogs: ReactNode;
}

/**
 * The dialogs of a resource's actions. `existing` are the listed records, for
 * the form's unique-value check (spec 2 §5: 'Key pair already exists.').
 */
export function useActionDialogs(descriptor: AnyResourceDescriptor, existing: ResourceRecord[] = NO_RECORDS): ActionDialogs {
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const runForm = useFormAction(descriptor);
  const toasts = useToastStore();
  const backend = useBackend();
  const deleteRecords = useDeleteRecords(descriptor);
  const close = () => setOpen(null);
  const liveErrors = useMemo(() => (open?.kind === 'form' ? uniqueCheck(open.action, existing) : undefined), [open, existing]);

  let dialogs: ReactNode = null;
  if (open?.kind === 'form') {
    const { action, schema, uiSchema, validator } = open;
    dialogs = (
      <Suspense fallback={null}>
        <FormDialog
          title={action.label}
          schema={schema}
          uiSchema={uiSchema}
          validator={validator}
          size={action.size}
          submitLabel={action.submitLabel}
          liveErrors={liveErrors}
          onSubmit={async (formData) => {
            await runForm(action, formData);
            close();
          }}
          onClose={close}
        />
      </Suspense>
    );
  } else if (open?.kind === 'delete') {
    const { records, onDone } = open;
    const texts = deleteTexts(descriptor.labels, records.map((record) => nameOf(descriptor, record)));
    const confirm = async () => {
      const outcome = await deleteRecords(records);
      onDone?.(outcome);
    };
    dialogs = <DeleteDialog texts={texts} onConfirm={confirm} onClose={close} />;
  }

  return {
    openForm: (action) =>
      void loadFormSchema()
        // Enum choices tied to a service feature (x-enumFeatures) are offered only where it is available.
        .then((forms) => forms.buildForm(descriptor, action, (feature) => supportsFeature(backend.dataProvider, descriptor.name, feature)))
        .then((built) => setOpen({ kind: 'form', action, ...built }))
        .catch(() => toasts.error(MODAL_LOAD_FAILED)),
    confirmDelete: (records, onDone) => setOpen({ kind: 'delete', records, onDone }),
    dialogs,
  };
}

/** Spec 1 §5 unique validator: the value must not be one a listed record already has. */
function uniqueCheck(action: FormAction, existing: ResourceRecord[]) {
  const unique = action.unique;
  if (!unique) return undefined;
  const taken = new Set(existing.map((record) => record[unique.field]));
  return (formData: Record<string, unknown>) => {
    const value = formData[unique.field];
    // The message may name the value: 'The name "{name}" is already used by another flavor.'
    return value !== undefined && taken.has(value) ? { [unique.field]: [formatMessage(unique.message, formData)] } : {};
  };
}
