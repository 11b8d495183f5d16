// What the supervisor (tools/start.ts) needs before it starts anything, as
// `@jokes/server/launch`: no pool, no token verifier, no Nest, so the one
// process that stays up through every restart stays small.
export { exitUnlessProductionReady } from './production-readiness.js';
export { localAddressOf, usesLocalPaymentProvider } from './config.js';
export { telemetryRegisterUrl } from './telemetry/telemetry-lifecycle.js';
