import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { describeEventStoreContract, type StoreUnderTest } from '../contract/event-store.contract.js';
import type { StoredEvent } from '../port/types.js';
import { EventStoreUnavailableError } from './kurrentdb-errors.js';
import { KurrentDbEventStore } from './kurrentdb-event-store.js';
import { LocalKurrentDbServer } from './testing/local-kurrentdb-server.js';

// KurrentDB deduplicates event ids per stream (see ContractOptions).
const contract = { eventIds: 'per-stream' } as const;

describeEventStoreContract(
  'KurrentDB (local gRPC server)',
  async () => {
    const server = new LocalKurrentDbServer();
    await server.start();
    const store = KurrentDbEventStore.connect(server.connectionString);
    return { store, dispose: () => store.close().then(() => server.stop()) };
  },
  contract,
);

// Where a KurrentDB server exists: EVENTSTORE_URL=kurrentdb://localhost:2113?tls=false
const url = process.env.EVENTSTORE_URL;
if (url) {
  describeEventStoreContract(
    `KurrentDB at ${url}`,
    async (): Promise<StoreUnderTest> => {
      const store = KurrentDbEventStore.connect(url);
      return { store, dispose: () => store.close() };
    },
    contract,
  );
}

const json = (bytes: Uint8Array) => JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown;
const proposed = (type: string, data: unknown = {}) => ({
  eventId: randomUUID(),
  type,
  contentType: 'application/json',
  data: Buffer.from(JSON.stringify(data)),
  metadata: Buffer.from('{}'),
});

describe('KurrentDB event store on the local gRPC server', () => {
  let server: LocalKurrentDbServer;
  let store: KurrentDbEventStore;
  const retried: Record<string, unknown>[] = [];

  beforeEach(async () => {
    server = new LocalKurrentDbServer();
    await server.start();
    retried.length = 0;
    store = KurrentDbEventStore.connect(server.connectionString, {
      retryDelayMs: 20,
      log: (_level, message, fields) => retried.push({ message, ...fields }),
    });
  });
  afterEach(async () => {
    await store.close();
    await server.stop();
  });

  it("finds a person's events on every page of $all, not only the first", async () => {
    const person = randomUUID();
    const index = { Rated: 'userId' };
    await store.append(`joke-${randomUUID()}`, [{ type: 'Rated', data: { userId: person, n: 1 } }]);
    // More events than one page of the pass over $all (1000), between the person's first and last.
    await store.append(`joke-${randomUUID()}`, Array.from({ length: 2500 }, (_, n) => ({ type: 'Rated', data: { userId: randomUUID(), n } })));
    await store.append(`joke-${randomUUID()}`, [{ type: 'Rated', data: { userId: person, n: 2 } }]);
    expect((await store.readByPerson(person, index)).map((event) => (event.data as { n: number }).n)).toEqual([1, 2]);
  });

  describe('mapping onto KurrentDB', () => {
    it('stores revisions from 0 under versions from 1, so an expected version v checks revision v - 1', async () => {
      const id = `joke-${randomUUID()}`;
      await store.append(id, [{ type: 'A', data: {} }, { type: 'B', data: {} }], { expectedVersion: 'no_stream' });
      const third = await store.append(id, [{ type: 'C', data: {} }], { expectedVersion: 2n });
      expect(server.log.readStream(id, 'forwards', 'start', 10n)!.map((event) => [event.type, event.revision])).toEqual([
        ['A', 0n],
        ['B', 1n],
        ['C', 2n],
      ]);
      expect(third.nextExpectedVersion).toBe(3n);
      expect((await store.readStream(id)).map((event) => event.streamVersion)).toEqual([1n, 2n, 3n]);
    });

    it('writes the metadata as the event JSON metadata, adding only a $store note for a schema version other than 1', async () => {
      const id = `joke-${randomUUID()}`;
      const metadata = { correlationId: randomUUID(), actor: 'user-1', traceparent: '00-abc-def-01' };
      await store.append(id, [
        { type: 'Plain', data: { n: 1 }, metadata },
        { type: 'Versioned', data: { n: 2 }, metadata, schemaVersion: 3 },
      ]);
      const [plain, versioned] = server.log.readStream(id, 'forwards', 'start', 10n)!;
      expect([plain!.contentType, json(plain!.data), json(plain!.metadata)]).toEqual(['application/json', { n: 1 }, metadata]);
      expect(json(versioned!.metadata)).toEqual({ ...metadata, $store: { schemaVersion: 3 } });
      expect((await store.readStream(id)).map((event) => [event.schemaVersion, event.metadata])).toEqual([
        [1, metadata],
        [3, metadata],
      ]);
    });

    it("takes each event's cursor from its $all position: commit as transaction id, prepare as global position", async () => {
      const id = `joke-${randomUUID()}`;
      const written = await store.append(id, [{ type: 'A', data: {} }, { type: 'B', data: {} }]);
      const logged = server.log.readStream(id, 'forwards', 'start', 10n)!;
      const read = await store.readStream(id);
      expect(read.map((event) => [event.transactionId, event.globalPosition])).toEqual(logged.map((event) => [event.position, event.position]));
      expect(written.position).toEqual({ transactionId: logged[1]!.position, globalPosition: logged[1]!.position });
    });

    it("leaves KurrentDB's own events ($-types and $-streams) out of readAll, head and subscriptions", async () => {
      const from = await store.head();
      const product = await store.append(`joke-${randomUUID()}`, [{ type: 'Told', data: {} }]);
      server.log.append('$settings', 'any', [proposed('$metadata')]);
      server.log.append(`joke-${randomUUID()}`, 'any', [proposed('$>')]);
      expect(await store.head()).toEqual(product.position);
      expect((await store.readAll(from, 10)).map((event) => event.type)).toEqual(['Told']);

      const controller = new AbortController();
      const seen: StoredEvent[] = [];
      for await (const batch of store.subscribe(from, { signal: controller.signal })) {
        seen.push(...batch);
        if (seen.some((event) => event.type === 'Last')) controller.abort();
        else await store.append(`joke-${randomUUID()}`, [{ type: 'Last', data: {} }]);
      }
      expect(seen.map((event) => event.type)).toEqual(['Told', 'Last']);
    });

    it('reads $all on past a page of only KurrentDB events, so a reader is never told there is nothing while there is', async () => {
      const from = await store.head();
      for (let n = 0; n < 5; n++) server.log.append('$stats', 'any', [proposed('$statsCollected')]);
      await store.append(`joke-${randomUUID()}`, [{ type: 'Told', data: {} }]);
      expect((await store.readAll(from, 2)).map((event) => event.type)).toEqual(['Told']);
    });
  });

  describe('errors', () => {
    it("answers a wrong expected version with the stream's version in the port's numbers", async () => {
      const id = `joke-${randomUUID()}`;
      await store.append(id, [{ type: 'A', data: {} }, { type: 'B', data: {} }]);
      await expect(store.append(id, [{ type: 'C', data: {} }], { expectedVersion: 1n })).rejects.toMatchObject({
        name: 'WrongExpectedVersionError',
        streamId: id,
        expected: 1n,
        actual: 2n,
        streamExists: true,
      });
      await expect(store.append(`joke-${randomUUID()}`, [{ type: 'A', data: {} }], { expectedVersion: 4n })).rejects.toMatchObject({
        actual: 0n,
        streamExists: false,
      });
    });
  });

  describe('a dropped connection', () => {
    it('retries a read until KurrentDB is back', async () => {
      const id = `joke-${randomUUID()}`;
      await store.append(id, [{ type: 'A', data: {} }]);
      await server.stop();
      const reading = store.readStream(id);
      // Back while the read is between attempts (the store logs each retry).
      while (retried.length === 0) await new Promise((resolve) => setImmediate(resolve));
      await server.start();
      expect((await reading).map((event) => event.type)).toEqual(['A']);
      expect(retried[0]).toMatchObject({ operation: 'readStream', attempt: 1 });
    });

    it('reports a read that fails on every attempt as EventStoreUnavailableError', async () => {
      await server.stop();
      await expect(store.readAll({ transactionId: 0n, globalPosition: 0n })).rejects.toBeInstanceOf(EventStoreUnavailableError);
      expect(retried).toHaveLength(3);
    });

    it('fails an append while KurrentDB is down with EventStoreUnavailableError, without retrying it, and appends once it is back', async () => {
      const id = `joke-${randomUUID()}`;
      await server.stop();
      const failed = await store.append(id, [{ type: 'A', data: {} }]).catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(EventStoreUnavailableError);
      expect((failed as Error).name).toBe('EventStoreUnavailableError');
      expect(retried).toEqual([]);
      await server.start();
      await expect(store.append(id, [{ type: 'A', data: {} }], { expectedVersion: 'no_stream' })).resolves.toMatchObject({ nextExpectedVersion: 1n });
    });

    it('resubscribes after the last event handed over: nothing lost, nothing twice', async () => {
      const id = `joke-${randomUUID()}`;
      const from = await store.head();
      await store.append(id, [{ type: 'Before', data: {} }]);
      const controller = new AbortController();
      const seen: string[] = [];
      for await (const batch of store.subscribe(from, { signal: controller.signal })) {
        seen.push(...batch.filter((event) => event.streamId === id).map((event) => event.type));
        if (seen.length === 1) {
          // KurrentDB restarts; meanwhile another writer's event lands in its log.
          await server.stop();
          server.log.append(id, 'any', [proposed('During')]);
          await server.start();
        }
        if (seen.length >= 2) controller.abort();
      }
      expect(seen).toEqual(['Before', 'During']);
    });
  });
});
