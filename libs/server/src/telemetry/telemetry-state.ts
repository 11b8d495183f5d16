// Imports nothing: register.ts loads this before the application, and a module
// loaded then (pg through the logger, say) would escape instrumentation.

/** The SDK `register.ts` started in this process, if any. */
let running: { shutdown(): Promise<void> } | undefined;

export function setRunningTelemetry(sdk: { shutdown(): Promise<void> }): void {
  running = sdk;
}

export function isTelemetryRunning(): boolean {
  return running !== undefined;
}

/**
 * Exports the spans still buffered (the batch processor sends every few
 * seconds) and stops tracing: a process calls it last on its way out. Without
 * tracing it does nothing, and it never throws: a collector that is down must
 * not turn an orderly stop into a failed one.
 */
export async function shutdownTelemetry(): Promise<void> {
  const sdk = running;
  running = undefined;
  await sdk?.shutdown().catch(() => undefined);
}
