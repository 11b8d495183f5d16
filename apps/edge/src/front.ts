// What the product's targets (apps/product) compose: the edge's front, serving
// its sides in the same process or over HTTP.
export { createEdge, type EdgeOptions, type Upstream } from './edge.js';
export type { HealthSource } from './edge-health.js';
export type { InProcessSide } from './in-process.js';
export { securitySettingsFromEnv } from './security-headers.js';
