import { describe, expect, it, vi } from 'vitest';
import flavorSchema from '../../schemas/flavor.schema.json';
import qosSpecSchema from '../../schemas/qos-spec.schema.json';
import serverGroupSchema from '../../schemas/server-group.schema.json';
import { offeredChoices, withoutOpeningValues } from '../../src/forms/form-schema';
import { formRootSchema } from '../../src/schema/form-root';
import { formatValue } from '../../src/schema/fields';
import { schemaLookup } from '../../src/schema/shared';
import type { SchemaDocument } from '../../src/schema/types';
import flavor from '../../resources/flavor';
import serverGroup from '../../resources/server-group';

const groupForm = formRootSchema(serverGroupSchema as SchemaDocument, 'createForm', schemaLookup);

describe('enum choices tied to a service feature (x-enumFeatures, spec 2 §5)', () => {
  it('offers the soft server-group policies when the feature is available', async () => {
    const supports = vi.fn(async () => true);
    expect(await offeredChoices(groupForm, supports)).toEqual({ policy: ['affinity', 'anti-affinity', 'soft-anti-affinity', 'soft-affinity'] });
    expect(supports).toHaveBeenCalledTimes(1); // one question per feature, however many values need it
    expect(supports).toHaveBeenCalledWith('servergroup_soft_policies');
  });

  it('offers only Affinity and Anti Affinity when the feature is missing, the check fails, or nothing can check', async () => {
    expect(await offeredChoices(groupForm, async () => false)).toEqual({ policy: ['affinity', 'anti-affinity'] });
    expect(await offeredChoices(groupForm, () => Promise.reject(new Error('offline')))).toEqual({ policy: ['affinity', 'anti-affinity'] });
    expect(await offeredChoices(groupForm)).toEqual({ policy: ['affinity', 'anti-affinity'] });
  });

  it('leaves forms without feature-bound enums alone', async () => {
    const supports = vi.fn(async () => true);
    expect(await offeredChoices(formRootSchema(flavorSchema as SchemaDocument, 'createForm', schemaLookup), supports)).toEqual({});
    expect(supports).not.toHaveBeenCalled();
  });
});

describe("choices other than a value the form opens with (x-otherThan: Horizon's Edit Consumer)", () => {
  const consumerForm = formRootSchema(qosSpecSchema as SchemaDocument, 'consumerForm', schemaLookup);
  const built = { schema: consumerForm, uiSchema: { consumer: { 'ui:placeholder': 'Select a new consumer' } }, validator: {} } as unknown as Parameters<typeof withoutOpeningValues>[0];

  it('leaves the current consumer out of the new consumer choices, keeping the field’s other uiSchema', () => {
    expect(withoutOpeningValues(built, { current_consumer: 'front-end' }).uiSchema.consumer).toEqual({ 'ui:placeholder': 'Select a new consumer', 'ui:enumOrder': ['back-end', 'both'] });
  });

  it('offers every choice when the form opens without that value, and leaves fields without the hint alone', () => {
    const uiSchema = withoutOpeningValues(built, {}).uiSchema;
    expect(uiSchema.consumer['ui:enumOrder']).toEqual(['back-end', 'front-end', 'both']);
    expect(uiSchema.current_consumer).toBeUndefined();
  });
});

describe('values as text (spec 2 §3)', () => {
  it('shows a flavor\'s public flag as Yes/No and RAM in MB, root disk in GB', () => {
    expect(formatValue(flavor, 'os-flavor-access:is_public', true)).toBe('Yes');
    expect(formatValue(flavor, 'os-flavor-access:is_public', false)).toBe('No');
    expect(formatValue(flavor, 'ram', 2048)).toBe('2048 MB');
    expect(formatValue(flavor, 'disk', 20)).toBe('20 GB');
    expect(formatValue(flavor, 'swap', '')).toBe('-');
  });

  it('shows a server group\'s policy by its label', () => {
    expect(formatValue(serverGroup, 'policy', 'soft-anti-affinity')).toBe('Soft Anti Affinity');
  });
});
