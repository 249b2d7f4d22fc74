import type { CustomValidator, ErrorSchema, ErrorTransformer, RJSFSchema, RJSFValidationError, UiSchema, ValidatorType } from '@rjsf/utils';
import { getDefaultFormState } from '@rjsf/utils';
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { BackendContext } from '../engine/context';
import { usePlugins } from '../plugins';
import { derefLocal } from '../schema/refs';
import type { SchemaNode } from '../schema/types';
import { passwordMatchError } from '../utils/validators';
import {
  applyFrom,
  applySets,
  atLeastErrors,
  CHOICE_SELECT_WIDGET,
  confirmPairs,
  disabledFields,
  HIDDEN_FIELD,
  type HintedNode,
  hiddenFields,
  hintUiSchema,
  type LinkedItem,
  linkedSources,
  type TakenValues,
  rangeChoices,
  withoutHidden,
} from './hints';
import { loadOptions } from './option-sources';

export type FormData = Record<string, unknown>;
/** Field → messages; `''` holds the messages of the whole form. */
export type FieldErrors = Record<string, string[]>;

export interface SchemaFormOptions {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  validator: ValidatorType;
  /** Values the form opens with (an edit form's record); defaults fill the rest. */
  initialData?: FormData;
  /** Checks beyond the schema, shown as soon as they fail (e.g. a taken name). */
  liveErrors?(formData: FormData): Record<string, string[]>;
  /** Values other records have, by field: a number `x-sets` gives such a field is raised past them. */
  taken?: TakenValues;
}

/** What `<Form>` and its buttons need; FormDialog and the wizard share it. */
export interface SchemaFormState {
  formData: FormData;
  /** The uiSchema with the hints applied: widgets, transfer tables, hidden switchable fields. */
  uiSchema: UiSchema;
  /** Fields hidden by `x-switch`: not required, not validated, not sent. */
  hidden: Set<string>;
  /** Every current error by field, touched or not. */
  errors: FieldErrors;
  /** No schema, confirm or live error: the submit button may be enabled. */
  valid: boolean;
  /** Errors to show now: those of fields the user has touched, and the live checks. */
  shownErrors: ErrorSchema<FormData> | undefined;
  customValidate: CustomValidator<FormData>;
  transformErrors: ErrorTransformer<FormData>;
  onChange(next: FormData | undefined): void;
  /** rjsf's onBlur: marks the field touched. */
  onBlur(id: string): void;
  /** Shows the errors of these fields (default all), as a submit attempt does. */
  touch(fields?: string[]): void;
  /** The values to send: without hidden fields. */
  dataToSend(data?: FormData): FormData;
}

/**
 * State of a schema form with the engine's hints (forms/hints.ts): defaults
 * filled in, switchable fields hidden and dropped, confirm fields checked,
 * errors shown field by field once touched, and validity known at all times
 * so the submit button can wait for a valid form (spec 1 §5).
 */
export function useSchemaForm({ schema, uiSchema, validator, initialData, liveErrors, taken }: SchemaFormOptions): SchemaFormState {
  const properties = useMemo(() => propertiesOf(schema), [schema]);
  const [formData, setFormData] = useState<FormData>(() => getDefaultFormState(validator, schema, initialData ?? {}, schema) as FormData);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const hidden = useMemo(() => hiddenFields(properties, formData), [properties, formData]);
  const disabled = useMemo(() => disabledFields(properties, formData), [properties, formData]);
  const items = useLinkedItems(properties, setFormData);

  const effectiveUi = useMemo(() => {
    const result: UiSchema = { ...uiSchema };
    for (const [name, node] of Object.entries(properties)) {
      // 'ui:widget': 'hidden' makes rjsf drop the field's layout box too (its grid cell and margins), not only its input.
      if (hidden.has(name)) {
        result[name] = { 'ui:field': HIDDEN_FIELD, 'ui:widget': 'hidden' };
        continue;
      }
      const choicesFrom = node['x-choicesFrom'];
      const linked: UiSchema = choicesFrom ? { 'ui:widget': CHOICE_SELECT_WIDGET, 'ui:options': { choices: rangeChoices(choicesFrom, formData, items[choicesFrom.source] ?? []) } } : {};
      result[name] = { ...hintUiSchema(node), ...linked, ...(disabled.has(name) ? { 'ui:disabled': true } : {}), ...(uiSchema?.[name] as UiSchema | undefined) };
    }
    return result;
  }, [uiSchema, properties, hidden, disabled, items, formData]);

  const names = useMemo(() => Object.keys(properties), [properties]);
  const transformErrors = useCallback<ErrorTransformer<FormData>>((errors) => errors.filter((error) => !hidden.has(fieldOfError(error, names))), [hidden, names]);
  const customValidate = useCallback<CustomValidator<FormData>>(
    (data, errors) => {
      for (const [confirm, original] of confirmPairs(properties)) {
        if (hidden.has(confirm) || data?.[confirm] === undefined) continue;
        const message = passwordMatchError(data?.[original] as string | undefined, data?.[confirm] as string | undefined);
        if (message) (errors as unknown as Record<string, { addError(text: string): void } | undefined>)[confirm]?.addError(message);
      }
      for (const [field, message] of Object.entries(atLeastErrors(properties, data ?? {}))) {
        if (!hidden.has(field)) (errors as unknown as Record<string, { addError(text: string): void } | undefined>)[field]?.addError(message);
      }
      return errors;
    },
    [properties, hidden],
  );

  const live = useMemo(() => liveErrors?.(formData) ?? {}, [liveErrors, formData]);
  const errors = useMemo(() => {
    const result = validator.validateFormData(withoutHidden(formData, hidden), schema, customValidate, transformErrors);
    const byField: FieldErrors = {};
    for (const error of result.errors) {
      const field = fieldOfError(error, names);
      (byField[field] ??= []).push(error.message ?? '');
    }
    for (const [field, messages] of Object.entries(live)) if (messages.length) (byField[field] ??= []).push(...messages);
    return byField;
  }, [validator, formData, hidden, schema, customValidate, transformErrors, names, live]);

  const shownErrors = useMemo(() => {
    const shown = Object.entries(errors).filter(([field]) => touched.has(field) || (live[field]?.length ?? 0) > 0);
    return toErrorSchema(Object.fromEntries(shown));
  }, [errors, touched, live]);

  return {
    formData,
    uiSchema: effectiveUi,
    hidden,
    errors,
    valid: Object.keys(errors).length === 0,
    shownErrors,
    customValidate,
    transformErrors,
    onChange(next) {
      const data = next ?? {};
      const changed = Object.keys({ ...formData, ...data }).filter((name) => JSON.stringify(formData[name]) !== JSON.stringify(data[name]));
      if (changed.length) setTouched((before) => new Set([...before, ...changed]));
      // A newly chosen item sets the fields that follow it (x-from).
      const derived = applySets(properties, applyFrom(properties, data, formData, items), formData, taken);
      setFormData(withoutHidden(derived, hiddenFields(properties, derived)));
    },
    onBlur(id) {
      const field = fieldOfId(id, names);
      if (field && !touched.has(field)) setTouched((before) => new Set([...before, field]));
    },
    touch(fields = [...names, '']) {
      setTouched((before) => new Set([...before, ...fields]));
    },
    dataToSend(data = formData) {
      return withoutHidden(data, hiddenFields(properties, data));
    },
  };
}

/**
 * The items of the option sources `x-from` and `x-choicesFrom` read, loaded
 * once per form; when they arrive, fields following an already chosen item
 * take its values. Forms without such hints load nothing.
 */
function useLinkedItems(properties: Record<string, HintedNode>, setFormData: (update: (data: FormData) => FormData) => void) {
  const backend = useContext(BackendContext);
  const { optionSources } = usePlugins();
  const sources = useMemo(() => linkedSources(properties), [properties]);
  const [items, setItems] = useState<Record<string, LinkedItem[]>>({});
  useEffect(() => {
    if (!backend || sources.length === 0) return;
    let live = true;
    Promise.all(sources.map(async (source) => [source, (await loadOptions(source, backend, {}, optionSources).catch(() => [])) as LinkedItem[]] as const)).then((loaded) => {
      if (!live) return;
      const next = Object.fromEntries(loaded);
      setItems(next);
      setFormData((data) => applyFrom(properties, data, undefined, next));
    });
    return () => {
      live = false;
    };
  }, [backend, optionSources, sources, properties, setFormData]);
  return items;
}

/** The form's properties with local refs resolved, so hints next to or behind a `$ref` are seen. */
function propertiesOf(schema: RJSFSchema): Record<string, HintedNode> {
  const root = schema as SchemaNode;
  return Object.fromEntries(Object.entries(root.properties ?? {}).map(([name, node]) => [name, derefLocal(node, root) as HintedNode]));
}

/**
 * The top-level field an rjsf error is about ('' for the whole form): the
 * longest property name its path starts with, since names may hold
 * punctuation (`OS-FLV-EXT-DATA:ephemeral`). Required errors, plain or
 * reworded by `errorMessage`, are about the missing field.
 */
export function fieldOfError(error: RJSFValidationError, names: readonly string[]): string {
  const params = error.params as { missingProperty?: string; errors?: { keyword: string; params: { missingProperty?: string } }[] } | undefined;
  // A schema's `errorMessage.required` (ajv-errors) wraps the required errors it replaces, at the object's path.
  const wrapped = error.name === 'errorMessage' && !error.property ? params?.errors?.find((each) => each.keyword === 'required')?.params.missingProperty : undefined;
  const missing = error.name === 'required' ? params?.missingProperty : wrapped;
  const path = (missing ?? error.property ?? '').replace(/^\./, '').replace(/^'(.*)'$/, '$1');
  return longestPrefix(path, names, ['.', '[']);
}

/** The top-level field of an rjsf element id (`root_name`, `root_flavor_access_0_id`). */
export function fieldOfId(id: string, names: readonly string[]): string | undefined {
  const rest = id.replace(/^root_/, '');
  return longestPrefix(rest, names, ['_']) || undefined;
}

function longestPrefix(path: string, names: readonly string[], separators: string[]): string {
  let best = '';
  for (const name of names) {
    const matches = path === name || separators.some((separator) => path.startsWith(name + separator));
    if (matches && name.length > best.length) best = name;
  }
  return best;
}

/** Field → messages as rjsf's error schema; `''` goes to the form's own `__errors`. */
export function toErrorSchema(errors: FieldErrors): ErrorSchema<FormData> | undefined {
  const entries = Object.entries(errors).filter(([, messages]) => messages.length > 0);
  if (entries.length === 0) return undefined;
  const schema: Record<string, unknown> = {};
  for (const [field, messages] of entries) {
    if (field === '') schema.__errors = messages;
    else schema[field] = { __errors: messages };
  }
  return schema as ErrorSchema<FormData>;
}
