import { describe, expect, it } from '@jest/globals';
import { importsOf, sourceFiles, text } from './imports.ts';

// Issue 23's whiteboard, the parts a machine can check. Everything reads and
// writes events through the EventStore port (libs/event-store): only the place
// where a process is put together picks the store, so KurrentDB (EVENTSTORE_URL)
// can never be missed by a read beside the port. And the query side is read
// only: nothing of it, its test harness included, reaches for the write path.

/**
 * Where a process chooses its store (PostgreSQL, or KurrentDB where
 * EVENTSTORE_URL is set): the only production files outside libs/event-store
 * that name a store class or the events table.
 */
const COMPOSITION_ROOTS = [
  'apps/command-api/src/infrastructure/infrastructure.module.ts',
  'apps/projectors/src/projector-host.ts',
  'apps/relay/src/relay-process.ts',
];

const STORE_CLASS = /\b(PostgresEventStore|KurrentDbEventStore|InMemoryEventStore)\b/;
// SQL naming the table, not prose about events: the keywords are upper case in this code base's SQL.
const EVENTS_TABLE = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE|TRUNCATE)\s+(?:ONLY\s+)?(?:public\.)?"?events"?(?![\w-])/;

/**
 * Tests, their harnesses and the benchmarks set up and inspect the world the
 * product runs in: any store (InMemoryEventStore for a handler's spec, a
 * PostgreSQL store on a test database) and a count of `events` rows. What they
 * do is never run by the product.
 */
function isTestCode(file: string): boolean {
  return /\.spec\.tsx?$|\.fixture\.ts$|\/testing\/|^tools\/(jest|bench)\/|^tools\/bench\.ts$/.test(file);
}

const production = sourceFiles('apps', 'libs', 'tools').filter((file) => !file.startsWith('libs/event-store/') && !isTestCode(file));

describe('the event store port', () => {
  it('is the only way to the events outside the composition roots: no other production file names a store class or the events table', () => {
    const bypasses = production
      .filter((file) => !COMPOSITION_ROOTS.includes(file))
      .flatMap((file) => {
        const source = text(file);
        return [STORE_CLASS, EVENTS_TABLE].flatMap((pattern) => {
          const found = pattern.exec(source);
          return found ? [`${file}: ${found[0]}`] : [];
        });
      });
    expect(bypasses).toEqual([]);
  });

  it('lists only composition roots that still choose a store, so the list cannot go stale', () => {
    const stale = COMPOSITION_ROOTS.filter((file) => !production.includes(file) || !STORE_CLASS.test(text(file)));
    expect(stale).toEqual([]);
  });
});

/** The write path: the command API, and the command machinery of the event store and the domain. */
const WRITE_PATH = /\b(handleCommand|aggregateStream|eventMetadata|\w+Decider)\b/;

describe('the query API', () => {
  const files = sourceFiles('apps/query-api');

  it('imports nothing of the command API, its test harness and specs included', () => {
    const imports = files.flatMap((file) =>
      importsOf(file)
        .filter(({ specifier, target }) => specifier.includes('command-api') || target?.startsWith('apps/command-api/'))
        .map(({ specifier }) => `${file}: ${specifier}`),
    );
    expect(imports).toEqual([]);
  });

  it('never takes the command machinery (handleCommand, aggregateStream, eventMetadata, a decider), its test harness and specs included', () => {
    const taken = files.flatMap((file) => {
      const found = WRITE_PATH.exec(text(file));
      return found ? [`${file}: ${found[0]}`] : [];
    });
    expect(taken).toEqual([]);
  });

  it('appends nothing and names no store class in its production code: it reads the read models only', () => {
    const writes = files
      .filter((file) => !isTestCode(file))
      .flatMap((file) => {
        const found = /\.append\(|\bappendToStream\b/.exec(text(file)) ?? STORE_CLASS.exec(text(file));
        return found ? [`${file}: ${found[0]}`] : [];
      });
    expect(writes).toEqual([]);
  });
});
