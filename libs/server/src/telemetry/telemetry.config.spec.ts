import { describe, expect, it } from '@jest/globals';
import { telemetryConfigFromEnv } from './telemetry.config.js';

const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
const entry = '/app/apps/command-api/dist/main.js';

describe('telemetryConfigFromEnv', () => {
  it('starts nothing without an OTLP endpoint', () => {
    expect(telemetryConfigFromEnv({ SERVICE_NAME: 'edge' }, entry)).toBeUndefined();
    expect(telemetryConfigFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' }, entry)).toBeUndefined();
  });

  it('starts with the general or the traces-only endpoint', () => {
    expect(telemetryConfigFromEnv(endpoint, entry)).toEqual({ serviceName: 'command-api', endpoint: 'http://collector:4318' });
    expect(telemetryConfigFromEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' }, entry)?.endpoint).toBe('http://c:4318/v1/traces');
  });

  it('honours the standard off switches', () => {
    expect(telemetryConfigFromEnv({ ...endpoint, OTEL_SDK_DISABLED: 'true' }, entry)).toBeUndefined();
    expect(telemetryConfigFromEnv({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' }, entry)).toBeUndefined();
    expect(telemetryConfigFromEnv({ ...endpoint, OTEL_SDK_DISABLED: 'false' }, entry)).toBeDefined();
  });

  it('names the service by SERVICE_NAME, then OTEL_SERVICE_NAME, then the app the entry point belongs to', () => {
    expect(telemetryConfigFromEnv({ ...endpoint, SERVICE_NAME: 'edge', OTEL_SERVICE_NAME: 'other' }, entry)?.serviceName).toBe('edge');
    expect(telemetryConfigFromEnv({ ...endpoint, OTEL_SERVICE_NAME: 'other' }, entry)?.serviceName).toBe('other');
    expect(telemetryConfigFromEnv(endpoint, 'C:\\app\\apps\\query-api\\dist\\main.js')?.serviceName).toBe('query-api');
    expect(telemetryConfigFromEnv(endpoint, '/somewhere/script.js')?.serviceName).toBe('standup-jokes');
  });
});
