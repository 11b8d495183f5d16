// What every process needs, as `@jokes/server/base`: the log, the settings, the
// pool, the health probes and the worker flags; no token verifier (jose), no
// contracts, no Nest. The projections' thread loads only this: a worker thread
// pays for its own copy of every module it loads.
export * from './log.js';
export * from './config.js';
export * from './database.js';
export * from './database-unavailable.js';
export * from './health-probe.js';
export * from './worker-exec-argv.js';
