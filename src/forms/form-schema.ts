import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { AnyResourceDescriptor } from '../descriptor';
import { schemaDocument } from '../schema/fields';
import { formRootSchema, schemaName } from '../schema/form-root';
import { derefLocal } from '../schema/refs';
import { schemaLookup } from '../schema/shared';
import type { SchemaDocument, SchemaNode } from '../schema/types';
import { type ExtensionHint, HIDDEN_FIELD, type HintedNode } from './hints';
import { loadFormValidator } from './validator';

export interface BuiltForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType;
}

/**
 * Everything rjsf needs for a form action: the schema (`formRootSchema`), a
 * uiSchema where `x-enumLabels` become `ui:enumNames` (key types read 'SSH
 * Key') under the action's own uiSchema, and the precompiled validator.
 */
export async function buildForm(
  descriptor: AnyResourceDescriptor,
  action: FormRef & { uiSchema?: Record<string, unknown> },
  supports?: FeatureCheck,
  allows?: PolicyCheck,
  enabled?: ExtensionCheck,
): Promise<BuiltForm> {
  const document = formDocument(descriptor, action);
  const schema = formRootSchema(document, action.form, schemaLookup);
  const choices = await offeredChoices(schema, supports);
  const denied = await deniedFields(schema, allows, enabled);
  const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    const labels = derefLocal(property, schema)['x-enumLabels'];
    const given = (action.uiSchema?.[field] ?? {}) as UiSchema;
    uiSchema[field] = {
      ...(labels ? { 'ui:enumNames': labels } : {}),
      ...(choices[field] ? { 'ui:enumOrder': choices[field] } : {}),
      ...given,
      // A field its policy refuses (x-policy) or whose extension is missing (x-extension) is not offered, whatever the action's uiSchema says.
      ...(denied.has(field) ? { 'ui:field': HIDDEN_FIELD, 'ui:widget': 'hidden' } : {}),
    };
  }
  const validator = await loadFormValidator(schemaName(document), action.form, schema as RJSFSchema);
  return { schema: schema as RJSFSchema, uiSchema, validator };
}

/**
 * `x-otherThan`: an enum field's choices without the value the named field
 * opens with (narrowed with `ui:enumOrder`, as `offeredChoices` does).
 *
 * @example
 * // consumer: enum [back-end, front-end, both], x-otherThan 'current_consumer'
 * withoutOpeningValues(built, { current_consumer: 'both' }); // consumer offers back-end, front-end
 */
export function withoutOpeningValues(built: BuiltForm, initialData: Record<string, unknown>): BuiltForm {
  const uiSchema: UiSchema = { ...built.uiSchema };
  for (const [field, property] of Object.entries(built.schema.properties ?? {})) {
    const node = derefLocal(property as SchemaNode, built.schema as SchemaNode) as HintedNode;
    const other = node['x-otherThan'];
    if (!other || !node.enum) continue;
    const offered = ((uiSchema[field] as UiSchema | undefined)?.['ui:enumOrder'] as unknown[] | undefined) ?? node.enum;
    uiSchema[field] = { ...(uiSchema[field] as UiSchema | undefined), 'ui:enumOrder': offered.filter((value) => value !== initialData[other]) };
  }
  return { ...built, uiSchema };
}

/** Which `$defs` entry a form action shows, and in which schema file (default the resource's). */
export interface FormRef {
  form: string;
  formSchema?: string;
}

/** The schema file holding an action's form: its `formSchema`, else the resource's own. */
export function formDocument(descriptor: AnyResourceDescriptor, action: FormRef): SchemaDocument {
  if (!action.formSchema) return schemaDocument(descriptor);
  const document = schemaLookup(action.formSchema);
  if (!document) throw new Error(`${descriptor.name}: no schema ${action.formSchema}`);
  return document;
}

/** Whether policy rules pass for the session (POST /api/policy/). */
export type PolicyCheck = (rules: [string, string][]) => Promise<boolean>;

/** Whether a service has an extension enabled (`GET /api/<service>/extensions/`). */
export type ExtensionCheck = (service: ExtensionHint['service'], alias: string) => Promise<boolean>;

/**
 * Fields whose `x-policy` rules do not pass (e.g. 'Shared' needs
 * create_network:shared) or whose `x-extension` is not enabled (Availability
 * Zone Hints need network_availability_zone). Without a check, or when a
 * check fails, such fields are not offered.
 */
export async function deniedFields(schema: SchemaNode, allows?: PolicyCheck, enabled?: ExtensionCheck): Promise<Set<string>> {
  const denied = new Set<string>();
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    const node = derefLocal(property, schema) as HintedNode;
    const rules = node['x-policy'];
    const extension = node['x-extension'];
    if (rules?.length && !(allows && (await allows(rules).catch(() => false)))) denied.add(field);
    else if (extension && !(enabled && (await enabled(extension.service, extension.alias).catch(() => false)))) denied.add(field);
  }
  return denied;
}

/** Whether the service offers a feature (e.g. `GET /api/nova/features/{name}/`). */
export type FeatureCheck = (feature: string) => Promise<boolean>;

/**
 * The enum values each field may offer, for fields with `x-enumFeatures`
 * (spec 2 §5: the soft server-group policies only where the microversion
 * allows them): field → values whose feature is available or that need none.
 * Without a check, or when a check fails, feature values are not offered.
 * The schema itself stays as codegen compiled it (the precompiled validator
 * must see the same schema); the choices are narrowed with `ui:enumOrder`.
 *
 * @example
 * // policy: enum [affinity, soft-affinity], x-enumFeatures { soft-affinity: 'servergroup_soft_policies' }
 * await offeredChoices(schema, async () => false); // { policy: ['affinity'] }
 */
export async function offeredChoices(schema: SchemaNode, supports?: FeatureCheck): Promise<Record<string, unknown[]>> {
  const available = new Map<string, Promise<boolean>>();
  const check = (feature: string) => {
    if (!available.has(feature)) available.set(feature, supports ? supports(feature).catch(() => false) : Promise.resolve(false));
    return available.get(feature)!;
  };
  const offered: Record<string, unknown[]> = {};
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    const resolved = derefLocal(property, schema);
    const features = resolved['x-enumFeatures'];
    if (!features || !resolved.enum) continue;
    const kept: unknown[] = [];
    for (const value of resolved.enum) {
      const feature = typeof value === 'string' ? features[value] : undefined;
      if (!feature || (await check(feature))) kept.push(value);
    }
    offered[field] = kept;
  }
  return offered;
}

/** Field schemas of a form, refs resolved (the conformance suite crafts bad input from them). */
export function formFields(descriptor: AnyResourceDescriptor, action: FormRef): Record<string, SchemaNode> {
  const document = formDocument(descriptor, action);
  const form = document.$defs?.[action.form];
  return Object.fromEntries(Object.entries(form?.properties ?? {}).map(([field, node]) => [field, derefLocal(node, document)]));
}
