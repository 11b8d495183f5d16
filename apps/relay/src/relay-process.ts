import { EVENTS_CHANNEL, openKurrentDbEventStore, PostgresEventStore, WakeUpListener } from '@jokes/event-store';
import { createPool, log } from '@jokes/server/core';
import { KafkaPublisher } from './kafka/kafka-publisher.js';
import { RelayHost } from './relay-host.js';
import { relayCheckpointName, relaySettingsFromEnv } from './relay-settings.js';

export interface RunningRelay {
  host: RelayHost;
  /** The batch in flight is acknowledged and recorded before the producer closes. */
  stop(): Promise<void>;
}

/**
 * The Kafka relay: every event, in order per stream, to KAFKA_TOPIC; a second
 * process is a hot standby. Its own process serves its health on RELAY_PORT
 * (main.ts); the product's target `backend` runs it beside the projectors with
 * no port of its own (`healthPort: undefined`).
 */
export async function startRelay(env: NodeJS.ProcessEnv, { serveHealth = true } = {}): Promise<RunningRelay> {
  const settings = relaySettingsFromEnv(env);
  const pool = createPool(settings.databaseUrl, 'relay', 4);
  // Events from KurrentDB where EVENTSTORE_URL names one, as the projectors read them; the checkpoint stays in PostgreSQL.
  const eventStoreUrl = env.EVENTSTORE_URL?.trim();
  const listener = eventStoreUrl ? undefined : new WakeUpListener(settings.databaseUrl, EVENTS_CHANNEL);
  const postgres = new PostgresEventStore(pool, { notify: false, wakeUp: listener });
  // The checkpoint's table, whichever store holds the events.
  await postgres.migrate();
  const kurrent = eventStoreUrl ? await openKurrentDbEventStore(eventStoreUrl, { log }) : undefined;
  await listener?.start();
  const publisher = await KafkaPublisher.connect({ brokers: settings.brokers, clientId: settings.clientId, topic: settings.topic, log });
  const host = new RelayHost({
    pool,
    connectionString: settings.databaseUrl,
    store: kurrent ?? postgres,
    publisher,
    name: relayCheckpointName(settings.topic),
    batchSize: settings.batchSize,
    pollIntervalMs: settings.pollIntervalMs,
    healthPort: serveHealth ? settings.healthPort : undefined,
  });
  await host.start();
  log('info', 'relay running', { topic: settings.topic, brokers: settings.brokers, batchSize: settings.batchSize, events: kurrent ? 'kurrentdb' : 'postgresql' });
  return {
    host,
    async stop() {
      await host.stop();
      await Promise.all([publisher.close(), listener?.stop(), kurrent?.close()]);
      await pool.end();
    },
  };
}
