import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { projectRoot } from '../../../tools/postgres.ts';

// NODE_ENV=production on the development defaults: the supervisor and each API
// refuse to start, naming what to set, before they touch a database or a port.
const unsafeProduction = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATABASE_URL: 'postgres://nobody@127.0.0.1:9/never' };
  for (const name of ['STRIPE_SECRET_KEY', 'SMTP_URL', 'AUTH_SIGNING_KEY_SECRET', 'PERSONAL_DATA_KEY_SECRET']) delete env[name];
  return env;
};

function run(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [join(projectRoot(), script)], { cwd: projectRoot(), env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  // A process that did not refuse would keep running: stop it, and the test fails on its exit code.
  const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, output: output.join('') });
    }),
  );
}

describe('starting in production on development defaults', () => {
  it.each(['tools/start.ts', 'apps/command-api/dist/main.js', 'apps/query-api/dist/main.js'])(
    '%s refuses with status 1 and names every variable to set',
    async (script) => {
      const { code, output } = await run(script, unsafeProduction());
      expect(code).toBe(1);
      expect(output).toContain('Refusing to start with NODE_ENV=production on development defaults');
      for (const name of ['STRIPE_SECRET_KEY', 'SMTP_URL', 'AUTH_SIGNING_KEY_SECRET', 'PERSONAL_DATA_KEY_SECRET']) expect(output).toContain(`Set ${name}`);
      expect(output).not.toContain('listening');
    },
    30_000,
  );
});
