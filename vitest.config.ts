import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One project per test layer (reference/model-codebases.md §9): each can be run
// alone with `npx vitest run --project <name>`; `npm test` runs them all.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['test/components/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/support/components-setup.ts'],
          // A form test renders the app, MUI and rjsf in jsdom: seconds on a busy 2-core machine.
          testTimeout: 15_000,
        },
      },
      { extends: true, test: { name: 'api', include: ['test/api/**/*.test.ts'], environment: 'node', testTimeout: 20_000 } },
      { extends: true, test: { name: 'emulator', include: ['test/emulator/**/*.test.ts'], environment: 'node', testTimeout: 20_000 } },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
