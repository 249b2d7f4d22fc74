import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The server (scripts/dev.mjs starts it on 8080) answers /api and hosts the
// built-in cloud under /cloud; Vite's dev server forwards both so the browser
// sees one origin, as in production where the server serves dist/.
const SERVER = 'http://127.0.0.1:8080';

/** Where `vite build --ssr app/server.tsx` puts the server's entry (a dot-folder: never served). */
export const SSR_OUT_DIR = 'dist/.ssr';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), bootScript(), precompress(), chunkRecord()],
  // The server's entry: one file with every package in it, in React's production build whatever NODE_ENV the
  // server runs with (the development build renders several times slower), and one React for all of them.
  ...(isSsrBuild && { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  build: isSsrBuild ? { outDir: SSR_OUT_DIR, emptyOutDir: true, sourcemap: false, minify: false, rolldownOptions: { output: { codeSplitting: false } } } : {
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
}));

/**
 * Writes `.br` and `.gz` beside every asset, which the server sends as they
 * are (`preCompressed`): compressed on each request instead, a cold load's
 * scripts came out of a busy server hundreds of ms late (issue 17). The
 * scripts of the first load get brotli's best (slow) quality, the lazy ones
 * a quick one.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const initial = new Set<string>();
      const visit = (file: string) => {
        const chunk = bundle[file];
        if (initial.has(file) || chunk?.type !== 'chunk') return;
        initial.add(file);
        chunk.imports.forEach(visit);
      };
      Object.values(bundle).forEach((file) => file.type === 'chunk' && file.isEntry && visit(file.fileName));
      await Promise.all(
        Object.values(bundle)
          .filter((file) => /\.(js|css|svg|json)$/.test(file.fileName))
          .map(async (file) => {
            const source = Buffer.from(file.type === 'chunk' ? file.code : file.source);
            if (source.length < 1024) return;
            const quality = initial.has(file.fileName) ? constants.BROTLI_MAX_QUALITY : 5;
            const path = join(outDir, file.fileName);
            const params = { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: source.length };
            await writeFile(`${path}.br`, await brotli(source, { params }));
            await writeFile(`${path}.gz`, await gzipped(source, { level: 9 }));
          }),
      );
    },
  };
}

/**
 * Adds app/boot.js to the build as an asset named by its content (cached for
 * good, as the other assets), and to index.html as a script marked
 * `data-boot`. The server sends it on a page it drew, where it starts the app
 * once the page has been painted, and leaves it out of the others
 * (server/page-bootstrap.ts).
 */
function bootScript(): Plugin {
  const source = readFileSync(resolve(import.meta.dirname, 'app', 'boot.js'), 'utf8');
  const fileName = `assets/boot-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
  return {
    name: 'boot-script',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace('</head>', `  <script type="module" async src="/${fileName}" data-boot></script>\n  </head>`),
    },
  };
}

/** Where the build records which source modules each chunk holds (read by test/e2e/initial-chunks.test.ts). */
export const CHUNK_RECORD = '.vite/chunks.json';

/**
 * Writes `dist/.vite/chunks.json`: every chunk's file, whether it is the
 * entry, its static and dynamic imports and the modules in it (paths from the
 * project root). A test checks from it that the first load evaluates no
 * screen but the list pages (issue 17). Dot-files are never served.
 */
function chunkRecord(): Plugin {
  let root = '';
  let outDir = 'dist';
  return {
    name: 'chunk-record',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) =>
        file.type === 'chunk'
          ? [{ file: file.fileName, isEntry: file.isEntry, imports: file.imports, dynamicImports: file.dynamicImports, modules: Object.keys(file.modules).map((id) => relative(root, id.replace(/\?.*$/, '').replace(/^\0/, ''))) }]
          : [],
      );
      await mkdir(join(outDir, '.vite'), { recursive: true });
      await writeFile(join(outDir, CHUNK_RECORD), JSON.stringify(chunks, null, 1));
    },
  };
}
