import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { migrate } from '@jokes/event-store';
import { createTestDatabase, type TestDatabase } from '@jokes/event-store/testing';
import pg from 'pg';
import { NarrationQuota } from './narration-quota.js';
import { SpendCeiling } from './spend-ceiling.js';
import type { SpendConfig } from './spend.config.js';
import { spendMigrations } from './spend.migrations.js';
import { SpendCounters } from './spend-counters.repository.js';
import { NarrationQuotaExceededError, SpendCeilingReachedError } from './spend-limit.error.js';

let db: TestDatabase;
let otherInstance: pg.Pool;

beforeAll(async () => {
  db = await createTestDatabase('spend');
  await migrate(db.pool, 'spend', spendMigrations);
  otherInstance = new pg.Pool({ connectionString: db.url, max: 4 });
}, 30_000);
afterAll(async () => {
  await otherInstance?.end();
  await db?.drop();
});

const config: SpendConfig = { modelCallsPerHour: 10, narrationCharactersPerHour: 1_000, freeSharePercent: 50, narrationCharactersPerUserPerDay: 300 };

/** Each test its own hour (of a day long ago), so their counts never meet. */
let hours = 0;
function anHour(): { at: (minute: number) => Date; clock: () => Date; now: Date } {
  const start = Date.UTC(2026, 0, 1) + hours++ * 3_600_000;
  const state = { now: new Date(start + 20 * 60_000), at: (minute: number) => new Date(start + minute * 60_000), clock: () => state.now };
  return state;
}

const refusal = async (taking: Promise<unknown>) => taking.then(() => undefined, (error: unknown) => error);

describe('SpendCeiling', () => {
  it('answers 503 with Retry-After once the free share of the hourly model budget is spent', async () => {
    const hour = anHour();
    const ceiling = new SpendCeiling(new SpendCounters(db.pool), config, hour.clock);
    for (let call = 0; call < 5; call++) await ceiling.take('model-calls', 1, 'free');

    const error = await refusal(ceiling.take('model-calls', 1, 'free'));

    expect(error).toBeInstanceOf(SpendCeilingReachedError);
    expect(error).toMatchObject({ status: 503, title: 'Our writers are busy', retryAfterSeconds: 40 * 60, message: 'Too many people are laughing right now. Try again in 40 minutes.' });
    expect((await ceiling.state())['model-calls']).toMatchObject({ used: 5, ceiling: 10, freeLimit: 5 });
  });

  it('still writes for a Pro user when free callers have spent their share, up to the whole ceiling', async () => {
    const hour = anHour();
    const ceiling = new SpendCeiling(new SpendCounters(db.pool), config, hour.clock);
    for (let call = 0; call < 5; call++) await ceiling.take('model-calls', 1, 'free');

    for (let call = 0; call < 5; call++) await ceiling.take('model-calls', 1, 'pro');

    expect(await refusal(ceiling.take('model-calls', 1, 'pro'))).toBeInstanceOf(SpendCeilingReachedError);
    expect((await ceiling.state())['model-calls'].used).toBe(10);
  });

  it('holds the ceiling when two instances take at once', async () => {
    const hour = anHour();
    const instances = [new SpendCeiling(new SpendCounters(db.pool), config, hour.clock), new SpendCeiling(new SpendCounters(otherInstance), config, hour.clock)];

    const outcomes = await Promise.allSettled(Array.from({ length: 40 }, (_, call) => instances[call % 2]!.take('model-calls', 1, 'pro')));

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
    expect((await instances[0]!.state())['model-calls'].used).toBe(10);
  });

  it('counts narrated characters apart from model calls, and refuses a take larger than what is left', async () => {
    const hour = anHour();
    const ceiling = new SpendCeiling(new SpendCounters(db.pool), config, hour.clock);
    await ceiling.take('narration-characters', 900, 'pro');

    const error = await refusal(ceiling.take('narration-characters', 101, 'pro'));

    expect(error).toMatchObject({ status: 503, title: 'Our narrators are busy' });
    await ceiling.take('narration-characters', 100, 'pro');
    await ceiling.take('model-calls', 1, 'free');
  });

  it('starts afresh when the hour turns, and says when it resets', async () => {
    const hour = anHour();
    const ceiling = new SpendCeiling(new SpendCounters(db.pool), config, hour.clock);
    for (let call = 0; call < 5; call++) await ceiling.take('model-calls', 1, 'free');
    expect((await ceiling.state())['model-calls'].resetsAt).toBe(hour.at(60).toISOString());

    hour.now = hour.at(61);

    await ceiling.take('model-calls', 1, 'free');
    expect((await ceiling.state())['model-calls']).toEqual({ used: 1, ceiling: 10, freeLimit: 5, resetsAt: hour.at(120).toISOString() });
  });
});

describe('NarrationQuota', () => {
  it("refuses narration beyond the user's daily quota with 429 and the time until the day ends, other users unaffected", async () => {
    const hour = anHour();
    const quota = new NarrationQuota(new SpendCounters(db.pool), config, hour.clock);
    await quota.take('user-a', 250);

    const error = await refusal(quota.take('user-a', 51));

    expect(error).toBeInstanceOf(NarrationQuotaExceededError);
    expect(error).toMatchObject({ status: 429, title: 'Daily narration limit reached' });
    expect((error as NarrationQuotaExceededError).message).toMatch(/300 characters read aloud today, the daily limit\. It resets in \d+ hours?\./);
    await quota.take('user-b', 300);
  });

  it('gives the characters back when the narration fails', async () => {
    const hour = anHour();
    const quota = new NarrationQuota(new SpendCounters(db.pool), config, hour.clock);
    const taken = await quota.take('user-c', 300);

    await taken.giveBack();

    await quota.take('user-c', 300);
  });
});

describe('SpendCounters', () => {
  it('forgets windows that ended more than a day before the one being counted', async () => {
    const counters = new SpendCounters(db.pool);
    const old = { counter: 'narration-characters:user:old', start: new Date(Date.UTC(2025, 0, 1)), end: new Date(Date.UTC(2025, 0, 2)) };
    await new SpendCounters(db.pool).take(old, 5, 10);

    await counters.take({ counter: 'model-calls', start: new Date(Date.UTC(2025, 0, 3, 1)), end: new Date(Date.UTC(2025, 0, 3, 2)) }, 1, 10);

    expect(await counters.used(old)).toBe(0);
  });
});
