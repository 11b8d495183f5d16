import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// In development the backends answer on the edge's port; in production the edge
// serves this build and /api from one origin, so the client only uses relative URLs.
const apiProxy = { '/api': process.env.JOKES_API_ORIGIN ?? 'http://localhost:3000' };

export default defineConfig({
  root: fromHere('.'),
  plugins: [react()],
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
    // The antd vendor chunk is ~500 kB minified (~165 kB gzip) and long-cached; warn above that.
    chunkSizeWarningLimit: 600,
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
            // Vite's preload helper too: the chart chunks below also import it, and left alone it would
            // become a chunk of its own that the entry loads.
            { name: 'vendor', test: /node_modules[\\/]|vite[\\/]preload-helper/, tags: ['$initial'], priority: 10 },
            // The analyst dashboard's charts (@ant-design/plots on G2: about 480 kB gzip), loaded only
            // there, cut into pieces under the warning limit that download in parallel and stay cached
            // apart from the dashboard's own code. Below every $initial group, so a module the entry
            // also needs (tslib, say) stays with the entry and never pulls a chart chunk into it.
            {
              name: 'charts',
              test: /node_modules[\\/](@ant-design[\\/]plots|@ant-design[\\/]charts-util|@antv|html2canvas|gl-matrix|d3-[a-z-]+|lodash|fecha|pdfast|tslib)[\\/]/,
              priority: 5,
              maxSize: 1_500_000,
            },
          ],
        },
      },
    },
  },
});
