import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { POLICY_RULES } from '../../server/policy/rules';
import { SUPPORT_RESOURCES } from '../../dataProviders/index';
import type { AnyResourceDescriptor, FormActionDescriptor, ResourceRecord } from '../../src/descriptor';
import { idOf, nameOf } from '../../src/engine/registry';
import { formDocument, formFields } from '../../src/forms/form-schema';
import { defaultMessage } from '../../src/forms/messages';
import { entitySchema } from '../../src/schema/fields';
import { isFormDef } from '../../src/schema/form-root';
import type { SchemaNode } from '../../src/schema/types';
import { signedInBackend } from '../support/fake-backend';
import { fixtureRecords, invalidValueFor } from '../support/fixtures';
import { makeCatalog } from '../support/records';
import { renderApp } from '../support/render-app';

/**
 * The suite every registered resource passes with no test of its own
 * (model-codebases §9, "How a maintainer adds a resource", step 5).
 */
describe.each(resources.map((descriptor) => [descriptor.name, descriptor] as const))('resource %s', (_name, descriptor) => {
  const properties = Object.keys(entitySchema(descriptor).properties ?? {});
  const formActions = (descriptor.actions ?? []).filter((action): action is FormActionDescriptor<ResourceRecord> => action.kind === 'form');

  it('every column names a schema field', () => {
    for (const column of descriptor.columns) expect(properties).toContain(column.field);
  });

  it('every detail field, name and id field names a schema field', () => {
    const fields = [descriptor.nameField, ...(descriptor.idField ? [descriptor.idField] : [])];
    for (const tab of descriptor.detail?.tabs ?? []) fields.push(...tab.fields, ...(tab.code ?? []));
    for (const field of fields) expect(properties).toContain(field);
  });

  it("every policy rule is one the server's rule tables know", () => {
    const ruleSets = [descriptor.panel?.policy, ...(descriptor.actions ?? []).map((action) => action.policy)];
    for (const [scope, rule] of ruleSets.flatMap((rules) => rules ?? [])) {
      if (POLICY_RULES[scope]) expect(Object.keys(POLICY_RULES[scope])).toContain(rule);
    }
  });

  it('every form names a …Form entry of its schema, which codegen precompiles', () => {
    for (const action of formActions) {
      const defs = (formDocument(descriptor, action).$defs ?? {}) as Record<string, SchemaNode>;
      expect(Object.keys(defs)).toContain(action.form);
      expect(isFormDef(action.form, defs[action.form])).toBe(true);
    }
  });

  // A panel with a custom page (the Overviews) shows more than its list; its own tests cover it (overview.test.tsx).
  it.runIf(Boolean(descriptor.panel))('the list renders fixture rows', async () => {
    const records = fixtureRecords(descriptor);
    renderApp({ backend: backendFor(descriptor, records), path: descriptor.panel!.path });
    const table = await screen.findByRole('table', { name: descriptor.panel!.label });
    for (const record of records) await within(table).findByText(nameOf(descriptor, record));
    expect(within(table).getAllByRole('row')).toHaveLength(records.length + 1);
    if (descriptor.detail) {
      const link = within(table).getAllByRole('link')[0];
      // A nested tree's root has its details under its panel (spec 3 §2.1).
      expect(link.getAttribute('href')).toContain(descriptor.nested ? `${descriptor.panel!.path}/` : `/ngdetails/${descriptor.type}/`);
    }
  });

  for (const action of formActions) {
    const [field, schema] = Object.entries(formFields(descriptor, action)).find(([, node]) => invalidValueFor(node)) ?? [];
    // A resource listed only inside another's details (no panel) has its forms tested there.
    it.runIf(Boolean(field) && Boolean(descriptor.panel))(`the '${action.label}' form rejects a bad ${field} with the schema's message`, async () => {
      const { value, keyword } = invalidValueFor(schema!)!;
      const { user } = renderApp({ backend: backendFor(descriptor, []), path: panelOffering(descriptor, action).path });
      await user.click(await screen.findByRole('button', { name: action.label }));
      const dialog = await screen.findByRole('dialog', { name: action.label });
      const input = within(dialog).getByRole('textbox', { name: schema!.title });
      fireEvent.change(input, { target: { value } }); // `fireEvent` so tabs and braces are typed literally
      expect(await within(dialog).findByText(expectedMessage(schema!, keyword, value))).toBeTruthy();
      // Spec 1 §5: a modal form submits only when valid, so Submit stays disabled.
      const formDef = (formDocument(descriptor, action).$defs as Record<string, { 'x-submitLabel'?: string }>)[action.form];
      const submitLabel = action.submitLabel ?? formDef['x-submitLabel'] ?? 'Submit';
      expect((within(dialog).getByRole('button', { name: submitLabel }) as HTMLButtonElement).disabled).toBe(true);
    });
  }
});

/** The schema's own `errorMessage` when it has one, the spec 1 §5 default otherwise. */
function expectedMessage(schema: SchemaNode, keyword: string, value: string): string {
  const own = schema.errorMessage;
  if (typeof own === 'string') return own;
  if (own && typeof own[keyword] === 'string') return own[keyword] as string;
  return defaultMessage(keyword, { title: schema.title ?? '', value, params: { limit: schema.maxLength } });
}

/** An admin (every policy passes) with the resource's service in the catalog and `records` listed. */
function backendFor(descriptor: AnyResourceDescriptor, records: Record<string, unknown>[]) {
  return signedInBackend({
    admin: true,
    catalog: makeCatalog([...new Set(['identity', ...resources.map((each) => each.serviceType)])]),
    // Every other resource lists nothing: forms may offer them as choices ('x-options': { source: 'resource:domain' }).
    resources: {
      ...Object.fromEntries([...resources.map((each) => each.name), ...Object.keys(SUPPORT_RESOURCES)].map((name) => [name, { getList: () => [] }])),
      [descriptor.name]: { getList: () => records.map((record) => ({ ...record, id: idOf(descriptor, record) })) },
    },
    // Transfer-table fields ('x-transferTable': { source: 'projects' }) list the projects.
    identity: { listMyProjects: async () => [], listProjects: async () => [], listRoles: async () => [] },
  });
}

/** The panel whose dashboard offers `action`: an admin-only form (Allocate IP To Project for any project) is on the admin panel. */
function panelOffering(descriptor: AnyResourceDescriptor, action: { dashboards?: string[] }) {
  const panels = [descriptor.panel!, ...(descriptor.extraPanels ?? [])];
  return panels.find((panel) => !action.dashboards || action.dashboards.includes(panel.dashboard)) ?? descriptor.panel!;
}
