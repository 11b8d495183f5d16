import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '../testing/index.js';
import { AdvisoryLockSession } from './advisory-lock-ownership.js';

// The projections of one process hold their locks on one session (AdvisoryLockSession).
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('locks');
});
afterAll(async () => {
  await db.drop();
});

const backends = async (applicationName: string) =>
  (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [applicationName])).rows[0]!.n;

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 20));

/** Tries once: true when it got the lock, false when it would stand by. */
async function tryOnce(session: AdvisoryLockSession, name: string): Promise<boolean> {
  const stop = new AbortController();
  let standby = false;
  await session.ownership(name).acquire(stop.signal, async () => stop.abort(), () => (standby = true));
  return !standby;
}

describe('AdvisoryLockSession', () => {
  it('holds the locks of several workers on one backend; another session stands by for each of them', async () => {
    const owner = new AdvisoryLockSession(db.url, { applicationName: 'locks-owner', onConnectionError: () => undefined });
    const other = new AdvisoryLockSession(db.url, { applicationName: 'locks-other', onConnectionError: () => undefined });
    const a = owner.ownership('projector:a');
    const b = owner.ownership('projector:b');
    try {
      expect(await tryOnce(owner, 'projector:a')).toBe(true);
      expect(await tryOnce(owner, 'projector:b')).toBe(true);
      expect(await backends('locks-owner')).toBe(1);
      expect(await tryOnce(other, 'projector:a')).toBe(false);
      expect(await tryOnce(other, 'projector:b')).toBe(false);

      // One worker lets its lock go: the standby takes it, and the session keeps the other.
      await a.release();
      expect(await tryOnce(other, 'projector:a')).toBe(true);
      expect(await tryOnce(other, 'projector:b')).toBe(false);

      // The last lock released ends the session's backend.
      await b.release();
      for (let i = 0; i < 50 && (await backends('locks-owner')) > 0; i++) await tick();
      expect(await backends('locks-owner')).toBe(0);
    } finally {
      await other.ownership('projector:a').release();
      await other.ownership('projector:b').release();
    }
  });

  it('loses every lock with its connection, says so, and opens a new session at the next acquire', async () => {
    const lost: string[] = [];
    const session = new AdvisoryLockSession(db.url, { applicationName: 'locks-lost', onConnectionError: (error) => lost.push(error.message) });
    const rival = new AdvisoryLockSession(db.url, { applicationName: 'locks-rival', onConnectionError: () => undefined });
    try {
      expect(await tryOnce(session, 'projector:c')).toBe(true);
      await db.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'locks-lost'`);
      for (let i = 0; i < 50 && lost.length === 0; i++) await tick();
      expect(lost).toHaveLength(1);
      // Gone with the connection: another process may take it now.
      expect(await tryOnce(rival, 'projector:c')).toBe(true);
      expect(await tryOnce(session, 'projector:d')).toBe(true);
      expect(await backends('locks-lost')).toBe(1);
    } finally {
      await session.ownership('projector:d').release();
      await rival.ownership('projector:c').release();
    }
  });
});
