import { describe, expect, it } from '@jest/globals';
import { jokeStreamId, JokeNotFoundError } from '@jokes/domain';
import { formatCursor, InMemoryEventStore, type EventStore } from '@jokes/event-store';
import { jokeCommandRunner, storeWithJoke as storedJoke } from '../jokes/testing/joke-command-runner.js';

const origin = { correlationId: 'corr-1', idempotencyKey: 'key-1' };
const jokeId = '7d0f4b1e-9c8a-4e51-b2a3-5f6e7d8c9b0a';

const storeWithJoke = () => storedJoke(jokeId);

/** As the routes hand them over: the reporter is the verified caller, the staff member the actor. */
const report = (store: EventStore, userId = 'reader') => jokeCommandRunner(store).run({ type: 'ReportJoke', data: { jokeId, userId, reason: 'offensive' } }, { actor: userId, origin });
const withdraw = (store: EventStore) => jokeCommandRunner(store).run({ type: 'WithdrawJoke', data: { jokeId, reason: 'copyright' } }, { actor: 'staff-1', origin });
const dismiss = (store: EventStore) => jokeCommandRunner(store).run({ type: 'DismissJokeReports', data: { jokeId } }, { actor: 'staff-1', origin });

describe('ReportJoke through the joke command runner', () => {
  it('appends JokeReported with the reporter as actor and answers its position; a second report appends nothing and answers the same', async () => {
    const store = await storeWithJoke();
    const { answer } = await report(store);
    const again = await report(store);

    const [, reported, ...more] = await store.readStream(jokeStreamId(jokeId));
    expect(more).toEqual([]);
    expect(reported).toMatchObject({ type: 'JokeReported', data: { jokeId, reporterId: 'reader', reason: 'offensive' }, metadata: { ...origin, actor: 'reader', command: 'ReportJoke' } });
    expect(answer).toEqual(formatCursor(reported!));
    expect(again.answer).toEqual(answer);
  });
});

describe('WithdrawJoke through the joke command runner', () => {
  it('appends JokeWithdrawn once, with the staff member as actor', async () => {
    const store = await storeWithJoke();
    await withdraw(store);
    await withdraw(store);

    const [, withdrawn, ...more] = await store.readStream(jokeStreamId(jokeId));
    expect(more).toEqual([]);
    expect(withdrawn).toMatchObject({ type: 'JokeWithdrawn', data: { jokeId, userId: 'owner', reason: 'copyright' }, metadata: { actor: 'staff-1', command: 'WithdrawJoke' } });
  });

  it('refuses an unknown joke with JokeNotFoundError and writes nothing', async () => {
    const store = new InMemoryEventStore();
    await expect(withdraw(store)).rejects.toBeInstanceOf(JokeNotFoundError);
    expect(await store.head()).toEqual({ transactionId: 0n, globalPosition: 0n });
  });
});

describe('DismissJokeReports through the joke command runner', () => {
  it('dismisses the open reports with the staff member as actor', async () => {
    const store = await storeWithJoke();
    await report(store, 'a');
    await report(store, 'b');
    await dismiss(store);

    const events = await store.readStream(jokeStreamId(jokeId));
    expect(events.at(-1)).toMatchObject({ type: 'JokeReportsDismissed', data: { jokeId, reports: 2 }, metadata: { actor: 'staff-1', command: 'DismissJokeReports' } });
  });
});
