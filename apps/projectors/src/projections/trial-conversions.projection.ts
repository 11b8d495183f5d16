import type { SubscriptionEvent } from '@jokes/domain';
import { rowProjection, type StoredEvent } from '@jokes/event-store';

/** Trials started, converted to paid, and ended unconverted, per UTC day and plan, for the analysts. */
export interface TrialConversionRow {
  [column: string]: string | number;
  day: string;
  plan: string;
  trials_started: number;
  trials_converted: number;
  trials_canceled: number;
}

type SubscriptionStoredEvent = StoredEvent<SubscriptionEvent['type'], SubscriptionEvent['data']> & SubscriptionEvent;

type Counted = Extract<SubscriptionEvent, { type: 'TrialStarted' | 'SubscriptionActivated' | 'SubscriptionEnded' }>;

/** The day and plan an event counts for, or undefined when it is no trial figure. */
export function trialFigureOf(event: SubscriptionEvent): { day: string; plan: string; column: 'trials_started' | 'trials_converted' | 'trials_canceled' } | undefined {
  switch (event.type) {
    case 'TrialStarted':
      return { day: event.data.startedAt.slice(0, 10), plan: event.data.plan, column: 'trials_started' };
    case 'SubscriptionActivated':
      return event.data.fromTrial ? { day: event.data.activatedAt.slice(0, 10), plan: event.data.plan, column: 'trials_converted' } : undefined;
    case 'SubscriptionEnded':
      // A trial that ended before anything was paid: canceled, or ran out without a card.
      return event.data.previousStatus === 'trialing' ? { day: event.data.endedAt.slice(0, 10), plan: event.data.plan, column: 'trials_canceled' } : undefined;
    default:
      return undefined;
  }
}

export function evolveTrialConversions(row: TrialConversionRow | null, event: Counted): TrialConversionRow | null {
  const figure = trialFigureOf(event);
  if (!figure) return row;
  const current = row ?? { day: figure.day, plan: figure.plan, trials_started: 0, trials_converted: 0, trials_canceled: 0 };
  return { ...current, [figure.column]: current[figure.column] + 1 };
}

export const trialConversionsProjection = rowProjection<TrialConversionRow, SubscriptionStoredEvent & Counted>({
  name: 'trial_conversions',
  version: 1,
  table: 'trial_conversions',
  columns: { day: 'date', plan: 'text', trials_started: 'integer', trials_converted: 'integer', trials_canceled: 'integer' },
  key: ['day', 'plan'],
  handles: ['TrialStarted', 'SubscriptionActivated', 'SubscriptionEnded'],
  keyOf: (event) => {
    const figure = trialFigureOf(event);
    return figure ? { day: figure.day, plan: figure.plan } : undefined;
  },
  evolve: evolveTrialConversions,
});
