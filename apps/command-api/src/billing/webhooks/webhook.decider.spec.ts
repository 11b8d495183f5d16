import { describe, expect, it } from '@jest/globals';
import { InvalidSubscriptionTransitionError, type DomainError, type SubscriptionCommand, type SubscriptionEvent } from '@jokes/domain';
import type { EventMetadata } from '@jokes/event-store';
import { webhookDecider, type ApplyWebhook, type WebhookState } from './webhook.decider.js';

const T = 1_773_000_000;
const now = new Date(T * 1000);
const at = now.toISOString();
const subject = { userId: 'u-1', subscriptionId: 'sub_1' };

const checkoutStarted: SubscriptionEvent = {
  type: 'CheckoutStarted',
  data: { ...subject, customerId: 'cus_1', plan: 'monthly', promoCode: null, amount: 499, currency: 'usd', withTrial: true, startedAt: at },
};
const trialStarted: SubscriptionEvent = { type: 'TrialStarted', data: { ...subject, plan: 'monthly', trialEndsAt: '2026-03-12T00:00:00.000Z', startedAt: at } };
const cancellationScheduled: SubscriptionEvent = {
  type: 'CancellationScheduled',
  data: { ...subject, endsAt: '2026-03-12T00:00:00.000Z', duringTrial: true, scheduledAt: at },
};

const startTrial: SubscriptionCommand = { type: 'StartTrial', data: { ...subject, trialEndsAt: '2026-03-12T00:00:00.000Z' } };
const cancel: SubscriptionCommand = { type: 'CancelSubscription', data: { ...subject, endsAt: null } };
const resume: SubscriptionCommand = { type: 'ResumeSubscription', data: subject };

/** The metadata a delivery leaves on what it appends (see the handler's causeOf). */
const delivered = (id: string, type: string, created: number): EventMetadata => ({ webhookEventId: id, webhookEventType: type, webhookEventCreated: created });

function given(history: [SubscriptionEvent, EventMetadata][]): WebhookState {
  return history.reduce((state, [event, metadata]) => webhookDecider.evolve(state, { ...event, metadata }), webhookDecider.initialState());
}

function when(state: WebhookState, webhook: Omit<ApplyWebhook['data'], 'commandsFor'>, commands: SubscriptionCommand[]) {
  const refused: [string, DomainError][] = [];
  const events = webhookDecider.decide({ type: 'ApplyWebhook', data: { ...webhook, commandsFor: () => commands } }, state, {
    now,
    refused: (command, error) => refused.push([command.type, error]),
  });
  return { events, refused };
}

describe('the webhook decider', () => {
  it('decides the commands a delivery means, each on the state the previous one left', () => {
    const state = given([[checkoutStarted, {}]]);
    const { events } = when(state, { webhookEventId: 'evt_2', webhookEventType: 'customer.subscription.updated', created: T }, [startTrial, cancel]);
    expect(events).toEqual([trialStarted, cancellationScheduled]);
  });

  it('appends nothing for a delivery whose id the stream already records', () => {
    const state = given([
      [checkoutStarted, {}],
      [trialStarted, delivered('evt_2', 'customer.subscription.updated', T)],
    ]);
    expect(when(state, { webhookEventId: 'evt_2', webhookEventType: 'customer.subscription.updated', created: T }, [cancel]).events).toEqual([]);
  });

  it('skips a subscription snapshot older than one already applied, but not an older invoice', () => {
    const state = given([
      [checkoutStarted, {}],
      [trialStarted, delivered('evt_3', 'customer.subscription.updated', T + 60)],
      [cancellationScheduled, delivered('evt_3', 'customer.subscription.updated', T + 60)],
    ]);
    expect(when(state, { webhookEventId: 'evt_2', webhookEventType: 'customer.subscription.updated', created: T }, [resume]).events).toEqual([]);
    const failure: SubscriptionCommand = {
      type: 'RecordPaymentFailure',
      data: { ...subject, invoiceId: 'in_1', amountDue: 499, currency: 'usd', attempt: 1, nextAttemptAt: null },
    };
    expect(when(state, { webhookEventId: 'evt_1', webhookEventType: 'invoice.payment_failed', created: T }, [failure]).events).toMatchObject([{ type: 'PaymentFailed' }]);
  });

  it('skips a command the state refuses, reports why, and decides the others', () => {
    const state = given([[checkoutStarted, {}]]);
    const { events, refused } = when(state, { webhookEventId: 'evt_2', webhookEventType: 'customer.subscription.updated', created: T }, [resume, startTrial]);
    expect(events).toEqual([trialStarted]);
    expect(refused.map(([type, error]) => [type, error.constructor])).toEqual([['ResumeSubscription', InvalidSubscriptionTransitionError]]);
  });
});
