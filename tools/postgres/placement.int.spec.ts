import { afterEach, describe, expect, it } from '@jest/globals';
import { chmodSync, cpSync, existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { freePort, startEmbeddedPostgres, type RunningPostgres } from '../postgres.ts';
import { findBinaries } from './binaries.ts';
import { EmbeddedServer } from './embedded-server.ts';
import { canReach, placeServer } from './placement.ts';

// What a newcomer gets who clones as root into a folder only root can enter
// (`mktemp -d`, /root): PostgreSQL runs as the postgres user, who must still
// reach its binaries and its data.
const asRoot = process.getuid?.() === 0 ? it : it.skip;
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}, 30_000);

/** A folder like `mktemp -d` makes: mode 0700, only its owner may enter. */
function privateFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'jokes-private-'));
  chmodSync(folder, 0o700);
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

async function answers(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ answer: number }>('SELECT 40 + 2 AS answer')).rows[0]!.answer;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL in a folder only its owner can enter', () => {
  it('starts with its data folder inside a 0700 folder and answers a query', async () => {
    const dataDir = join(privateFolder(), 'project', '.data', 'postgres');
    const server: RunningPostgres = await startEmbeddedPostgres({ dataDir, database: 'jokes' });
    cleanups.push(() => rmSync(server.dataDir!, { recursive: true, force: true }));
    cleanups.push(() => server.stop());
    expect(await answers(server.url)).toBe(42);
    // Where it really lives is reachable by the server's user, and the asked-for path leads there.
    expect(realpathSync(dataDir)).toBe(server.dataDir);
  }, 60_000);

  it('keeps its data across a restart (the same folder is found again)', async () => {
    const dataDir = join(privateFolder(), 'postgres');
    const first = await startEmbeddedPostgres({ dataDir, database: 'kept' });
    cleanups.push(() => rmSync(first.dataDir!, { recursive: true, force: true }));
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query('CREATE TABLE marker (value text); INSERT INTO marker VALUES ($$still here$$)');
    await client.end();
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir, database: 'kept' });
    cleanups.push(() => second.stop());
    expect(second.dataDir).toBe(first.dataDir);
    const again = new pg.Client({ connectionString: second.url });
    await again.connect();
    expect((await again.query('SELECT value FROM marker')).rows).toEqual([{ value: 'still here' }]);
    await again.end();
  }, 60_000);

  asRoot('runs binaries the postgres user cannot reach from a copy it can, keyed by where they came from', async () => {
    const installed = findBinaries();
    // node_modules of a clone in a private folder: same files, unreachable path.
    const hidden = join(privateFolder(), 'node_modules', 'native');
    cpSync(installed.root, hidden, { recursive: true, verbatimSymlinks: true });
    const base = mkdtempSync(join(tmpdir(), 'jokes-pg-base-'));
    chmodSync(base, 0o755);
    cleanups.push(() => rmSync(base, { recursive: true, force: true }));
    const notices: string[] = [];

    const placement = placeServer({ dataDir: join(privateFolder(), 'postgres'), binaries: { root: hidden, version: installed.version }, base, log: (line) => notices.push(line) });
    expect(placement.binaries.root.startsWith(base)).toBe(true);
    expect(placement.dataDir.startsWith(base)).toBe(true);
    expect(canReach(placement.user!, join(placement.binaries.root, 'bin', 'postgres'))).toBe(true);
    expect(notices.join('\n')).toContain(base);

    const port = await freePort();
    const server = new EmbeddedServer({ placement, port, user: 'postgres', password: 'postgres', log: () => undefined, notice: () => undefined });
    await server.initialise();
    await server.start();
    cleanups.push(() => server.stop());
    expect(await answers(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`)).toBe(42);
  }, 120_000);

  asRoot('removes the binaries and data it relocated for a clone once the clone is deleted, and keeps those of a clone still there', () => {
    const installed = findBinaries();
    const base = mkdtempSync(join(tmpdir(), 'jokes-pg-base-'));
    chmodSync(base, 0o755);
    cleanups.push(() => rmSync(base, { recursive: true, force: true }));
    const clone = (): { root: string; dataDir: string; binaries: { root: string; version: string } } => {
      const root = privateFolder();
      const binaries = join(root, 'node_modules', 'native');
      cpSync(installed.root, binaries, { recursive: true, verbatimSymlinks: true });
      return { root, dataDir: join(root, '.data', 'postgres'), binaries: { root: binaries, version: installed.version } };
    };
    const place = (of: ReturnType<typeof clone>) => placeServer({ dataDir: of.dataDir, binaries: of.binaries, base, log: () => undefined });
    const deleted = clone();
    const kept = clone();
    const gone = place(deleted);
    const stays = place(kept);

    rmSync(deleted.root, { recursive: true, force: true });
    place(kept);

    expect(existsSync(gone.dataDir)).toBe(false);
    expect(existsSync(dirname(gone.binaries.root))).toBe(false);
    expect(existsSync(stays.dataDir)).toBe(true);
    expect(existsSync(join(stays.binaries.root, 'bin', 'postgres'))).toBe(true);
  }, 120_000);
});
