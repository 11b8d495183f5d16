import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';

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

/**
 * Adds modulepreload links for the named chunks (and what they import) to
 * index.html. main.tsx loads the app only after the first paint; fetching
 * React and the router with the page meanwhile (the browser compiles them off
 * the main thread, and runs nothing until the app asks) shortens the way from
 * that paint to a working page, while the rest (antd, the app) still waits.
 */
function preloadWithPage(names: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'jokes:preload-with-page',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }): HtmlTagDescriptor[] {
        const chunks = new Map(
          Object.values(bundle ?? {})
            .filter((output): output is Rollup.OutputChunk => output.type === 'chunk')
            .map((chunk) => [chunk.fileName, chunk]),
        );
        const wanted = new Set<string>();
        const add = (fileName: string) => {
          if (wanted.has(fileName)) return;
          wanted.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) add(imported);
        };
        for (const chunk of chunks.values()) if (names.includes(chunk.name)) add(chunk.fileName);
        return [...wanted].map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
          injectTo: 'head',
        }));
      },
    },
  };
}

export default defineConfig({
  root: fromHere('.'),
  // React, the store and the router: about 115 kB compressed, within issue 12's 150 kB before the first paint.
  plugins: [react(), chunkSizeWarning(), preloadWithPage(['react', 'state']), prerenderHome()],
  resolve: { alias },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps (and the sourceMappingURL comments naming them) only when asked for: they would
    // hand anyone the app's source; the edge serves them only with the same WEB_SOURCE_MAPS=true.
    sourcemap: process.env.WEB_SOURCE_MAPS === 'true',
    // One style sheet (about 10 kB) in the head: the prerendered home page is styled at its first
    // paint, before the chunks of its parts (and with them their CSS) have loaded.
    cssCodeSplit: false,
    // Warned by chunkSizeWarning() above instead, which knows the one big lazy chunk.
    chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
    rolldownOptions: {
      // The app (src/app/start.tsx) is an entry of its own, which main.tsx imports only after
      // the first paint: the chunk groups below then know what it needs at start ('$initial').
      input: { index: fromHere('index.html'), start: fromHere('src/app/start.tsx') },
      // libs/domain is pure (DESIGN: it imports nothing and runs nothing on load), but its
      // catalogue builds tables at module level, which a bundler must assume has effects.
      // Saying so lets the web take the subscription rules without the comedian catalogue.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/libs/domain/src/') },
      output: {
        // Vendor code changes far less often than ours: separate chunks stay cached
        // across deploys. Only modules an entry needs ('$initial': the loader and the app's
        // start, so what every page needs at once) are grouped; code used only by a lazy
        // page or widget stays in its lazy chunk. Higher priority wins when a module
        // matches several groups.
        codeSplitting: {
          groups: [
            // Both entries use Vite's preload helper: alone, so the loader does not load the app with it.
            { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 50 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ['$initial'], priority: 40 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|@emotion|stylis)[\\/]/, tags: ['$initial'], priority: 30 },
            { name: 'state', test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk|react-router|react-router-dom)[\\/]/, tags: ['$initial'], priority: 20 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 10 },
            // Our own modules the start needs, in one chunk rather than one per module a lazy page
            // shares; never the loader's (main.tsx and its style sheet), which must stay apart.
            { name: 'start', test: (id: string) => /[\\/](apps[\\/]web[\\/]src|libs)[\\/]/.test(id) && !/([\\/]src[\\/]main\.tsx|\.css)$/.test(id), tags: ['$initial'], priority: 5 },
          ],
        },
      },
    },
  },
});
