import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { AnyResourceDescriptor, FormActionDescriptor, ResourceRecord } from '../descriptor';
import { schemaDocument } from '../schema/fields';
import { formRootSchema, schemaName } from '../schema/form-root';
import { derefLocal } from '../schema/refs';
import { schemaLookup } from '../schema/shared';
import type { SchemaNode } from '../schema/types';
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
export async function buildForm(descriptor: AnyResourceDescriptor, action: FormActionDescriptor<ResourceRecord>): Promise<BuiltForm> {
  const document = schemaDocument(descriptor);
  const schema = formRootSchema(document, action.form, schemaLookup);
  const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    const labels = derefLocal(property, schema)['x-enumLabels'];
    const given = (action.uiSchema?.[field] ?? {}) as UiSchema;
    uiSchema[field] = labels ? { 'ui:enumNames': labels, ...given } : given;
  }
  const validator = await loadFormValidator(schemaName(document), action.form, schema as RJSFSchema);
  return { schema: schema as RJSFSchema, uiSchema, validator };
}

/** Field schemas of a form, refs resolved (the conformance suite crafts bad input from them). */
export function formFields(descriptor: AnyResourceDescriptor, formKey: string): Record<string, SchemaNode> {
  const document = schemaDocument(descriptor);
  const form = document.$defs?.[formKey];
  return Object.fromEntries(Object.entries(form?.properties ?? {}).map(([field, node]) => [field, derefLocal(node, document)]));
}
