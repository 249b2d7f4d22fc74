import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { expect } from 'vitest';

const SCHEMAS = join(__dirname, '../../schemas');

/** Every `schemas/*.schema.json`, registered as the server registers them (server/plugins/schemas.ts). */
function contractAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true });
  const files = [...readdirSync(join(SCHEMAS, '_defs')).map((file) => join(SCHEMAS, '_defs', file)), ...readdirSync(SCHEMAS).filter((file) => file.endsWith('.schema.json')).map((file) => join(SCHEMAS, file))];
  for (const file of files) ajv.addSchema(JSON.parse(readFileSync(file, 'utf8')));
  return ajv;
}

let shared: Ajv | undefined;

/**
 * Fails unless `body` is what the `/api` route's body schema accepts (the
 * same `$defs` the server validates with), e.g. the nine keys of
 * `volume.schema.json#/$defs/create` (api-contract §5).
 */
export function expectContract(body: unknown, ref: string): void {
  shared ??= contractAjv();
  const validate = shared.getSchema(ref);
  if (!validate) throw new Error(`No schema ${ref}`);
  validate(body);
  expect(validate.errors ?? [], `${ref}: ${JSON.stringify(body)}`).toEqual([]);
}
