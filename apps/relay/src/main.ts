import { announceTelemetry, stopOnSignal } from '@jokes/server/core';
import { startRelay } from './relay-process.js';

// npm start runs the relay only when KAFKA_BROKERS is set.
process.env.SERVICE_NAME ??= 'relay';
announceTelemetry();
const relay = await startRelay(process.env);
stopOnSignal(() => relay.stop());
