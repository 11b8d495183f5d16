/** What a process needs to start tracing; `undefined` when it should not (no exporter endpoint). */
export interface TelemetryConfig {
  /** `service.name` of every span the process records. */
  serviceName: string;
  /** Where spans go, for the start-up line (the exporter reads the OTEL_* variables itself). */
  endpoint: string;
}

const TRUE = /^(true|1|yes)$/i;

/**
 * Tracing runs only where an OTLP endpoint is configured: without one, no SDK
 * is loaded and no module is patched, so a process pays nothing for it. The
 * standard switches (`OTEL_SDK_DISABLED`, `OTEL_TRACES_EXPORTER=none`) turn it
 * off as they would anywhere else.
 *
 * The service name is the product's per-process `SERVICE_NAME` (set by npm
 * start), then `OTEL_SERVICE_NAME`, then the app folder the entry point lives
 * in (`apps/<name>/dist/main.js`), so a container that only names its command
 * still reports which process it is.
 */
export function telemetryConfigFromEnv(env: NodeJS.ProcessEnv, entryPoint: string | undefined): TelemetryConfig | undefined {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!endpoint) return undefined;
  if (TRUE.test(env.OTEL_SDK_DISABLED?.trim() ?? '')) return undefined;
  if (env.OTEL_TRACES_EXPORTER?.split(',').map((name) => name.trim())[0] === 'none') return undefined;
  const app = entryPoint?.replaceAll('\\', '/').match(/apps\/([a-z0-9-]+)\/dist\//)?.[1];
  const serviceName = env.SERVICE_NAME?.trim() || env.OTEL_SERVICE_NAME?.trim() || app || 'standup-jokes';
  return { serviceName, endpoint };
}
