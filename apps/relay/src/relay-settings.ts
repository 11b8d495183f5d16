import { intFromEnv, requireEnv } from '@jokes/server/core';

export interface RelaySettings {
  databaseUrl: string;
  /** Bootstrap brokers, `host:port` each. */
  brokers: string[];
  topic: string;
  clientId: string;
  /** Events per Kafka request: the most that is in flight, and the most a crash can publish twice. */
  batchSize: number;
  /** Idle polling interval; NOTIFY usually wakes the relay sooner. */
  pollIntervalMs: number;
  /** Health port on 127.0.0.1. */
  healthPort: number;
}

export const RELAY_DEFAULTS = {
  topic: 'jokes.events',
  clientId: 'standup-jokes-relay',
  // Small events (a joke is well under 2 KB): 100 stays far below Kafka's 1 MB
  // default record-batch limit while keeping round trips few.
  batchSize: 100,
  pollIntervalMs: 250,
  healthPort: 3105,
} as const;

/** The relay's settings; it runs only where KAFKA_BROKERS names a cluster (`npm start` skips it otherwise). */
export function relaySettingsFromEnv(env: NodeJS.ProcessEnv): RelaySettings {
  const brokers = (env.KAFKA_BROKERS ?? '')
    .split(',')
    .map((broker) => broker.trim())
    .filter((broker) => broker !== '');
  if (brokers.length === 0) throw new Error('KAFKA_BROKERS is not set: the relay publishes to Kafka and needs its brokers (host:port, comma-separated)');
  const batchSize = intFromEnv(env, 'RELAY_BATCH_SIZE', RELAY_DEFAULTS.batchSize);
  if (batchSize < 1) throw new Error('RELAY_BATCH_SIZE must be at least 1');
  return {
    databaseUrl: requireEnv(env, 'DATABASE_URL'),
    brokers,
    topic: env.KAFKA_TOPIC?.trim() || RELAY_DEFAULTS.topic,
    clientId: env.KAFKA_CLIENT_ID?.trim() || RELAY_DEFAULTS.clientId,
    batchSize,
    pollIntervalMs: intFromEnv(env, 'RELAY_POLL_MS', RELAY_DEFAULTS.pollIntervalMs),
    healthPort: intFromEnv(env, 'RELAY_PORT', RELAY_DEFAULTS.healthPort),
  };
}

/** The relay's row in projection_checkpoints: one per topic, so a second topic would start from the beginning. */
export function relayCheckpointName(topic: string): string {
  return `relay:${topic}`;
}
