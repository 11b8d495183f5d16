import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  root: fromHere('.'),
  plugins: [react(), chunkSizeWarning()],
  resolve: {
    // Contracts and the domain's pure rules are read from source, so the web never
    // waits for a build of the libs.
    alias: {
      '@jokes/contracts': fromHere('../../libs/contracts/src/index.ts'),
      '@jokes/domain': fromHere('../../libs/domain/src/index.ts'),
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Warned by chunkSizeWarning() above instead, which knows the one big lazy chunk.
    chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
    rolldownOptions: {
      // libs/domain is pure (DESIGN: it imports nothing and runs nothing on load), but its
      // catalogue builds tables at module level, which a bundler must assume has effects.
      // Saying so lets the web take the subscription rules without the comedian catalogue.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/libs/domain/src/') },
      output: {
        // Vendor code changes far less often than ours: separate chunks stay cached
        // across deploys. Only modules the entry needs ('$initial') are grouped, so
        // vendor code used by a lazy page or widget stays in that lazy chunk.
        // Higher priority wins when a module matches several groups.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ['$initial'], priority: 40 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|@emotion|stylis)[\\/]/, tags: ['$initial'], priority: 30 },
            // supabase-js restores or detects the session at start; about 55 kB gzip, its own cache line.
            { name: 'supabase', test: /node_modules[\\/]@supabase[\\/]/, tags: ['$initial'], priority: 25 },
            { name: 'state', test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk|react-router|react-router-dom)[\\/]/, tags: ['$initial'], priority: 20 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
});
