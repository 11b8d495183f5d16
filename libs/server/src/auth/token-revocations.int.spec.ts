import { afterEach, describe, expect, it } from '@jest/globals';
import { isDatabaseUnavailable } from '../database-unavailable.js';
import { REVOCATION_BOUND_MS, RevocationList, RevocationsUnavailableError } from './token-revocations.js';

// The list's own rules, on the shared test PostgreSQL (whose database has no
// auth tables: the auth service has not migrated there) and on a port where
// nothing listens.
const token = { userId: '6f1c0c3e-63b4-4d0f-9d44-4d7f3c1b2a10', sessionId: 'a3f1e9d2-1b7c-4c55-8f0e-2d9b6c4e7a01', roles: ['analyst'] };
let list: RevocationList | undefined;
afterEach(async () => {
  await list?.stop();
  list = undefined;
});

describe('the token revocation list', () => {
  it('refuses nothing where the auth tables do not exist yet: nothing was ever revoked', async () => {
    list = await RevocationList.start({ databaseUrl: process.env.TEST_DATABASE_URL!, refreshMs: 1_000 });
    expect(list.refuses(token)).toBe(false);
  });

  it('vouches for no token once it is older than the 5 s bound, with an error the APIs answer 503', async () => {
    list = await RevocationList.start({ databaseUrl: process.env.TEST_DATABASE_URL!, refreshMs: 1_000 });
    const later = Date.now() + REVOCATION_BOUND_MS + 1_000;
    let error: unknown;
    try {
      list.refuses(token, later);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RevocationsUnavailableError);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('starts while the database cannot be reached, and refuses to vouch until it can', async () => {
    list = await RevocationList.start({ databaseUrl: 'postgres://postgres:postgres@127.0.0.1:1/none', refreshMs: 1_000 });
    expect(() => list!.refuses(token)).toThrow(RevocationsUnavailableError);
  });
});
