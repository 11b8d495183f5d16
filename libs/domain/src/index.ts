export * from './errors.js';
export * from './catalogue/manners.js';
export * from './catalogue/lengths.js';
export * from './catalogue/comedians.js';
export * from './joke/joke.events.js';
export * from './joke/joke.decider.js';
export * from './user/user.events.js';
