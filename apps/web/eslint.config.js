// The workspace's rules plus the web's folder boundaries. ESLint looks for its
// config from the directory it runs in, so the web's lint (run in apps/web)
// reads this file, which extends the root one instead of repeating it.
import path from 'node:path';
import root from '../../eslint.config.js';
import web from './lint/feature-boundaries.rule.js';

export default [
  ...root,
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { web },
    rules: { 'web/feature-boundaries': ['error', { srcRoot: path.join(import.meta.dirname, 'src') }] },
  },
  {
    // Only supabase-js's auth part ships to the browser (its database, storage and
    // realtime clients would be about 25 kB compressed the app never uses). Specs
    // may still take error classes from supabase-js: they are auth-js's own.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/**/*.spec.ts', 'src/**/*.spec.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@supabase/supabase-js', message: 'Use @supabase/auth-js: only the auth client ships to the browser.' }] },
      ],
    },
  },
];
