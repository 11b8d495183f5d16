import type { AppUser } from '@jokes/contracts';
import { isPro, type SubscriptionState, type UserState } from '@jokes/domain';

/**
 * The user record as POST /api/sync-user answers it, made from the streams the
 * command just decided on: the save's answer is current without waiting for
 * the read model.
 */
export function appUserOf(user: Extract<UserState, { status: 'registered' }>, subscription: SubscriptionState, roles: readonly string[]): AppUser {
  return {
    id: user.userId,
    // Only a live account has a session to ask with; an erased one has no address left.
    email: user.email ?? '',
    username: user.username,
    created_at: user.registeredAt,
    stripe_customer_id: subscription.status === 'none' ? null : subscription.customerId,
    has_active_subscription: isPro(subscription.status),
    selected_voice_id: user.selectedVoiceId,
    email_confirmed: user.emailConfirmedAt !== null,
    roles: [...roles],
  };
}
