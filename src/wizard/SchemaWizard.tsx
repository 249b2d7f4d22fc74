import Stack from '@mui/material/Stack';
import Form from '@rjsf/mui';
import { Suspense, useCallback, useState } from 'react';
import type { ObjectFieldTemplateProps, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { WizardStepDescriptor } from '../descriptor';
import { fields, templates, widgets } from '../forms/registry';
import { type FieldErrors, type FormData, toErrorSchema, useSchemaForm } from '../forms/useSchemaForm';
import type { TakenValues } from '../forms/hints';
import { usePlugins } from '../plugins';
import { derefLocal } from '../schema/refs';
import type { SchemaNode } from '../schema/types';
import { ENGINE_STEP_COMPONENTS } from './step-components';
import type { WizardErrors, WizardStep } from './types';
import { Wizard } from './Wizard';

/** A step of a schema-driven wizard, as a descriptor or a schema's `x-steps` declares it. */
export type SchemaStepSpec = WizardStepDescriptor;

export interface SchemaWizardProps {
  title: string;
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  validator: ValidatorType;
  steps: SchemaStepSpec[];
  finishLabel?: string;
  initialData?: FormData;
  liveErrors?(formData: FormData): Record<string, string[]>;
  /** Values other records have, by field (useSchemaForm's `taken`). */
  taken?: TakenValues;
  submit?(data: FormData): Promise<void>;
  /** Server-side checks of a step's fields before moving forward (spec 1 §4.2): field → messages. */
  validateStep?(stepFields: string[], data: FormData): Promise<FieldErrors>;
  onClose(): void;
}

/** Renders only the current step's fields of the one form (`formContext.stepFields`). */
function StepFields({ properties, registry }: ObjectFieldTemplateProps) {
  const shown = (registry.formContext as { stepFields?: string[] } | undefined)?.stepFields;
  // The spacing rjsf's own object template gives its fields, which this template replaces.
  return <Stack spacing={2} sx={{ pt: 1 }}>{properties.filter((property) => !shown || shown.includes(property.name)).map((property) => property.content)}</Stack>;
}

/**
 * A wizard over one schema form (a `…Form` entry and its precompiled
 * validator): each step shows a slice of the fields, or a custom step
 * component for one field; moving forward checks the step's fields with the
 * schema's messages.
 */
export function SchemaWizard({ title, schema, uiSchema, validator, steps, finishLabel, initialData, liveErrors, taken, submit, validateStep, onClose }: SchemaWizardProps) {
  const form = useSchemaForm({ schema, uiSchema, validator, initialData, liveErrors, taken });
  const plugins = usePlugins();
  const root = schema as SchemaNode;
  const resolve = (node: SchemaNode | undefined) => derefLocal(node ?? {}, root);
  // Errors custom steps report of their own checks (CustomStepProps.report), by field.
  const [reported, setReported] = useState<FieldErrors>({});
  const report = useCallback(
    (field: string, messages: string[]) =>
      setReported((previous) => {
        if ((previous[field] ?? []).join('\n') === messages.join('\n')) return previous;
        const next = { ...previous };
        if (messages.length) next[field] = messages;
        else delete next[field];
        return next;
      }),
    [],
  );

  function body(spec: SchemaStepSpec, stepFields: string[], errors: FieldErrors, disabled: boolean) {
    const shown = { ...pick(flatten(form.shownErrors), stepFields), ...errors, ...pick(reported, stepFields) };
    if (spec.component) {
      const Component = plugins.stepComponents[spec.component] ?? ENGINE_STEP_COMPONENTS[spec.component];
      const field = spec.field ?? '';
      if (!Component) throw new Error(`No wizard step component named '${spec.component}' (src/wizard/step-components.tsx or the app's stepComponents)`);
      // The app's step components load with their wizard (lazy): the step waits here, not the whole dialog.
      return (
        <Suspense fallback={null}>
          <Component
            value={form.formData[field]}
            formData={form.formData}
            onChange={(value) => form.onChange({ ...form.formData, [field]: value })}
            options={spec.options ?? {}}
            errors={shown[field] ?? []}
            disabled={disabled}
            schema={resolve(root.properties?.[field])}
            resolve={resolve}
            report={(messages) => report(field, messages)}
          />
        </Suspense>
      );
    }
    return (
      <Form
        schema={schema}
        uiSchema={{ ...form.uiSchema, 'ui:ObjectFieldTemplate': StepFields, 'ui:submitButtonOptions': { norender: true } }}
        formContext={{ stepFields }}
        formData={form.formData}
        validator={validator}
        widgets={widgets}
        templates={templates}
        fields={fields}
        customValidate={form.customValidate}
        transformErrors={form.transformErrors}
        extraErrors={toErrorSchema(withoutWhole(shown))}
        noHtml5Validate
        showErrorList={false}
        disabled={disabled}
        onChange={(event) => form.onChange(event.formData as FormData)}
        onBlur={(id) => form.onBlur(id)}
      />
    );
  }

  // Rebuilt on each render so the bodies and checks see the current values; the wizard keys steps by id.
  const fieldsOfStep = new Map<string, string[]>();
  // A step with `when` is offered only while its field has one of the values (spec 3 §2.3).
  const offered = steps.filter((spec) => !spec.when || spec.when.values.includes(form.formData[spec.when.field]));
  const wizardSteps: WizardStep[] = offered.map((spec) => {
    const index = steps.indexOf(spec);
    const stepFields = spec.fields ?? (spec.field ? [spec.field] : []);
    const id = spec.id ?? `step${index + 1}`;
    fieldsOfStep.set(id, stepFields);
    return {
      id,
      title: spec.title,
      helpUrl: spec.helpUrl,
      ready: spec.ready,
      validate: () => {
        form.touch(stepFields);
        return { ...pick(form.errors, stepFields), ...pick(reported, stepFields) };
      },
      render: ({ errors, disabled }) => body(spec, stepFields, errors, disabled),
    };
  });

  return (
    <Wizard
      workflow={{ title, steps: wizardSteps, finishLabel }}
      submit={submit && (() => submit(form.dataToSend()))}
      validateStep={validateStep && (async (stepId): Promise<WizardErrors> => ({ [stepId]: await validateStep(fieldsOfStep.get(stepId) ?? [], form.dataToSend()) }))}
      onClose={onClose}
    />
  );
}

function pick(errors: FieldErrors, names: string[]): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => names.includes(field)));
}

function withoutWhole(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([field]) => field !== '' && field !== '__all__'));
}

function flatten(schema: ReturnType<typeof toErrorSchema>): FieldErrors {
  const result: FieldErrors = {};
  for (const [field, node] of Object.entries((schema ?? {}) as Record<string, { __errors?: string[] }>)) {
    if (field !== '__errors' && node?.__errors) result[field] = node.__errors;
  }
  return result;
}
