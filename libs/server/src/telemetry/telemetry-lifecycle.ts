import { log } from '../log.js';
import { telemetryConfigFromEnv } from './telemetry.config.js';
import { isTelemetryRunning } from './telemetry-state.js';

/** The file to preload with `node --import` (tools/start.ts, infra/Dockerfile) so a process traces. */
export const telemetryRegisterUrl = new URL('./register.js', import.meta.url).href;

/**
 * One line at start-up saying where this process's spans go, or why none
 * will although an endpoint is set: tracing that silently does nothing is
 * the failure an operator cannot see.
 */
export function announceTelemetry(env: NodeJS.ProcessEnv = process.env): void {
  const config = telemetryConfigFromEnv(env, process.argv[1]);
  if (!config) return;
  if (isTelemetryRunning()) log('info', 'tracing', { service: config.serviceName, endpoint: config.endpoint });
  else log('warn', `OTEL_EXPORTER_OTLP_ENDPOINT is set but this process was started without --import ${telemetryRegisterUrl}: it records no spans`);
}
