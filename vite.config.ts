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
  },
  server: {
    proxy: {
      '/api': { target: SERVER, changeOrigin: false },
      '/cloud': { target: SERVER, changeOrigin: false },
    },
  },
});
