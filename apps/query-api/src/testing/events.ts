import { randomUUID } from 'node:crypto';
import type { JokeGenerated, SubscriptionEvent, UserRegistered } from '@jokes/domain';

/** Real events of the product, as the command side appends them, for the read models under test. */

export const registered = (userId: string, registeredAt = '2026-11-22T10:00:00.000Z'): UserRegistered => ({
  type: 'UserRegistered',
  data: { userId, email: `${userId}@example.com`, username: userId, ageConfirmed: true, rememberMe: true, registeredAt },
});

export const jokeGenerated = (userId: string | null, generatedAt: string, overrides: Partial<JokeGenerated['data']> = {}): JokeGenerated => ({
  type: 'JokeGenerated',
  data: {
    jokeId: randomUUID(),
    userId,
    comedianStyle: 'Ali Wong',
    topic: 'cats',
    topicSuggested: false,
    length: 'short',
    content: `A joke told at ${generatedAt}.`,
    writer: 'offline',
    premiumBypass: false,
    generatedAt,
    ...overrides,
  },
});

/** A monthly checkout whose card was saved: the user is trialing, so Pro. */
export const trialing = (userId: string, subscriptionId: string, day = '2026-03-01'): SubscriptionEvent[] => {
  const subject = { userId, subscriptionId };
  const trialEndsAt = new Date(Date.parse(`${day}T08:01:00.000Z`) + 3 * 86_400_000).toISOString();
  return [
    { type: 'CheckoutStarted', data: { ...subject, customerId: `cus_${userId}`, plan: 'monthly', promoCode: null, amount: 499, currency: 'usd', withTrial: true, startedAt: `${day}T08:00:00.000Z` } },
    { type: 'TrialStarted', data: { ...subject, plan: 'monthly', trialEndsAt, startedAt: `${day}T08:01:00.000Z` } },
  ];
};

/** The trial ended without a payment: the subscription is canceled and the user free again. */
export const trialEnded = (userId: string, subscriptionId: string, endedAt: string): SubscriptionEvent => ({
  type: 'SubscriptionEnded',
  data: { userId, subscriptionId, plan: 'monthly', reason: 'trial_ended_without_payment_method', previousStatus: 'trialing', endedAt },
});
