import { describe, expect, it } from '@jest/globals';
import type { Kafka } from 'kafkajs';
import { KafkaPublisher } from './kafka-publisher.js';

/** What the publisher asks of kafkajs, recorded (the broker itself is tested in kafka-publisher.int.spec.ts). */
function recordingClient() {
  const calls: { name: string; argument?: unknown }[] = [];
  const record = (name: string) => async (argument?: unknown) => void calls.push({ name, argument });
  const client = {
    admin: () => ({ connect: record('admin.connect'), createTopics: record('admin.createTopics'), disconnect: record('admin.disconnect') }),
    producer: (config: unknown) => {
      calls.push({ name: 'producer', argument: config });
      return { connect: record('producer.connect'), send: record('producer.send'), disconnect: record('producer.disconnect') };
    },
  } as unknown as Pick<Kafka, 'admin' | 'producer'>;
  return { client, calls };
}

describe('Kafka publisher', () => {
  it('makes sure the topic exists, then uses an idempotent producer with one request in flight', async () => {
    const { client, calls } = recordingClient();
    await KafkaPublisher.connect({ brokers: ['kafka:9092'], clientId: 'relay', topic: 'jokes.events' }, client);

    expect(calls.map((call) => call.name)).toEqual(['admin.connect', 'admin.createTopics', 'admin.disconnect', 'producer', 'producer.connect']);
    expect(calls[1]!.argument).toEqual({ topics: [{ topic: 'jokes.events' }], waitForLeaders: true });
    expect(calls[3]!.argument).toMatchObject({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
  });

  it('sends a batch as one request to the topic, waiting for every in-sync replica', async () => {
    const { client, calls } = recordingClient();
    const publisher = await KafkaPublisher.connect({ brokers: ['kafka:9092'], clientId: 'relay', topic: 'jokes.events' }, client);
    const message = { key: 'joke-1', value: '{"type":"JokeGenerated"}', headers: { 'event-type': 'JokeGenerated', 'event-id': 'e-1' } };
    await publisher.publish([message, { ...message, headers: { ...message.headers, 'event-id': 'e-2' } }]);

    const sends = calls.filter((call) => call.name === 'producer.send');
    expect(sends).toEqual([
      {
        name: 'producer.send',
        argument: {
          topic: 'jokes.events',
          acks: -1,
          messages: [message, { ...message, headers: { ...message.headers, 'event-id': 'e-2' } }],
        },
      },
    ]);
  });
});
