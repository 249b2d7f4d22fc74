import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order `npm test` starts its files in: one layer after another, and in each the longest files first (by the
 * times vitest kept from the last run; with none, as in a fresh clone, the larger files first), as vitest's own
 * sequencer does, but with the layers in this order rather than by name. The browser journeys, the longest chain, start at once instead of after every component file,
 * and the short unit files come last, to fill the cores while the last long files end. A layer stays in one
 * block: a worker of a layer that shares it between files (`isolate: false`) is kept only while the next file
 * waiting is of the same layer. A run with `--sequence.shuffle…` uses vitest's own random order instead (vitest.config.ts).
 */
export const LAYER_ORDER = ['e2e', 'components', 'components-mocking', 'emulator', 'api', 'unit'];

export default class LayerSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LAYER_ORDER.indexOf(file.project.name);
      return index === -1 ? LAYER_ORDER.length : index;
    };
    // Array.prototype.sort is stable: within a layer, the order above stays.
    return [...ordered].sort((a, b) => rank(a) - rank(b));
  }
}
