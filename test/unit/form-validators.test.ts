import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { afterAll, describe, expect, it } from 'vitest';
import { compileForm } from '../../scripts/codegen-validators';
import { localizeErrors } from '../../src/forms/validator';

// Inside the repository so the generated `import … from "ajv/dist/runtime/…"` resolves.
const dir = mkdtempSync(join(import.meta.dirname, '..', '..', 'node_modules', '.form-validators-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function precompiled(schema: RJSFSchema) {
  const file = join(dir, `form-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, compileForm(schema, 'a test schema'));
  const { validators } = await import(pathToFileURL(file).href);
  return createPrecompiledValidator(validators, schema, localizeErrors);
}

describe('precompiled form validators (the CSP forbids eval)', () => {
  it("use the schema's errorMessage (ajv-errors) when it has one", async () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string', title: 'Name', pattern: '^[a-z]+$', errorMessage: { pattern: 'Only lower-case letters.' } } },
    } as RJSFSchema;
    const { errors } = (await precompiled(schema)).validateFormData({ name: 'ABC' }, schema);
    expect(errors.map((error) => error.message)).toEqual(['Only lower-case letters.']);
  });

  it("fall back to spec 1 §5's wording", async () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string', title: 'Key Pair Name', maxLength: 3 }, kind: { type: 'string', title: 'Kind' } },
      required: ['kind'],
    } as RJSFSchema;
    const { errors } = (await precompiled(schema)).validateFormData({ name: 'abcd' }, schema);
    expect(errors.map((error) => error.message).sort()).toEqual(['Key Pair Name is too long (4 characters), maximum 3', 'Kind is a required field']);
  });
});

describe('schema form messages (spec 1 §5)', () => {
  const cases: [keyword: string, property: Record<string, unknown>, value: unknown, message: string][] = [
    ['type', { type: 'integer' }, 'x', 'Invalid type, expected integer'],
    ['enum', { enum: ['a', 'b'] }, 'c', 'No enum match for: c'],
    ['multipleOf', { type: 'number', multipleOf: 5 }, 7, '7 is not a multiple of 5'],
    ['minimum', { type: 'number', minimum: 2 }, 1, '1 is less than the allowed minimum of 2'],
    ['maximum', { type: 'number', maximum: 2 }, 3, '3 is greater than the allowed maximum of 2'],
    ['minLength', { type: 'string', minLength: 3 }, 'ab', 'Field is too short (2 characters), minimum 3'],
    ['maxLength', { type: 'string', maxLength: 1 }, 'ab', 'Field is too long (2 characters), maximum 1'],
    ['pattern', { type: 'string', pattern: '^a$' }, 'b', 'Field is formatted incorrectly'],
    ['minProperties', { type: 'object', minProperties: 1 }, {}, 'Too few properties defined, minimum 1'],
    ['maxProperties', { type: 'object', maxProperties: 0 }, { a: 1 }, 'Too many properties defined, maximum 0'],
    ['additionalProperties', { type: 'object', properties: {}, additionalProperties: false }, { a: 1 }, 'Additional properties not allowed'],
    ['minItems', { type: 'array', minItems: 2 }, [1], 'Array is too short (1 items), minimum 2'],
    ['maxItems', { type: 'array', maxItems: 1 }, [1, 2], 'Array is too long (2 items), maximum 1'],
    ['uniqueItems', { type: 'array', uniqueItems: true }, [1, 1], 'Array items must be unique'],
    ['format', { type: 'string', format: 'email' }, 'not-an-address', 'Format validation failed'],
  ];
  for (const [keyword, property, value, message] of cases) {
    it(`${keyword}: '${message}'`, async () => {
      const schema = { type: 'object', properties: { field: { title: 'Field', ...property } } } as RJSFSchema;
      const { errors } = (await precompiled(schema)).validateFormData({ field: value }, schema);
      expect(errors.map((error) => error.message)).toContain(message);
    });
  }

  it("falls back to 'The data in this field is invalid' for any other keyword", async () => {
    const schema = { type: 'object', properties: { field: { title: 'Field', const: 'a' } } } as RJSFSchema;
    const { errors } = (await precompiled(schema)).validateFormData({ field: 'b' }, schema);
    expect(errors.map((error) => error.message)).toEqual(['The data in this field is invalid']);
  });
});
