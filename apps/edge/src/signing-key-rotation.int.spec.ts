import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOCAL_ANON_KEY } from '@jokes/contracts';
import { decodeJwt, decodeProtectedHeader } from 'jose';
// The supervisor lives in tools/, outside every project, on purpose: it is what `npm start` runs.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startStack, type RunningStack } from '../../../tools/stack.ts';
import { confirmedUser, query, uniqueEmail } from './testing/auth-helpers.js';

// `npm run rotate-signing-key` against the running product: the APIs verify
// tokens through the JWKS with a key-id cache (an unknown kid refetches at
// most every 30 s), so a new key that signed at once would fail there. The
// rotation publishes first and signs later; no token issued across it fails.
const secret = randomBytes(32).toString('base64url');
let stack: RunningStack;
beforeAll(async () => {
  stack = await startStack({ env: { AUTH_SIGNING_KEY_SECRET: secret } });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
}, 30_000);

const password = 'correct horse';
const root = fileURLToPath(new URL('../../..', import.meta.url));

const signIn = async (email: string) => {
  const response = await fetch(`${stack.baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
};
/** A call to the query API (JWKS verifier) and one to the auth service itself. */
const callApis = async (token: string) => {
  const headers = { authorization: `Bearer ${token}`, apikey: LOCAL_ANON_KEY };
  const api = await fetch(`${stack.baseUrl}/api/subscription-status?user_id=${decodeJwt(token).sub}`, { headers });
  const user = await fetch(`${stack.baseUrl}/auth/v1/user`, { headers });
  return [api.status, user.status];
};
const rotate = async () =>
  (
    await promisify(execFile)(process.execPath, [join(root, 'tools/rotate-signing-key.ts')], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: stack.databaseUrl, AUTH_SIGNING_KEY_SECRET: secret },
    })
  ).stdout;

describe('npm run rotate-signing-key', () => {
  it('moves signing to a new key while every token, issued before or after, keeps working at the APIs', async () => {
    const email = uniqueEmail('rotation');
    await confirmedUser(stack.baseUrl, email, password);
    const before = await signIn(email);
    const oldKid = decodeProtectedHeader(before).kid;
    // The APIs have now fetched the JWKS, so their cooldown is running when the new key arrives.
    expect(await callApis(before)).toEqual([200, 200]);

    const output = await rotate();
    const newKid = /Added signing key (\S+):/.exec(output)?.[1];
    expect(newKid).toBeDefined();
    expect(newKid).not.toBe(oldKid);
    const stored = await query<{ private_jwk: unknown; private_key_encrypted: string }>(stack.databaseUrl, 'SELECT private_jwk, private_key_encrypted FROM auth_signing_keys');
    expect(stored).toEqual([
      { private_jwk: null, private_key_encrypted: expect.stringMatching(/^v1\./) },
      { private_jwk: null, private_key_encrypted: expect.stringMatching(/^v1\./) },
    ]);

    // Sign in and call the APIs until tokens carry the new key: every answer is 200 on the way.
    const answers: number[][] = [];
    let kid = oldKid;
    const deadline = Date.now() + 120_000;
    while (kid !== newKid && Date.now() < deadline) {
      const token = await signIn(email);
      kid = decodeProtectedHeader(token).kid;
      answers.push(await callApis(token));
      if (kid !== newKid) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(kid).toBe(newKid);
    expect(answers).toEqual(answers.map(() => [200, 200]));
    expect(await callApis(before)).toEqual([200, 200]);

    const jwks = (await (await fetch(`${stack.baseUrl}/auth/v1/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((key) => key.kid).sort()).toEqual([oldKid, newKid].sort());
  }, 180_000);
});
