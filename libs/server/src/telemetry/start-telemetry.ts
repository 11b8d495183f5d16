import { NodeSDK } from '@opentelemetry/sdk-node';
import { productInstrumentations } from './instrumentations.js';
import type { TelemetryConfig } from './telemetry.config.js';
import { setRunningTelemetry } from './telemetry-state.js';

/**
 * Starts the OpenTelemetry SDK for traces only. The exporter, its protocol
 * (`OTEL_EXPORTER_OTLP_PROTOCOL`: http/protobuf by default, http/json, grpc),
 * the sampler (`OTEL_TRACES_SAMPLER`, parent-based always-on by default) and
 * the batching (`OTEL_BSP_*`) come from the standard variables, as any
 * collector's documentation expects. Metrics and logs stay off: the product's
 * logs are its JSON lines.
 */
export function startTelemetry(config: TelemetryConfig): void {
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    instrumentations: productInstrumentations(),
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  setRunningTelemetry(sdk);
}
