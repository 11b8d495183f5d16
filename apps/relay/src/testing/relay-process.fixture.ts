// A relay process for the crash test: the real relay (host, lock, checkpoint,
// store) with the test process as its broker.
import { EVENTS_CHANNEL, PostgresEventStore, WakeUpListener } from '@jokes/event-store';
import { createPool, requireEnv } from '@jokes/server/core';
import { RelayHost } from '../relay-host.js';
import { IpcPublisher } from './ipc-publisher.js';

const databaseUrl = requireEnv(process.env, 'DATABASE_URL');
const pool = createPool(databaseUrl, 'relay-fixture', 4);
const listener = new WakeUpListener(databaseUrl, EVENTS_CHANNEL);
await listener.start();
const host = new RelayHost({
  pool,
  connectionString: databaseUrl,
  store: new PostgresEventStore(pool, { notify: false, wakeUp: listener }),
  publisher: new IpcPublisher(),
  name: 'relay:crash-test',
  batchSize: Number(process.env.RELAY_BATCH_SIZE ?? 20),
  pollIntervalMs: 50,
  retryDelayMs: 50,
});
await host.start();
process.send!({ type: 'started' });
