import { randomUUID } from 'node:crypto';
import { PostgresEventStore, type StoredEvent } from '@jokes/event-store';
import { createTestDatabase, type TestDatabase } from '@jokes/event-store/testing';
import type { RelayMessage } from '../event-publisher.port.js';

export interface RelayTestBed {
  db: TestDatabase;
  store: PostgresEventStore;
  close(): Promise<void>;
}

/** A fresh database with the event store's schema, for one test. */
export async function relayTestBed(): Promise<RelayTestBed> {
  const db = await createTestDatabase('relay');
  const store = new PostgresEventStore(db.pool, { notify: false });
  await store.migrate();
  return { db, store, close: () => db.drop() };
}

/**
 * Appends `perStream` events to each of `streams` streams, one to three at a
 * time with exact expected versions, the streams concurrently: a realistic
 * interleaving of many writers.
 */
export async function appendLoad(store: PostgresEventStore, streams: number, perStream: number, prefix = 'load'): Promise<void> {
  await Promise.all(
    Array.from({ length: streams }, async (_, index) => {
      const streamId = `${prefix}-${index}-${randomUUID().slice(0, 8)}`;
      let version = 0;
      while (version < perStream) {
        const count = Math.min(perStream - version, 1 + ((version + index) % 3));
        const events = Array.from({ length: count }, (_, offset) => ({ type: 'Counted', data: { n: version + offset + 1 }, metadata: { correlationId: `c-${streamId}` } }));
        await store.append(streamId, events, { expectedVersion: version });
        version += count;
      }
    }),
  );
}

/**
 * Every event in the store, in the order the relay must publish them. The
 * test server is shared: another suite's open transaction can keep events
 * already committed here out of `readAll` for a moment (it reads only below
 * the oldest running transaction), so wait until it returns them all.
 */
export async function allEvents(store: PostgresEventStore): Promise<StoredEvent[]> {
  const committed = Number((await store.pool.query<{ count: string }>('SELECT count(*)::text AS count FROM events')).rows[0]!.count);
  for (;;) {
    const events = await store.readAll({ transactionId: 0n, globalPosition: 0n }, 1_000_000);
    if (events.length >= committed) return events;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const eventIdOf = (message: RelayMessage): string => message.headers['event-id']!;
export const versionOf = (message: RelayMessage): number => Number(message.headers['stream-version']);

/**
 * At-least-once, in order per stream: reading the log, a stream's versions may
 * go back (a batch sent again) but never skip ahead. Answers the first message
 * that skips, if any.
 */
export function firstSkip(log: readonly RelayMessage[]): RelayMessage | undefined {
  const highest = new Map<string, number>();
  for (const message of log) {
    const seen = highest.get(message.key) ?? 0;
    if (versionOf(message) > seen + 1) return message;
    highest.set(message.key, Math.max(seen, versionOf(message)));
  }
  return undefined;
}

/** Polls until `condition` holds (the test's timeout bounds it). */
export async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}
