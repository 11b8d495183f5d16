export * from './config.js';
export * from './database.js';
export * from './auth/token-verifier.js';
export * from './nest/caller.js';
export * from './nest/parse.js';
export * from './production-readiness.js';
export * from './database-unavailable.js';
