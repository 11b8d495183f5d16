// The plumbing that needs no Nest: what the plain Node processes (edge, relay,
// projectors) import as `@jokes/server/core`, so they never load @nestjs/common.
export * from './base.js';
export * from './auth/token-verifier.js';
export * from './auth/token-revocations.js';
export * from './dev-tools.js';
export * from './production-readiness.js';
export * from './stop-on-signal.js';
export { shutdownTelemetry } from './telemetry/telemetry-state.js';
export { announceTelemetry, telemetryRegisterUrl } from './telemetry/telemetry-lifecycle.js';
export { telemetryConfigFromEnv, type TelemetryConfig } from './telemetry/telemetry.config.js';
export * from './trusted-proxies.js';
export * from './client-key.js';
export * from './target.js';
