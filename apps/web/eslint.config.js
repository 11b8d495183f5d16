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
];
