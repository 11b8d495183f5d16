// npm run rotate-signing-key
//
// Adds a new JWT signing key. It is published in the JWKS at once and signs
// access tokens from about 40 s later (every verifier has fetched it by then);
// the key it replaces keeps verifying until its last token has expired
// (AUTH_ACCESS_TOKEN_SECONDS plus 5 minutes), then it leaves the JWKS and the
// next rotation deletes it. Needs the secret the keys are encrypted with
// (AUTH_SIGNING_KEY_SECRET, or the development one in $DATA_DIR) and the
// database (DATABASE_URL, or the embedded server of a running `npm start`).
// The running product picks the new key up by itself: no restart.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runningDatabaseUrl } from '@jokes/event-store';
import pg from 'pg';
import { loadSigningKeySecret } from '../apps/command-api/dist/auth/tokens/signing-key-secret.js';
import { rotateSigningKey } from '../apps/command-api/dist/auth/tokens/signing-key-store.js';

const env = process.env;
if (process.argv.length > 2) {
  process.stderr.write('Usage: npm run rotate-signing-key\n(settings come from the environment: DATABASE_URL or PG_PORT, AUTH_SIGNING_KEY_SECRET or DATA_DIR, AUTH_ACCESS_TOKEN_SECONDS)\n');
  process.exit(2);
}
const url = runningDatabaseUrl(env);
const pool = new pg.Pool({ connectionString: url, max: 2 });

async function main(): Promise<number> {
  // The same DATA_DIR as tools/start.ts gives the product (relative to the project).
  const root = fileURLToPath(new URL('..', import.meta.url));
  const secret = loadSigningKeySecret(env, { dataDir: resolve(root, env.DATA_DIR ?? '.data'), create: false });
  // The lifetime the command API gives access tokens (auth-settings.ts), so the old key outlives them all.
  const accessTokenSeconds = Number(env.AUTH_ACCESS_TOKEN_SECONDS || 3600);
  if (!Number.isInteger(accessTokenSeconds) || accessTokenSeconds <= 0) throw new Error('AUTH_ACCESS_TOKEN_SECONDS must be a positive integer');
  const rotation = await rotateSigningKey(pool, secret.key, new Date(), accessTokenSeconds);
  const lines = [
    `Added signing key ${rotation.added.kid}: published now, signs from ${rotation.added.signsFrom.toISOString()}.`,
    rotation.previous
      ? `The previous key ${rotation.previous.kid} signs until then and verifies until ${rotation.previous.retiresAt.toISOString()} (access tokens live ${accessTokenSeconds} s), then it is retired.`
      : 'There was no previous key.',
    ...(rotation.removed.length > 0 ? [`Deleted ${rotation.removed.length} retired key(s): ${rotation.removed.join(', ')}.`] : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  const hint = /ECONNREFUSED/.test(message) && !env.DATABASE_URL ? ` (without DATABASE_URL this uses the embedded server of a running npm start, ${url}: is it running?)` : '';
  process.stderr.write(`rotate-signing-key: ${message}${hint}\n`);
  process.exitCode = 1;
} finally {
  await pool.end();
}
