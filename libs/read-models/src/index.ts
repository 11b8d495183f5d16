export * from './read-model.js';
export * from './joke-history.read-model.js';
export * from './daily-generations.read-model.js';
export * from './users.read-model.js';
export * from './subscriptions.read-model.js';
export * from './entitlements.read-model.js';
export * from './trial-conversions.read-model.js';
export * from './read-models.js';
