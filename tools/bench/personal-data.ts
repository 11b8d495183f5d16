// The cost of personal-data encryption (issue 11): appends/s and readAll
// events/s of the same account events with the personal fields in plain
// (PostgresEventStore) and sealed with AES-256-GCM under each person's key
// (PersonalDataEventStore over it), in the same run on the same database.
// Appends: a person's first event (their key is made: one more INSERT and
// SELECT) and a later one (key cached); reads: all events from the start with
// a cold key cache (one key query per batch of 1000).
//
//   npm run bench -- personal-data, or alone: node tools/bench/personal-data.ts
//   BENCH_PD_PEOPLE   people (streams) per run (default 2000)
//   BENCH_PD_WRITERS  concurrent writers (default 8)
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { PERSONAL_DATA } from '@jokes/domain';
import {
  PersonalDataCodec,
  PersonalDataEventStore,
  PersonalDataKeys,
  personalDataSecretOf,
  PostgresEventStore,
  START,
  type EventStore,
  type NewEvent,
} from '@jokes/event-store';
import { openBenchDatabase } from './bench-database.ts';
import { quietPool } from './util.ts';

type Say = (line?: string) => void;

export interface PersonalDataFigures {
  people: number;
  writers: number;
  appendsPerSecond: { plain: number; sealedFirst: number; sealedLater: number };
  readAllEventsPerSecond: { plain: number; sealed: number };
}

const registered = (userId: string, n: number): NewEvent => ({
  type: 'UserRegistered',
  data: { userId, email: `person${n}@example.com`, username: `person${n}`, ageConfirmed: true, rememberMe: true, registeredAt: new Date().toISOString() },
});
const confirmed = (userId: string, n: number): NewEvent => ({ type: 'EmailConfirmed', data: { userId, email: `person${n}@example.com`, confirmedAt: new Date().toISOString() } });

async function appendAll(store: EventStore, streams: readonly string[], writers: number, event: (index: number) => NewEvent, expected: 'no_stream' | number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      for (let index = next++; index < streams.length; index = next++) await store.append(streams[index]!, [event(index)], { expectedVersion: expected });
    }),
  );
  return streams.length / ((performance.now() - started) / 1000);
}

async function readEverything(store: EventStore): Promise<number> {
  const started = performance.now();
  let count = 0;
  for (let cursor = START; ; ) {
    const batch = await store.readAll(cursor, 1000);
    if (batch.length === 0) break;
    count += batch.length;
    cursor = batch.at(-1)!;
  }
  return count / ((performance.now() - started) / 1000);
}

export async function runPersonalDataBench(say: Say): Promise<PersonalDataFigures> {
  const people = Number(process.env.BENCH_PD_PEOPLE ?? 2000);
  const writers = Number(process.env.BENCH_PD_WRITERS ?? 8);
  const database = await openBenchDatabase('personal-data', say);
  const pool = quietPool(database.url, writers + 4);
  try {
    const raw = new PostgresEventStore(pool, { notify: false });
    await raw.migrate();
    const secret = personalDataSecretOf('bench-personal-data-secret-0123456789abcdef', 'bench');
    const keys = new PersonalDataKeys(secret, pool);
    await keys.migrate(pool);
    const sealed = new PersonalDataEventStore(raw, new PersonalDataCodec(PERSONAL_DATA, keys));

    const ids = (prefix: string) => Array.from({ length: people }, () => `${prefix}-${randomUUID()}`);
    const plainUsers = ids('plain');
    const sealedUsers = ids('sealed');
    const plainPerSecond = await appendAll(raw, plainUsers.map((id) => `user-${id}`), writers, (n) => registered(plainUsers[n]!, n), 'no_stream');
    const sealedFirst = await appendAll(sealed, sealedUsers.map((id) => `user-${id}`), writers, (n) => registered(sealedUsers[n]!, n), 'no_stream');
    const plainLater = await appendAll(raw, plainUsers.map((id) => `user-${id}`), writers, (n) => confirmed(plainUsers[n]!, n), 1);
    const sealedLater = await appendAll(sealed, sealedUsers.map((id) => `user-${id}`), writers, (n) => confirmed(sealedUsers[n]!, n), 1);

    // Half the events are sealed: the sealed reader opens those and passes the plain ones through.
    const readPlain = await readEverything(raw);
    const readSealed = await readEverything(new PersonalDataEventStore(raw, new PersonalDataCodec(PERSONAL_DATA, new PersonalDataKeys(secret, pool))));

    const figures: PersonalDataFigures = {
      people,
      writers,
      appendsPerSecond: { plain: Math.round((plainPerSecond + plainLater) / 2), sealedFirst: Math.round(sealedFirst), sealedLater: Math.round(sealedLater) },
      readAllEventsPerSecond: { plain: Math.round(readPlain), sealed: Math.round(readSealed) },
    };
    const pct = (value: number, base: number) => `${value >= base ? '+' : ''}${Math.round(((value - base) / base) * 100)}%`;
    say(`\nPersonal-data encryption (${people} people, ${writers} writers, ${people * 4} events; PostgreSQL ${database.settings.server_version}):`);
    say(`  append, plain                         ${String(figures.appendsPerSecond.plain).padStart(7)} /s`);
    say(`  append, sealed, a person's first     ${String(figures.appendsPerSecond.sealedFirst).padStart(7)} /s  (${pct(figures.appendsPerSecond.sealedFirst, figures.appendsPerSecond.plain)}: the key is made)`);
    say(`  append, sealed, later (key cached)    ${String(figures.appendsPerSecond.sealedLater).padStart(7)} /s  (${pct(figures.appendsPerSecond.sealedLater, figures.appendsPerSecond.plain)})`);
    say(`  readAll, plain                        ${String(figures.readAllEventsPerSecond.plain).padStart(7)} events/s`);
    say(`  readAll, opened (half sealed, cold)   ${String(figures.readAllEventsPerSecond.sealed).padStart(7)} events/s  (${pct(figures.readAllEventsPerSecond.sealed, figures.readAllEventsPerSecond.plain)})`);
    return figures;
  } finally {
    await pool.end();
    await database.close();
  }
}

if (import.meta.main) await runPersonalDataBench((line = '') => process.stdout.write(`${line}\n`));
