export * from './engagement-log.js';
