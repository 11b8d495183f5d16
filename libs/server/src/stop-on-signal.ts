import { log } from './log.js';
import { shutdownTelemetry } from './telemetry/telemetry-state.js';

/**
 * On SIGINT or SIGTERM: `stop` (close servers, end pools), then send the
 * spans still buffered, then exit. One order for every process, so the last
 * requests before a restart are not missing from the traces.
 */
export function stopOnSignal(stop: () => Promise<unknown>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    void stop()
      .catch((error: unknown) => log('error', `stopping after ${signal} failed`, { error: error instanceof Error ? error.message : String(error) }))
      .then(shutdownTelemetry)
      .finally(() => process.exit(0));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, onSignal);
}
