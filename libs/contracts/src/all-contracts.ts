// Every contract file of the product, and the schemas they share. The
// registry takes every contract exported here (registry.ts): a contract added
// to a file listed here is routed, guarded and fuzzed with no other line; a
// new file adds its line here.
export * from './jokes/joke.schema.js';
export * from './jokes/generate-joke.contract.js';
export * from './jokes/joke-history.contract.js';
export * from './engagement/engagement.schema.js';
export * from './engagement/rate-joke.contract.js';
export * from './engagement/share-joke.contract.js';
export * from './jokes/public-joke.contract.js';
export * from './engagement/record-visitor-activity.contract.js';
export * from './engagement/engagement-report.contract.js';
export * from './engagement/funnel-report.contract.js';
export * from './engagement/refusal-report.contract.js';
export * from './catalogue/comedians.contract.js';
export * from './accounts/accounts.contract.js';
export * from './accounts/dev-mailbox.contract.js';
export * from './accounts/public-config.contract.js';
export * from './accounts/account-privacy.contract.js';
export * from './billing/billing.schema.js';
export * from './billing/subscription.contract.js';
export * from './billing/local-billing.contract.js';
export * from './billing/billing-queries.contract.js';
export * from './billing/support.contract.js';
export * from './voice/voice.contract.js';
export * from './moderation/moderation.schema.js';
export * from './moderation/report-joke.contract.js';
export * from './moderation/joke-takedown.contract.js';
export * from './moderation/reported-jokes.contract.js';
