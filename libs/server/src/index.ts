export * from './core.js';
// What the Nest apps answer for a domain error (it reads the contracts' messages, which the plain processes need not load).
export * from './domain-error-responses.js';
// The Nest pieces, for the Nest apps (command API, query API, local payment provider).
export * from './nest/caller.js';
export * from './nest/parse.js';
export * from './nest/dev-tool.guard.js';
export * from './nest/request-input.guard.js';
export * from './nest/unreadable-request.js';
export * from './nest/error.filter.js';
