import type { Reporter, TestModule } from 'vitest/node';

interface Layer {
  files: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Offsets from the start of the run, ms: when the layer's first file started and its last one ended. */
  from: number;
  to: number;
  /** The sum of its files' own times (import, setup, tests), ms: what the layer costs a worker. */
  busy: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Prints, after vitest's own summary, one line per test layer (project):
 * its files and tests, when it ran within the run, and its files' summed
 * time. `npm test` runs the layers side by side in one pool of workers, so
 * the spans overlap; `npx vitest run --project <layer>` times one alone.
 */
export default class LayerTimesReporter implements Reporter {
  private readonly start = Date.now();
  private readonly layers = new Map<string, Layer>();
  private readonly environments = new Set<string>();

  onTestModuleEnd(module: TestModule) {
    const name = module.project.name || 'default';
    const diagnostic = module.diagnostic();
    // A worker that runs several files (isolate: false) builds its environment (jsdom) once, yet vitest reports that one
    // set-up again with each of its files: count each set-up once, known by its exact duration.
    const setup = `${name} ${diagnostic.environmentSetupDuration}`;
    const environment = this.environments.has(setup) ? 0 : diagnostic.environmentSetupDuration;
    this.environments.add(setup);
    const own = environment + diagnostic.prepareDuration + diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration;
    const end = Date.now() - this.start;
    const layer = this.layers.get(name) ?? { files: 0, passed: 0, failed: 0, skipped: 0, from: Infinity, to: 0, busy: 0 };
    layer.files += 1;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') layer.passed += 1;
      else if (state === 'failed') layer.failed += 1;
      else layer.skipped += 1;
    }
    layer.from = Math.min(layer.from, Math.max(0, end - own));
    layer.to = Math.max(layer.to, end);
    layer.busy += own;
    this.layers.set(name, layer);
  }

  onTestRunEnd() {
    if (this.layers.size === 0) return;
    const rows = [['layer', 'files', 'passed', 'failed', 'skipped', 'ran from', 'to', 'span', 'files busy']];
    for (const [name, layer] of [...this.layers].sort(([a], [b]) => a.localeCompare(b))) {
      rows.push([name, `${layer.files}`, `${layer.passed}`, `${layer.failed}`, `${layer.skipped}`, seconds(layer.from), seconds(layer.to), seconds(layer.to - layer.from), seconds(layer.busy)]);
    }
    const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
    const lines = rows.map((row) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '));
    process.stdout.write(`\n Time per layer (whole run ${seconds(Date.now() - this.start)}):\n${lines.map((line) => `   ${line}`).join('\n')}\n\n`);
  }
}
