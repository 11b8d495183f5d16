/**
 * The account page's Subscription Management card as an address: where a
 * subscriber's Subscribe button leads instead of the trial offer. A module of
 * its own, so the top bar can link to it without loading the account page.
 */
export const SUBSCRIPTION_CARD_ID = 'subscription-management';
export const SUBSCRIPTION_CARD_PATH = `/account#${SUBSCRIPTION_CARD_ID}`;
