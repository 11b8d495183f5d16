export * from './personal-data-policy.js';
export * from './personal-data-secret.js';
export * from './personal-data-cipher.js';
export * from './personal-data-keys.js';
export * from './personal-data-codec.js';
export * from './personal-data-event-store.js';
export * from './personal-data-projection.js';
export * from './personal-data.migrations.js';
