import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Registers every `schemas/*.schema.json` with Fastify so routes validate
 * their bodies against the same schemas the browser's forms use
 * (`{ $ref: 'keypair.schema.json#/$defs/create' }`).
 */
export function addResourceSchemas(app: FastifyInstance, schemasDir: string): void {
  const files = [
    ...readdirSync(join(schemasDir, '_defs')).map((file) => join(schemasDir, '_defs', file)),
    ...readdirSync(schemasDir)
      .filter((file) => file.endsWith('.schema.json'))
      .map((file) => join(schemasDir, file)),
  ];
  for (const file of files) app.addSchema(JSON.parse(readFileSync(file, 'utf8')));
}
