import { EVENTS_CHANNEL, openKurrentDbEventStore, PostgresEventStore, WakeUpListener } from '@jokes/event-store';
import { announceTelemetry, createPool, log, stopOnSignal } from '@jokes/server/core';
import { KafkaPublisher } from './kafka/kafka-publisher.js';
import { RelayHost } from './relay-host.js';
import { relayCheckpointName, relaySettingsFromEnv } from './relay-settings.js';

// The Kafka relay: every event, in order per stream, to KAFKA_TOPIC. npm start
// runs it only when KAFKA_BROKERS is set; a second process is a hot standby.
process.env.SERVICE_NAME ??= 'relay';
announceTelemetry();
const settings = relaySettingsFromEnv(process.env);
const pool = createPool(settings.databaseUrl, 'relay', 4);
// Events from KurrentDB where EVENTSTORE_URL names one, as the projectors read them; the checkpoint stays in PostgreSQL.
const eventStoreUrl = process.env.EVENTSTORE_URL?.trim();
const listener = eventStoreUrl ? undefined : new WakeUpListener(settings.databaseUrl, EVENTS_CHANNEL);
const postgres = new PostgresEventStore(pool, { notify: false, wakeUp: listener });
// The checkpoint's table, whichever store holds the events.
await postgres.migrate();
const kurrent = eventStoreUrl ? await openKurrentDbEventStore(eventStoreUrl, { log }) : undefined;
await listener?.start();
const store = kurrent ?? postgres;
const publisher = await KafkaPublisher.connect({ brokers: settings.brokers, clientId: settings.clientId, topic: settings.topic, log });
const host = new RelayHost({
  pool,
  connectionString: settings.databaseUrl,
  store,
  publisher,
  name: relayCheckpointName(settings.topic),
  batchSize: settings.batchSize,
  pollIntervalMs: settings.pollIntervalMs,
  healthPort: settings.healthPort,
});
await host.start();
log('info', 'relay running', { topic: settings.topic, brokers: settings.brokers, batchSize: settings.batchSize, events: kurrent ? 'kurrentdb' : 'postgresql' });

// The batch in flight is acknowledged and recorded before the producer closes.
stopOnSignal(async () => {
  await host.stop();
  await Promise.all([publisher.close(), listener?.stop(), kurrent?.close()]);
  await pool.end();
});
