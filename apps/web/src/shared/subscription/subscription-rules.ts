import { hasActiveSubscription, isActiveForAccount, isPro } from '@jokes/domain';

/**
 * SPEC 4, the two readings of "subscribed", on the domain's own rules so the
 * web and the server never disagree.
 */
export interface SubscriptionEvidence {
  /** POST /api/sync-user's has_active_subscription, as received: only a literal true counts. */
  syncFlag?: unknown;
  /** Statuses of the user's subscriptions (the direct check's rows), in any casing. */
  statuses?: readonly unknown[];
}

/**
 * Pro (home page badge, gated options, Pro routes): the sync says so, or any
 * row is active, trialing or past_due.
 */
export function isProSubscriber({ syncFlag, statuses = [] }: SubscriptionEvidence): boolean {
  return hasActiveSubscription(syncFlag) || statuses.some(isPro);
}

/**
 * The account page counts only active and trialing. Until the subscription
 * itself has been read (`statuses` undefined), the sync's flag is all there is.
 */
export function isActiveOnAccountPage({ syncFlag, statuses }: SubscriptionEvidence): boolean {
  if (statuses === undefined) return hasActiveSubscription(syncFlag);
  return statuses.some(isActiveForAccount);
}
