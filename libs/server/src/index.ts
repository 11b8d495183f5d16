export * from './config.js';
export * from './database.js';
