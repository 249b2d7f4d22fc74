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
