import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, defineConfig, type Plugin } from 'vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// In development the backends answer on the edge's port; in production the edge
// serves this build and /api from one origin, so the client only uses relative URLs.
const apiProxy = { '/api': process.env.JOKES_API_ORIGIN ?? 'http://localhost:3000' };

// The antd vendor chunk is ~500 kB minified (~165 kB gzip) and long-cached; warn above that.
const CHUNK_WARNING_KB = 600;
// The one chunk allowed past it: the analyst dashboard's charts (@ant-design/plots on G2,
// ~1.6 MB minified, ~480 kB gzip), loaded only on that page, after its figures. Cutting it
// up with codeSplitting's maxSize breaks G2's module order (a class extending a class of
// a chunk not yet run), so it stays whole.
const BIG_LAZY_CHUNKS = new Set(['EngagementCharts']);

/** Vite's chunk-size warning, less the chunks known to be big. */
function chunkSizeWarning(): Plugin {
  return {
    name: 'jokes:chunk-size-warning',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || BIG_LAZY_CHUNKS.has(output.name)) continue;
        const kb = output.code.length / 1000;
        if (kb > CHUNK_WARNING_KB) this.warn(`${output.fileName} is ${Math.round(kb)} kB minified, above ${CHUNK_WARNING_KB} kB`);
      }
    },
  };
}

// Contracts and the domain's pure rules are read from source, so the web never
// waits for a build of the libs.
const alias = {
  '@jokes/contracts': fromHere('../../libs/contracts/src/index.ts'),
  '@jokes/domain': fromHere('../../libs/domain/src/index.ts'),
};

/**
 * Renders the home page (src/app/prerender-home.tsx, logged out) into the
 * built index.html with antd's styles for it, so a first visit paints the page
 * before any script has run; main.tsx then lets React take it over. A failed
 * render fails the build.
 */
function prerenderHome(): Plugin {
  let indexFile = '';
  return {
    name: 'jokes:prerender-home',
    apply: 'build',
    configResolved(config) {
      indexFile = resolve(config.root, config.build.outDir, 'index.html');
    },
    async closeBundle() {
      const server = await createServer({
        configFile: false,
        root: fromHere('.'),
        resolve: { alias },
        plugins: [react()],
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, watch: null },
        // antd's ES modules import files without their extension, which Node refuses: Vite resolves them.
        ssr: { noExternal: [/^antd/, /^@ant-design\//, /^@rc-component\//, /^@emotion\//] },
      });
      try {
        const { renderHome } = (await server.ssrLoadModule('/src/app/prerender-home.tsx')) as {
          renderHome: () => Promise<{ html: string; styles: string }>;
        };
        const { html, styles } = await renderHome();
        const page = await readFile(indexFile, 'utf8');
        if (!page.includes('<!--prerendered-app-->')) throw new Error(`${indexFile} has no <!--prerendered-app--> placeholder`);
        await writeFile(indexFile, page.replace('<!--prerendered-styles-->', styles).replace('<!--prerendered-app-->', html));
      } finally {
        await server.close();
      }
    },
  };
}

export default defineConfig({
  root: fromHere('.'),
  plugins: [react(), chunkSizeWarning(), prerenderHome()],
  resolve: { alias },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // One style sheet (about 10 kB) in the head: the prerendered home page is styled at its first
    // paint, before the chunks of its parts (and with them their CSS) have loaded.
    cssCodeSplit: false,
    // Warned by chunkSizeWarning() above instead, which knows the one big lazy chunk.
    chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
    rolldownOptions: {
      // libs/domain is pure (DESIGN: it imports nothing and runs nothing on load), but its
      // catalogue builds tables at module level, which a bundler must assume has effects.
      // Saying so lets the web take the subscription rules without the comedian catalogue.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/libs/domain/src/') },
      output: {
        // Vendor code changes far less often than ours: separate chunks stay cached
        // across deploys. Only what every page needs is grouped (React, the store, the
        // router); antd and the rest stay with the pages and parts that use them, so
        // the home page loads only the antd components it shows.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
            { name: 'state', test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk|react-router|react-router-dom)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
