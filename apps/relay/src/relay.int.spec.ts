import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { readCheckpoint } from '@jokes/event-store';
import { Relay, RelayOwnershipLostError, type RelayOptions } from './relay.js';
import { RelayHost } from './relay-host.js';
import { InMemoryPublisher } from './testing/in-memory-publisher.js';
import { allEvents, appendLoad, eventIdOf, firstSkip, relayTestBed, until, versionOf, type RelayTestBed } from './testing/relay-test-kit.js';

let bed: RelayTestBed;
const running: { stop(): Promise<void> }[] = [];
const publishers: InMemoryPublisher[] = [];

beforeEach(async () => {
  bed = await relayTestBed();
});
afterEach(async () => {
  await Promise.all(publishers.splice(0).map((publisher) => publisher.close()));
  await Promise.all(running.splice(0).map((relay) => relay.stop()));
  await bed.close();
});

function relay(publisher: InMemoryPublisher, overrides: Partial<RelayOptions> = {}): Relay {
  publishers.push(publisher);
  const created = new Relay({ pool: bed.db.pool, connectionString: bed.db.url, store: bed.store, publisher, name: 'relay:test', batchSize: 10, pollIntervalMs: 20, ...overrides });
  running.push(created);
  return created;
}

const checkpoint = async () => {
  const row = await readCheckpoint(bed.db.pool, 'relay:test');
  return row && `${row.transactionId}.${row.globalPosition}`;
};
const cursorOf = (event: { transactionId: bigint; globalPosition: bigint }) => `${event.transactionId}.${event.globalPosition}`;

describe('relay', () => {
  it('publishes every event once, in the store order, each stream in version order across batch boundaries', async () => {
    await appendLoad(bed.store, 6, 25);
    const events = await allEvents(bed.store);
    const publisher = new InMemoryPublisher();
    void relay(publisher, { batchSize: 7 }).start();

    await publisher.until(() => publisher.acknowledged.length >= events.length);

    expect(publisher.acknowledged.map(eventIdOf)).toEqual(events.map((event) => event.eventId));
    for (const stream of new Set(events.map((event) => event.streamId))) {
      const versions = publisher.acknowledged.filter((message) => message.key === stream).map(versionOf);
      expect(versions).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
    }
    expect(publisher.calls.every((call) => call.messages.length <= 7)).toBe(true);
  });

  it('has one bounded batch in flight and moves its checkpoint only after the broker acknowledged it', async () => {
    await appendLoad(bed.store, 3, 10);
    const events = await allEvents(bed.store);
    const publisher = new InMemoryPublisher({ hold: true });
    void relay(publisher, { batchSize: 10 }).start();

    for (let batch = 0; batch < 3; batch++) {
      const call = await publisher.call(batch);
      // While the broker has not answered: nothing else was handed over, and the
      // checkpoint is still where the previous acknowledged batch ended.
      expect(publisher.calls).toHaveLength(batch + 1);
      expect(call.messages.map(eventIdOf)).toEqual(events.slice(batch * 10, batch * 10 + 10).map((event) => event.eventId));
      expect(await checkpoint()).toBe(batch === 0 ? '0.0' : cursorOf(events[batch * 10 - 1]!));
      call.ack();
    }
    await until(async () => (await checkpoint()) === cursorOf(events[29]!));
    expect(publisher.maxInFlight).toBe(1);
  });

  it('sends a batch the broker refused again, and loses nothing', async () => {
    await appendLoad(bed.store, 2, 10);
    const events = await allEvents(bed.store);
    const publisher = new InMemoryPublisher({ hold: true });
    publishers.push(publisher);
    const host = new RelayHost({ pool: bed.db.pool, connectionString: bed.db.url, store: bed.store, publisher, name: 'relay:test', batchSize: 8, pollIntervalMs: 20, retryDelayMs: 10 });
    running.push(host);
    await host.start();

    const refused = await publisher.call(0);
    refused.fail();
    const again = await publisher.call(1);
    expect(again.messages).toEqual(refused.messages);
    expect(await checkpoint()).toBe('0.0');
    again.ack();
    for (let index = 2; publisher.acknowledged.length < events.length; index++) (await publisher.call(index)).ack();

    expect(publisher.acknowledged.map(eventIdOf)).toEqual(events.map((event) => event.eventId));
  });

  it('starts again from its checkpoint: a new relay publishes only what came after', async () => {
    await appendLoad(bed.store, 2, 5, 'before');
    const first = new InMemoryPublisher();
    const earlier = relay(first);
    void earlier.start();
    await first.until(() => first.acknowledged.length === 10);
    await earlier.stop();

    await appendLoad(bed.store, 2, 3, 'after');
    const second = new InMemoryPublisher();
    void relay(second).start();
    await second.until(() => second.acknowledged.length >= 6);

    const events = await allEvents(bed.store);
    expect(second.acknowledged.map(eventIdOf)).toEqual(events.slice(10).map((event) => event.eventId));
    expect(second.acknowledged.every((message) => message.key.startsWith('after-'))).toBe(true);
  });

  it('lets one relay publish while a second stands by, which takes over from the checkpoint when the first stops', async () => {
    await appendLoad(bed.store, 2, 5, 'first');
    const ownerLog = new InMemoryPublisher();
    const standbyLog = new InMemoryPublisher();
    const owner = relay(ownerLog);
    void owner.start();
    await ownerLog.until(() => ownerLog.acknowledged.length === 10);
    const standby = relay(standbyLog);
    void standby.start();
    await appendLoad(bed.store, 1, 4, 'second');
    await ownerLog.until(() => ownerLog.acknowledged.length === 14);
    expect(standby.state).toBe('standby');
    expect(standbyLog.calls).toHaveLength(0);

    await owner.stop();
    await appendLoad(bed.store, 1, 3, 'third');
    await standbyLog.until(() => standbyLog.acknowledged.length >= 3);

    expect(standby.state).toBe('live');
    expect(standbyLog.acknowledged.map((message) => message.key.split('-')[0])).toEqual(['third', 'third', 'third']);
    expect(firstSkip([...ownerLog.acknowledged, ...standbyLog.acknowledged])).toBeUndefined();
  });

  it('stops when another relay moved the checkpoint while its batch was in flight', async () => {
    await appendLoad(bed.store, 1, 5);
    const publisher = new InMemoryPublisher({ hold: true });
    const cut = relay(publisher);
    const outcome = cut.start().then(() => 'stopped', (error: unknown) => error);
    const call = await publisher.call(0);
    // Another owner (this one lost its lock connection) published and recorded the same batch.
    await bed.db.pool.query(`UPDATE projection_checkpoints SET last_position = last_position + 1000 WHERE name = 'relay:test'`);
    call.ack();

    expect(await outcome).toBeInstanceOf(RelayOwnershipLostError);
    expect(publisher.calls).toHaveLength(1);
  });
});
