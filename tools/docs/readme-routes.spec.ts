import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { contracts } from '@jokes/contracts';
import { projectRoot } from '../postgres.ts';

// The README's route table is the operator's map of the API: every call the
// contracts define has a row (method and path), and no row names a call that
// is gone, so the table cannot drift from the code.
const readme = readFileSync(join(projectRoot(), 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Routes'), readme.indexOf('\n## ', readme.indexOf('## Routes') + 1));
const rows = [...section.matchAll(/^\| `(GET|POST|PUT|DELETE|HEAD)` \| `([^`]+)` \|/gm)].map(([, method, path]) => `${method} ${path}`);

describe("the README's route table", () => {
  it('has a row for every contract', () => {
    const missing = contracts.map((contract) => `${contract.method} ${contract.path}`).filter((route) => !rows.includes(route));
    expect(missing).toEqual([]);
  });

  it('names no route the contracts do not define', () => {
    const known = new Set(contracts.map((contract) => `${contract.method} ${contract.path}`));
    expect(rows.filter((route) => !known.has(route))).toEqual([]);
  });
});
