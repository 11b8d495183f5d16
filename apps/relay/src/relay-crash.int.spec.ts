import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { formatCursor, readCheckpoint } from '@jokes/event-store';
import { allEvents, eventIdOf, firstSkip, relayTestBed, until, type RelayTestBed } from './testing/relay-test-kit.js';
import { RelayProcess, TestBroker, type ReceivedBatch } from './testing/relay-process.js';

// Real processes, killed with SIGKILL while the writers keep appending: the
// checkpoint, the lock and the resend are the relay's own code; only the
// broker is the test (relay-process.ts), so it can see every batch.
const BATCH = 20;
const STREAMS = 8;
const WINDOW = 200;

let bed: RelayTestBed;
const processes: RelayProcess[] = [];

beforeAll(async () => {
  bed = await relayTestBed();
});
afterAll(async () => {
  await Promise.all(processes.map((relay) => relay.stop()));
  await bed.close();
});

async function start(broker: TestBroker): Promise<RelayProcess> {
  const relay = await RelayProcess.start({ DATABASE_URL: bed.db.url, RELAY_BATCH_SIZE: String(BATCH) }, broker);
  processes.push(relay);
  return relay;
}

/**
 * Appends to STREAMS streams, one to three events at a time, until `stop` says
 * so, staying at most WINDOW events ahead of what the broker acknowledged: the
 * writers keep appending while the relays publish (and die), without running
 * away while no relay is up.
 */
function writeUntil(stop: () => boolean, broker: TestBroker): Promise<number> {
  let written = 0;
  return Promise.all(
    Array.from({ length: STREAMS }, async (_, index) => {
      const streamId = `crash-${index}`;
      let version = 0;
      while (!stop()) {
        await broker.until(() => written < broker.acknowledged.length + WINDOW || stop());
        const count = 1 + ((version + index) % 3);
        const events = Array.from({ length: count }, (_, offset) => ({ type: 'Counted', data: { n: version + offset + 1 } }));
        await bed.store.append(streamId, events, { expectedVersion: version });
        version += count;
        written += count;
      }
    }),
  ).then(() => written);
}

describe('relay processes killed with SIGKILL under load', () => {
  it('publish every event, in order per stream, sending again only the batches in flight at each crash', async () => {
    let held: ReceivedBatch | undefined;
    let ackedThenKilled: ReceivedBatch | undefined;
    const broker = new TestBroker((batch, index) => {
      // Crash 1: the owner dies while its third batch waits for the broker.
      if (index === 2) {
        held = batch;
        batch.from.kill();
        return 'hold';
      }
      // Crash 2: the standby that took over dies right after its third batch
      // was acknowledged, before or after it recorded its checkpoint.
      if (held && !ackedThenKilled && batch.from !== held.from && broker.batches.filter((b) => b.from === batch.from).length === 3) {
        ackedThenKilled = batch;
        queueMicrotask(() => batch.from.kill());
      }
      return 'ack';
    });

    let writing = true;
    const writer = writeUntil(() => !writing, broker);
    const first = await start(broker);
    const standby = await start(broker);
    await broker.until(() => ackedThenKilled !== undefined);
    await Promise.all([first.exited, standby.exited]);
    const third = await start(broker);
    await broker.until(() => broker.batches.filter((batch) => batch.from === third).length >= 2);
    writing = false;
    broker.poke();
    const written = await writer;

    const events = await allEvents(bed.store);
    expect(events).toHaveLength(written);
    const ids = events.map((event) => event.eventId);
    // Done when the last relay's checkpoint reached the newest event (not when the broker saw everything, which is the claim).
    const head = formatCursor(await bed.store.head());
    await until(async () => {
      const checkpoint = await readCheckpoint(bed.db.pool, 'relay:crash-test');
      return checkpoint !== undefined && formatCursor(checkpoint) === head;
    });

    // Every event reached the broker and was acknowledged at least once.
    expect(new Set(broker.acknowledged.map(eventIdOf))).toEqual(new Set(ids));
    // Whatever was handed over more than once was in flight at a crash.
    const counts = new Map<string, number>();
    for (const id of broker.received.map(eventIdOf)) counts.set(id, (counts.get(id) ?? 0) + 1);
    const twice = [...counts].filter(([, count]) => count > 1).map(([id]) => id);
    const inFlight = new Set([...held!.messages, ...ackedThenKilled!.messages].map(eventIdOf));
    expect(twice.filter((id) => !inFlight.has(id))).toEqual([]);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
    // The batch the broker never answered was sent again by the next owner.
    const resent = new Set(broker.batches.slice(3).flatMap((batch) => batch.messages.map(eventIdOf)));
    expect(held!.messages.map(eventIdOf).filter((id) => !resent.has(id))).toEqual([]);
    // Per stream, the log may step back (a resent batch) but never skips a version.
    expect(firstSkip(broker.received)).toBeUndefined();
    expect(broker.batches.every((batch) => batch.messages.length <= BATCH)).toBe(true);
    // Three processes took turns: the owner, the standby that took over, the one started after.
    expect(new Set(broker.batches.map((batch) => batch.from))).toEqual(new Set([first, standby, third]));

    process.stdout.write(
      `[relay crash test] ${written} events from ${STREAMS} writers; ${broker.batches.length} batches of up to ${BATCH}; ` +
        `${broker.received.length - written} messages sent twice (batches in flight at the two kills: ${held!.messages.length} + ${ackedThenKilled!.messages.length})\n`,
    );
    // Three process start-ups (each compiles the relay's sources) on a shared 2-core machine: a hang budget, not a speed test.
  }, 120_000);
});
