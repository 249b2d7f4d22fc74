import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server (scripts/dev.mjs starts it on 8080) answers /api and hosts the
// built-in cloud under /cloud; Vite's dev server forwards both so the browser
// sees one origin, as in production where the server serves dist/.
const SERVER = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // What a first load needs comes in three files and the bundler's runtime (issue 17: at most ten
        // requests before the first row): React and the other libraries, which change seldom and stay
        // cached, and the app. Each stays under the 500 kB the build warns at.
        // Left to itself the bundler split out every module a lazy page shares with the entry
        // (Modal, Alert, the router, queries...), a dozen requests before the first row.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ['$initial'], priority: 3 },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            // The rest of what the entry imports stays in the entry.
            { name: 'index', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: SERVER, changeOrigin: false },
      '/cloud': { target: SERVER, changeOrigin: false },
    },
  },
});
