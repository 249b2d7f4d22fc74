import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import LayerSequencer from './test/support/layer-sequencer.js';
import { TEST_PASSWORD_HASHING } from './test/support/shared-cloud.js';

// One project per test layer (reference/model-codebases.md §9): each can be run
// alone with `npx vitest run --project <name>`; `npm test` runs them all in one
// pool of workers and prints the time per layer at the end (layer-times-reporter).
// Every file is independent of the others' order and leftovers: the api layer
// shares one emulator and server, the e2e layer one server and one Chromium,
// and files make what they need under their own names (README, Testing).
/** Component files that mock a module of the app: each runs isolated (the components-mocking project). */
const MOCKING_COMPONENT_FILES = ['test/components/network-topology-canvas.test.tsx'];

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker fewer than the cores: one, on a 2-core machine, and the layers then ran one
    // file at a time. Three keep both cores busy while a browser journey or an api file waits on its server.
    maxWorkers: 3,
    // A young generation of 64 MiB instead of V8's 16: a component test renders the app in jsdom and allocates fast,
    // and the scavenges of a small nursery were a large share of the workers' CPU (a 30-file slice of the component
    // layer: 138 → 116 CPU-s). The workers' heap limit is unchanged.
    execArgv: ['--max-semi-space-size=64'],
    // For the emulators the workers start in process; the servers the global setups spawn get it with their env.
    env: TEST_PASSWORD_HASHING,
    reporters: ['default', './test/support/layer-times-reporter.ts'],
    // The browser journeys first, the unit files last, each layer in one block (layer-sequencer.ts); with
    // `--sequence.shuffle…` on the command line, vitest's own random order (a sequencer given here would win over it).
    sequence: process.argv.some((arg) => arg.startsWith('--sequence.shuffle')) ? {} : { sequencer: LayerSequencer },
    projects: [
      {
        extends: true,
        // Plain functions with no global state: the files share a worker's module cache instead of importing the engine each.
        test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], environment: 'node', isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['test/components/**/*.test.{ts,tsx}'],
          exclude: MOCKING_COMPONENT_FILES,
          environment: 'jsdom',
          setupFiles: ['test/support/components-setup.ts'],
          // A file's import of the app (MUI, rjsf, the engine) and its jsdom took longer than most of its tests: a worker
          // keeps both for the files it runs. Each test starts from a fresh app (renderApp, renderWithApi) and
          // components-setup.ts empties the document, the storages and the mocks after it (test/components/independence.test.tsx).
          isolate: false,
          // A form test renders the app, MUI and rjsf in jsdom: seconds on a busy 2-core machine.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          // A file that mocks a module the app imports (vi.mock) gets a fresh worker: in a shared one the app's
          // modules another file loaded first keep the real module, and the mock never reaches them.
          name: 'components-mocking',
          include: MOCKING_COMPONENT_FILES,
          environment: 'jsdom',
          setupFiles: ['test/support/components-setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          environment: 'node',
          // One emulator and server for the layer (none against a real cloud): startTestCloud() hands it out.
          globalSetup: ['test/api/global-setup.ts'],
          // A real cloud (`npm run test:realcloud` sets OS_AUTH_URL) answers in seconds what the built-in one answers
          // in milliseconds: a Keystone token, a server build through the scheduler.
          testTimeout: process.env.OS_AUTH_URL ? 180_000 : 20_000,
          // A file that builds a server of its own (startTestCloud with an option, startOwnCloud, the backup service)
          // imports and starts the whole server in its beforeAll: past 10 s on a loaded 2-core machine, as the emulator's.
          hookTimeout: process.env.OS_AUTH_URL ? 120_000 : 30_000,
          // No file mocks a module or changes a global: a worker keeps its imports (the api client, a file's own
          // server built with startOwnCloud) for the next file instead of importing them again.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'emulator',
          include: ['test/emulator/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          // A file's beforeAll starts a whole built-in cloud (SQLite, seed, every service): seconds on a busy machine.
          hookTimeout: 30_000,
          // Each file starts and closes its own clouds, and none mocks a module or changes a global: a worker keeps
          // the emulator's modules (a second or more of imports per file) for the next file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          // Files run two at a time on two cores: a journey gets twice the minute it had alone.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file opens its own browser contexts and closes them: a worker keeps playwright and the page objects.
          isolate: false,
        },
      },
    ],
  },
});
