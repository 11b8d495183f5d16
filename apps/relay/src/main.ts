import { EVENTS_CHANNEL, PostgresEventStore, WakeUpListener } from '@jokes/event-store';
import { createPool, log } from '@jokes/server';
import { KafkaPublisher } from './kafka/kafka-publisher.js';
import { RelayHost } from './relay-host.js';
import { relayCheckpointName, relaySettingsFromEnv } from './relay-settings.js';

// The Kafka relay: every event, in order per stream, to KAFKA_TOPIC. npm start
// runs it only when KAFKA_BROKERS is set; a second process is a hot standby.
process.env.SERVICE_NAME ??= 'relay';
const settings = relaySettingsFromEnv(process.env);
const pool = createPool(settings.databaseUrl, 'relay', 4);
const listener = new WakeUpListener(settings.databaseUrl, EVENTS_CHANNEL);
const store = new PostgresEventStore(pool, { notify: false, wakeUp: listener });
await store.migrate();
await listener.start();
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
log('info', 'relay running', { topic: settings.topic, brokers: settings.brokers, batchSize: settings.batchSize });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void host
      .stop()
      .then(() => Promise.all([publisher.close(), listener.stop()]))
      .then(() => pool.end())
      .finally(() => process.exit(0));
  });
}
