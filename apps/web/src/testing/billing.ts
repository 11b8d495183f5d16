import type { BillingConfig, CreateSubscriptionResponse, SubscriptionDetail, SubscriptionRow, SubscriptionStatusValue } from '@jokes/contracts';
import { PLAN_PRICES, TRIAL_DAYS } from '@jokes/domain';
import { json, type FakeApi } from './fake-api';

export const localBillingConfig: BillingConfig = {
  provider: 'local',
  publishableKey: null,
  trialDays: TRIAL_DAYS,
  plans: PLAN_PRICES,
  testCards: [{ number: '4242 4242 4242 4242', outcome: 'Succeeds' }],
};

export const stripeBillingConfig: BillingConfig = { ...localBillingConfig, provider: 'stripe', publishableKey: 'pk_test_123', testCards: [] };

export function aSubscriptionRow(userId: string, overrides: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    id: 'row-1',
    user_id: userId,
    stripe_subscription_id: 'sub_123',
    stripe_customer_id: 'cus_123',
    status: 'trialing',
    plan: 'monthly',
    current_period_end: '2026-03-04T12:00:00.000Z',
    cancel_at_period_end: false,
    created_at: '2026-03-01T12:00:00.000Z',
    updated_at: '2026-03-01T12:00:00.000Z',
    ...overrides,
  };
}

export function aSubscriptionDetail(status: SubscriptionStatusValue | null, overrides: Partial<SubscriptionDetail> = {}): SubscriptionDetail {
  const pro = status === 'active' || status === 'trialing' || status === 'past_due';
  return {
    status,
    isActive: status === 'active' || status === 'trialing',
    isPro: pro,
    currentPeriodEnd: status ? '2026-03-04T12:00:00.000Z' : null,
    plan: status ? 'monthly' : null,
    cancelAtPeriodEnd: false,
    stripeCustomerId: status ? 'cus_123' : null,
    ...overrides,
  };
}

export function aCheckout(overrides: Partial<CreateSubscriptionResponse> = {}): CreateSubscriptionResponse {
  return {
    clientSecret: 'seti_123_secret_456',
    subscriptionId: 'sub_123',
    intentType: 'setup',
    trial: true,
    amount: 499,
    currency: 'usd',
    promoApplied: false,
    position: '200.1',
    ...overrides,
  };
}

/** The subscription reads: the direct check's rows and the account page's detail. */
export function answerSubscription(server: FakeApi, rows: (userId: string) => SubscriptionRow[], detail?: (userId: string) => SubscriptionDetail): FakeApi {
  const userOf = (request: Request) => new URL(request.url).searchParams.get('user_id') ?? '';
  server.on('GET /api/subscriptions', (request) => json(rows(userOf(request))));
  if (detail) server.on('GET /api/subscription-status', (request) => json(detail(userOf(request))));
  return server;
}

export const declined = () =>
  json(
    { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
    { status: 402 },
  );
