import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import kafkajs from 'kafkajs';
import { Relay } from '../relay.js';
import { kafkaUnavailableReason, startKafkaBroker, type KafkaBroker } from '../testing/kafka-broker.js';
import { allEvents, appendLoad, relayTestBed, type RelayTestBed } from '../testing/relay-test-kit.js';
import { KafkaPublisher } from './kafka-publisher.js';

// Needs a real broker, which this machine cannot run: the suite is skipped,
// and says so, unless KAFKA_BROKERS or TEST_CONTAINERS=1 provides one.
const unavailable = kafkaUnavailableReason(process.env);
if (unavailable) process.stdout.write(`[kafka publisher suite] skipped: ${unavailable}\n`);

interface Consumed {
  key: string;
  value: string;
  headers: Record<string, string>;
  partition: number;
}

let broker: KafkaBroker;

/** Reads `topic` from the beginning until `count` messages arrived. */
async function consume(topic: string, count: number): Promise<Consumed[]> {
  const kafka = new kafkajs.Kafka({ clientId: 'relay-test-consumer', brokers: broker.brokers, logLevel: kafkajs.logLevel.WARN });
  const consumer = kafka.consumer({ groupId: `relay-test-${randomUUID()}` });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const received: Consumed[] = [];
  await new Promise<void>((resolve) => {
    void consumer.run({
      eachMessage: async ({ message, partition }) => {
        received.push({
          key: message.key!.toString(),
          value: message.value!.toString(),
          headers: Object.fromEntries(Object.entries(message.headers ?? {}).map(([name, value]) => [name, String(value)])),
          partition,
        });
        if (received.length >= count) resolve();
      },
    });
  });
  await consumer.disconnect();
  return received;
}

(unavailable ? describe.skip : describe)('KafkaPublisher on a real broker', () => {
  beforeAll(async () => {
    broker = await startKafkaBroker(process.env);
  }, 180_000);
  afterAll(async () => {
    await broker?.stop();
  });

  it('writes each message with its key, headers and value, one key in one partition in order', async () => {
    const topic = `relay-test-${randomUUID()}`;
    const publisher = await KafkaPublisher.connect({ brokers: broker.brokers, clientId: 'relay-test', topic });
    const messages = ['a', 'b', 'c'].flatMap((stream) =>
      [1, 2, 3].map((version) => ({
        key: `stream-${stream}`,
        value: JSON.stringify({ stream, version }),
        headers: { 'event-type': 'Counted', 'event-id': `${stream}-${version}`, 'stream-version': String(version), traceparent: `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01` },
      })),
    );
    await publisher.publish(messages);
    await publisher.close();

    const received = await consume(topic, messages.length);
    for (const stream of ['a', 'b', 'c']) {
      const ofStream = received.filter((message) => message.key === `stream-${stream}`);
      expect(ofStream.map((message) => message.headers['stream-version'])).toEqual(['1', '2', '3']);
      expect(new Set(ofStream.map((message) => message.partition)).size).toBe(1);
      expect(ofStream[0]!.headers).toMatchObject({ 'event-type': 'Counted', 'event-id': `${stream}-1`, traceparent: `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01` });
      expect(JSON.parse(ofStream[0]!.value)).toEqual({ stream, version: 1 });
    }
  });

  it('carries every event of the store to the topic, each stream in version order', async () => {
    const bed: RelayTestBed = await relayTestBed();
    const topic = `relay-test-${randomUUID()}`;
    const publisher = await KafkaPublisher.connect({ brokers: broker.brokers, clientId: 'relay-test', topic });
    const relay = new Relay({ pool: bed.db.pool, connectionString: bed.db.url, store: bed.store, publisher, name: `relay:${topic}`, batchSize: 50, pollIntervalMs: 50 });
    try {
      await appendLoad(bed.store, 5, 40);
      const events = await allEvents(bed.store);
      void relay.start();
      const received = await consume(topic, events.length);

      expect(new Set(received.map((message) => message.headers['event-id']))).toEqual(new Set(events.map((event) => event.eventId)));
      for (const stream of new Set(events.map((event) => event.streamId))) {
        const versions = received.filter((message) => message.key === stream).map((message) => Number(message.headers['stream-version']));
        expect(versions).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
      }
    } finally {
      await relay.stop();
      await publisher.close();
      await bed.close();
    }
  });
});
