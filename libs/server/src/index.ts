export * from './core.js';
// The Nest pieces, for the Nest apps (command API, query API, local payment provider).
export * from './nest/caller.js';
export * from './nest/parse.js';
export * from './nest/dev-tool.guard.js';
export * from './nest/request-input.guard.js';
export * from './nest/unreadable-request.js';
export * from './nest/error.filter.js';
