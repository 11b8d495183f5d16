import { describe, expect, it } from '@jest/globals';
import { relayCheckpointName, relaySettingsFromEnv } from './relay-settings.js';

const base = { DATABASE_URL: 'postgres://db/jokes' };

describe('relay settings', () => {
  it('publishes to jokes.events as standup-jokes-relay in batches of 100 unless told otherwise', () => {
    expect(relaySettingsFromEnv({ ...base, KAFKA_BROKERS: 'kafka:9092' })).toEqual({
      databaseUrl: 'postgres://db/jokes',
      brokers: ['kafka:9092'],
      topic: 'jokes.events',
      clientId: 'standup-jokes-relay',
      batchSize: 100,
      pollIntervalMs: 250,
      healthPort: 3105,
    });
  });

  it('reads a comma-separated broker list and the topic, client id, batch size and ports', () => {
    const settings = relaySettingsFromEnv({
      ...base,
      KAFKA_BROKERS: ' kafka-1:9092, kafka-2:9092 ,',
      KAFKA_TOPIC: 'prod.jokes',
      KAFKA_CLIENT_ID: 'relay-eu',
      RELAY_BATCH_SIZE: '20',
      RELAY_POLL_MS: '50',
      RELAY_PORT: '4105',
    });
    expect(settings).toMatchObject({ brokers: ['kafka-1:9092', 'kafka-2:9092'], topic: 'prod.jokes', clientId: 'relay-eu', batchSize: 20, pollIntervalMs: 50, healthPort: 4105 });
  });

  it('refuses to start without brokers, and with an empty batch', () => {
    expect(() => relaySettingsFromEnv(base)).toThrow(/KAFKA_BROKERS is not set/);
    expect(() => relaySettingsFromEnv({ ...base, KAFKA_BROKERS: ' , ' })).toThrow(/KAFKA_BROKERS is not set/);
    expect(() => relaySettingsFromEnv({ ...base, KAFKA_BROKERS: 'kafka:9092', RELAY_BATCH_SIZE: '0' })).toThrow(/RELAY_BATCH_SIZE/);
  });

  it('keeps one checkpoint per topic', () => {
    expect(relayCheckpointName('jokes.events')).toBe('relay:jokes.events');
  });
});
