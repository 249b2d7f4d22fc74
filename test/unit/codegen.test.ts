import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate, GENERATED_DIR, listGenerated, typeName } from '../../scripts/codegen';

const outDir = mkdtempSync(join(tmpdir(), 'codegen-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('codegen (npm run codegen)', () => {
  it('names a type after its schema and $defs entry', () => {
    expect(typeName('keypair', 'createForm')).toBe('KeypairCreateForm');
    expect(typeName('server-group', 'entity')).toBe('ServerGroupEntity');
  });

  it('the committed shared/generated/ matches what the schemas generate (run `npm run codegen` if not)', async () => {
    const files = await generate(outDir);
    expect(listGenerated(GENERATED_DIR)).toEqual(files);
    for (const file of files) {
      expect(readFileSync(join(GENERATED_DIR, file), 'utf8'), `shared/generated/${file} is stale`).toBe(readFileSync(join(outDir, file), 'utf8'));
    }
  }, 30_000);

  it('is deterministic', async () => {
    const again = mkdtempSync(join(tmpdir(), 'codegen-again-'));
    try {
      for (const file of await generate(again)) expect(readFileSync(join(again, file), 'utf8')).toBe(readFileSync(join(outDir, file), 'utf8'));
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  }, 30_000);
});
