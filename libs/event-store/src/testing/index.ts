export * from './test-database.js';
export * from '../kurrentdb/testing/local-kurrentdb-server.js';
export * from '../kurrentdb/testing/local-kurrentdb-log.js';
export * from './shadow-tables.js';
export * from './readable.js';
