import type { SubscriptionHistory, TimelineEntry } from '@jokes/contracts';
import { isSubscriptionEvent, subscriptionDecider, type SubscriptionEvent } from '@jokes/domain';
import type { StoredEvent } from '@jokes/event-store';

/** Once an erased person's payment records are gone (PAYMENT_RECORDS_YEARS), amounts and currencies read as null. */
const money = (cents: number | null, currency: string | null) =>
  typeof cents !== 'number' || typeof currency !== 'string' ? 'an amount no longer kept' : `${currency === 'usd' ? '$' : `${currency.toUpperCase()} `}${(cents / 100).toFixed(2)}`;
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : 'unknown');

const END_REASONS: Record<string, string> = {
  canceled_at_period_end: 'canceled at the end of the period',
  canceled_immediately: 'canceled immediately',
  payment_failed: 'all payment attempts failed',
  trial_ended_without_payment_method: 'the trial ended without a card',
  checkout_expired: 'the checkout expired unpaid',
  checkout_replaced: 'replaced by a new checkout',
};

/** One line a support agent can read without opening the payload. */
function summarize(event: SubscriptionEvent): { summary: string; occurredAt: string } {
  switch (event.type) {
    case 'CheckoutStarted': {
      const { plan, amount, currency, promoCode, withTrial, startedAt } = event.data;
      const promo = promoCode ? ` with ${promoCode}` : '';
      return { summary: `Checkout started: ${plan} at ${money(amount, currency)}${promo}, ${withTrial ? 'free trial once a card is saved' : 'no trial (paid at once)'}`, occurredAt: startedAt };
    }
    case 'TrialStarted':
      return { summary: `Card saved; free trial until ${day(event.data.trialEndsAt)}`, occurredAt: event.data.startedAt };
    case 'SubscriptionActivated': {
      const { amountPaid, currency, fromTrial, currentPeriodEnd, activatedAt } = event.data;
      return { summary: `Paid ${money(amountPaid, currency)}: ${fromTrial ? 'trial converted' : 'subscription activated'}, paid through ${day(currentPeriodEnd)}`, occurredAt: activatedAt };
    }
    case 'SubscriptionRenewed': {
      const { amountPaid, currency, currentPeriodEnd, recoveredFromPastDue, renewedAt } = event.data;
      return { summary: `Renewed: paid ${money(amountPaid, currency)}, paid through ${day(currentPeriodEnd)}${recoveredFromPastDue ? ' (after failed attempts)' : ''}`, occurredAt: renewedAt };
    }
    case 'PaymentFailed': {
      const { amountDue, currency, attempt, nextAttemptAt, failedAt } = event.data;
      return { summary: `Payment of ${money(amountDue, currency)} failed (attempt ${attempt}); ${nextAttemptAt ? `next attempt ${day(nextAttemptAt)}` : 'no further attempt'}`, occurredAt: failedAt };
    }
    case 'CancellationScheduled':
      return { summary: `Cancellation scheduled${event.data.duringTrial ? ' during the trial' : ''}; Pro until ${day(event.data.endsAt)}`, occurredAt: event.data.scheduledAt };
    case 'SubscriptionResumed':
      return { summary: 'Cancellation withdrawn; the subscription renews again', occurredAt: event.data.resumedAt };
    case 'PlanChanged':
      return { summary: `Plan changed from ${event.data.fromPlan} to ${event.data.toPlan} (${money(event.data.amount, event.data.currency)} per period)`, occurredAt: event.data.changedAt };
    case 'SubscriptionEnded':
      return { summary: `Subscription ended: ${END_REASONS[event.data.reason] ?? event.data.reason}`, occurredAt: event.data.endedAt };
    default: {
      const _exhaustive: never = event;
      return { summary: 'Unknown event', occurredAt: '' };
    }
  }
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The stream as support reads it: each fact, its cause, and the status it left behind. */
export function subscriptionTimeline(userId: string, stored: readonly StoredEvent[]): SubscriptionHistory {
  let state = subscriptionDecider.initialState();
  const timeline: TimelineEntry[] = [];
  for (const record of stored) {
    if (!isSubscriptionEvent(record)) continue;
    const event = { type: record.type, data: record.data } as SubscriptionEvent;
    state = subscriptionDecider.evolve(state, event);
    if (state.status === 'none') continue;
    const { summary, occurredAt } = summarize(event);
    const metadata = record.metadata;
    timeline.push({
      event_id: record.eventId,
      version: Number(record.streamVersion),
      type: record.type,
      occurred_at: occurredAt,
      recorded_at: record.createdAt.toISOString(),
      status_after: state.status,
      subscription_id: event.data.subscriptionId,
      summary,
      data: event.data as unknown as Record<string, unknown>,
      cause: {
        actor: text(metadata.actor) ?? 'unknown',
        webhook_event_id: text(metadata.webhookEventId),
        webhook_event_type: text(metadata.webhookEventType),
        correlation_id: text(metadata.correlationId),
        causation_id: text(metadata.causationId),
      },
    });
  }
  return { user_id: userId, status: state.status === 'none' ? null : state.status, timeline };
}
