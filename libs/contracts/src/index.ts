export * from './contract.js';
export * from './registry.js';
export * from './jokes/joke.schema.js';
export * from './jokes/generate-joke.contract.js';
export * from './jokes/joke-history.contract.js';
export * from './catalogue/comedians.contract.js';
