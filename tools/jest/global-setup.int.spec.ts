import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { projectRoot } from '../postgres.ts';

interface SetupOutcome {
  url?: string;
  error?: string;
  /** Modules of testcontainers the setup loaded. */
  testcontainers: string[];
}

// Runs the Jest global setup (and teardown) in a fresh process that records
// every module it resolves, with `env` instead of this run's settings.
function runGlobalSetup(env: Record<string, string | undefined>): SetupOutcome {
  const setup = pathToFileURL(join(projectRoot(), 'tools/jest/global-setup.js')).href;
  const teardown = pathToFileURL(join(projectRoot(), 'tools/jest/global-teardown.js')).href;
  const script = `
    import { registerHooks } from 'node:module';
    import pg from 'pg';
    const loaded = [];
    registerHooks({ resolve(specifier, context, next) { const found = next(specifier, context); loaded.push(found.url); return found; } });
    const outcome = {};
    try {
      await (await import(${JSON.stringify(setup)})).default();
      outcome.url = process.env.TEST_DATABASE_URL;
      const client = new pg.Client({ connectionString: outcome.url });
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
    } catch (error) {
      outcome.error = error.message;
    }
    await (await import(${JSON.stringify(teardown)})).default();
    outcome.testcontainers = loaded.filter((url) => url.includes('testcontainers'));
    process.stdout.write(JSON.stringify(outcome));
    process.exit(0);
  `;
  const { TEST_DATABASE_URL: _set, TEST_CONTAINERS: _containers, DATABASE_URL: _database, ...inherited } = process.env;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: projectRoot(),
    env: { ...inherited, ...env },
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (child.status !== 0) throw new Error(`global setup process failed (${child.status}): ${child.stderr}`);
  return JSON.parse(child.stdout) as SetupOutcome;
}

describe('the Jest global setup', () => {
  it('without TEST_CONTAINERS, uses the PostgreSQL it is given and never loads testcontainers', () => {
    const outcome = runGlobalSetup({ DATABASE_URL: process.env.TEST_DATABASE_URL });

    expect(outcome).toEqual({ url: process.env.TEST_DATABASE_URL, testcontainers: [] });
  });

  it('with TEST_CONTAINERS=1, starts PostgreSQL through testcontainers (and says so where no container engine runs)', () => {
    const outcome = runGlobalSetup({ TEST_CONTAINERS: '1' });

    expect(outcome.testcontainers.some((url) => url.includes('@testcontainers/postgresql'))).toBe(true);
    if (outcome.error !== undefined) {
      // This machine has no container engine: the run stops with the reason instead of falling back quietly.
      expect(outcome.error).toMatch(/^TEST_CONTAINERS=1, but testcontainers could not start postgres:18 \(is a container engine running\?\)/);
      process.stdout.write(`[global setup spec] no container engine here: ${outcome.error}\n`);
    } else {
      // Where one runs: a real server answered, and the teardown stopped its container.
      expect(outcome.url).toMatch(/^postgres(ql)?:\/\//);
    }
  });
});
