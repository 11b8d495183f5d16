export * from './contract.js';
export * from './text.schema.js';
export * from './date-range.schema.js';
export * from './request-context.js';
export * from './registry.js';
export * from './all-contracts.js';
