import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { projectRoot } from '../postgres.ts';

// The README's configuration table names every environment variable the code
// reads (the product, its tools, its benchmarks and tests), so an operator never
// has to read the source to learn a setting exists.
const root = projectRoot();
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
// A row's first cell names one variable or a few (`STRIPE_PRICE_MONTHLY`, `STRIPE_PRICE_YEARLY`).
const documented = new Set(
  [...section.matchAll(/^\| ([^|]+) \|/gm)].flatMap(([, cell]) => [...cell!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map(([, name]) => name!)),
);

/** Set by a benchmark for the bare baseline server it starts itself: nobody else sets them. */
const INTERNAL = new Set(['BARE_CATALOGUE_FILE', 'BARE_HOME_FILE', 'BARE_POOL_SIZE', 'BARE_EVENT_FILE']);

// process.env.NAME, env.NAME, env['NAME'], and the settings helpers: intFromEnv(env, 'NAME', …), requireEnv(env, 'NAME').
const READS = [/\b(?:process\.)?env\.([A-Z][A-Z0-9_]{2,})\b/g, /\benv\[['"]([A-Z][A-Z0-9_]{2,})['"]\]/g, /\w+Env\(\s*[\w.]+,\s*['"]([A-Z][A-Z0-9_]{2,})['"]/g];

function variablesRead(): Map<string, string> {
  const files = execFileSync('git', ['ls-files', '-z', '--', 'apps', 'libs', 'tools'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => /\.(ts|tsx|js|mjs)$/.test(file) && !/\.spec\.tsx?$|\/dist\/|\.d\.ts$/.test(file));
  const found = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const pattern of READS) for (const [, name] of text.matchAll(pattern)) if (!found.has(name!)) found.set(name!, file);
  }
  return found;
}

describe("the README's configuration table", () => {
  it('has a row for every environment variable the code reads', () => {
    const missing = [...variablesRead()].filter(([name]) => !documented.has(name) && !INTERNAL.has(name)).map(([name, file]) => `${name} (read in ${file})`);
    expect(missing).toEqual([]);
  });

  it('finds the variables it is meant to find, so an empty list above means something', () => {
    const read = variablesRead();
    for (const name of ['DATABASE_URL', 'PROJECTOR_BATCH_WINDOW_MS', 'PAYMENT_RECORDS_YEARS', 'BENCH_WEB_RUNS']) expect(read.has(name)).toBe(true);
  });
});
