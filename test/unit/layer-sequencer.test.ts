import type { TestSpecification, Vitest } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import LayerSequencer from '../support/layer-sequencer.js';

/** Just what the sequencer reads: the project's name and isolation, the file, and the sizes vitest knows. */
function spec(project: string, file: string, size: number) {
  return { project: { name: project, config: { isolate: true, sequence: { groupOrder: 0 } } }, moduleId: `/repo/${file}`, size } as unknown as TestSpecification & { size: number };
}

function sequencer(files: ReturnType<typeof spec>[]) {
  const sizes = new Map(files.map((file) => [`${file.project.name}:${file.moduleId.slice('/repo/'.length)}`, file.size]));
  const ctx = {
    config: { root: '/repo' },
    cache: { getFileTestResults: () => undefined, getFileStats: (key: string) => (sizes.has(key) ? { size: sizes.get(key) } : undefined) },
  } as unknown as Vitest;
  return new LayerSequencer(ctx);
}

const files = [
  spec('api', 'test/api/a.test.ts', 10),
  spec('unit', 'test/unit/u.test.ts', 10),
  spec('components', 'test/components/small.test.tsx', 10),
  spec('e2e', 'test/e2e/small.test.ts', 10),
  spec('emulator', 'test/emulator/m.test.ts', 10),
  spec('components', 'test/components/big.test.tsx', 90),
  spec('e2e', 'test/e2e/big.test.ts', 90),
];
const names = (sorted: TestSpecification[]) => sorted.map((file) => file.moduleId.slice('/repo/test/'.length));

describe('the order npm test starts its files in', () => {
  it('runs the layers in blocks, the browser journeys first and the unit files last, the larger files first in each', async () => {
    expect(names(await sequencer(files).sort(files))).toEqual([
      'e2e/big.test.ts',
      'e2e/small.test.ts',
      'components/big.test.tsx',
      'components/small.test.tsx',
      'emulator/m.test.ts',
      'api/a.test.ts',
      'unit/u.test.ts',
    ]);
  });

});
