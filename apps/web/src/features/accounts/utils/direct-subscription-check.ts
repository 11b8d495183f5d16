import type { AppDispatch } from '../../../shared/store/store';
import { isProSubscriber } from '../../../shared/subscription/subscription-rules';
import { subscriptionsApi } from '../../../shared/subscription/subscriptions.api';

/**
 * SPEC 4: the direct read of the user's subscription rows (GET
 * /api/subscriptions?user_id=), subscribed if any row is active, trialing or
 * past_due in any casing. A failed read answers "not subscribed". The rows
 * stay cached for the account page.
 */
export async function checkSubscriptionDirectly(dispatch: AppDispatch, userId: string): Promise<boolean> {
  const request = dispatch(subscriptionsApi.endpoints.listSubscriptions.initiate(userId, { forceRefetch: true }));
  try {
    const rows = await request.unwrap();
    return isProSubscriber({ statuses: rows.map((row) => row.status) });
  } catch {
    return false;
  } finally {
    request.unsubscribe();
  }
}
