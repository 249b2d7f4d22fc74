import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import ajvErrors from 'ajv-errors';
import type { FastifyInstance, FastifySchema } from 'fastify';

/**
 * Validation of the `/api/lbaas/` bodies against `schemas/` with their
 * `errorMessage`s (ajv-errors), so a refusal carries the spec's own sentence
 * (spec 3 §5.1, "The weight must be a number between 0 and 256.") and names
 * the field it is about: `members[0].weight: The weight must be …`.
 */

let shared: Ajv | undefined;

function ajv(): Ajv {
  if (shared) return shared;
  const instance = new Ajv({ allErrors: true, strict: false, coerceTypes: false, removeAdditional: false });
  ajvErrors(instance);
  const dir = resolve(import.meta.dirname, '..', '..', '..', 'schemas');
  const files = [...readdirSync(join(dir, '_defs')).map((file) => join(dir, '_defs', file)), ...readdirSync(dir).filter((file) => file.endsWith('.schema.json')).map((file) => join(dir, file))];
  for (const file of files) instance.addSchema(JSON.parse(readFileSync(file, 'utf8')));
  shared = instance;
  return instance;
}

/** `/listener/protocol_port` → `listener.protocol_port`, `/members/0/weight` → `members[0].weight`. */
function fieldOf(path: string, missing?: string): string {
  const parts = [...path.split('/').filter(Boolean), ...(missing ? [missing] : [])];
  return parts.reduce((field, part) => (/^\d+$/.test(part) ? `${field}[${part}]` : field ? `${field}.${part}` : part), '');
}

/** The one sentence a refusal answers: the first error, its field, and the spec's message when the schema has one. */
export function describeErrors(errors: ErrorObject[]): string {
  const own = errors.find((error) => error.keyword === 'errorMessage');
  const error = own ?? errors.find((candidate) => candidate.keyword !== 'if' && candidate.keyword !== 'oneOf') ?? errors[0]!;
  const inner = (error.params as { errors?: ErrorObject[] }).errors?.[0];
  const missing = (inner ?? error).keyword === 'required' ? ((inner ?? error).params as { missingProperty: string }).missingProperty : undefined;
  const field = fieldOf(error.instancePath, missing);
  const message = own ? error.message! : missing ? 'This field is required.' : `must ${error.message!.replace(/^must /, '')}`;
  return field ? `${field}: ${message}` : message;
}

/** Makes the routes registered in `app` validate with the schemas' own messages. */
export function useSpecValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const validate = ajv().compile(schema as object);
    return (data: unknown) => {
      // A body that is missing or empty ({} and [] count) is the contract's sentence (api-contract §1.4).
      const empty = httpPart === 'body' && (!data || typeof data !== 'object' || Object.keys(data).length === 0);
      if (validate(data) && !empty) return { value: data };
      return { error: Object.assign(new Error(empty ? 'request requires JSON body' : describeErrors(validate.errors ?? [])), { validation: validate.errors ?? [] }) };
    };
  });
}

export const bodySchema = (ref: string): FastifySchema => ({ body: { $ref: ref } });
