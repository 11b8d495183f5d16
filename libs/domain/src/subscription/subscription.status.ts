/**
 * The statuses a subscription moves through. `incomplete`: the checkout exists
 * at the payment provider but no card is on file yet, so it grants nothing.
 */
export const SUBSCRIPTION_STATUSES = ['incomplete', 'trialing', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

// SPEC section 4: the home page counts past_due too (the user keeps Pro while
// the provider retries the card); the account page only active and trialing.
const PRO_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);
const ACCOUNT_ACTIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing']);

const normalize = (status: unknown): string => (typeof status === 'string' ? status.trim().toLowerCase() : '');

/** The home-page and entitlement rule: active, trialing or past_due, in any casing. */
export function isPro(status: unknown): boolean {
  return PRO_STATUSES.has(normalize(status));
}

/** The account page's rule: only active and trialing, in any casing. */
export function isActiveForAccount(status: unknown): boolean {
  return ACCOUNT_ACTIVE_STATUSES.has(normalize(status));
}

/** SPEC section 3: only a literal `true` counts ('true', 1 or 'yes' do not). */
export function hasActiveSubscription(flag: unknown): boolean {
  return flag === true;
}

/**
 * SPEC section 4: subscribed if any subscription row says so or the sync
 * response's flag does.
 */
export function isSubscribed(rows: readonly { status: unknown }[], syncFlag: unknown): boolean {
  return rows.some((row) => isPro(row.status)) || hasActiveSubscription(syncFlag);
}
