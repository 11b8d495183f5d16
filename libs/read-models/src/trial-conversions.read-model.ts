import type { SubscriptionEvent } from '@jokes/domain';
import { column, defineReadModel, type RowOf, type ViewOf } from './read-model.js';

const trialConversionColumns = {
  day: column.date(),
  plan: column.text(),
  trials_started: column.integer(),
  trials_converted: column.integer(),
  trials_canceled: column.integer(),
};

/** Trials started, converted to paid, and ended unconverted, per UTC day and plan, for the analysts. */
export type TrialConversionRow = RowOf<typeof trialConversionColumns>;
export type TrialConversionView = ViewOf<typeof trialConversionColumns>;

/** The events a trial figure can count. */
export type TrialEvent = Extract<SubscriptionEvent, { type: 'TrialStarted' | 'SubscriptionActivated' | 'SubscriptionEnded' }>;

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

export function evolveTrialConversions(row: TrialConversionRow | null, event: TrialEvent): TrialConversionRow | null {
  const figure = trialFigureOf(event);
  if (!figure) return row;
  const current = row ?? { day: figure.day, plan: figure.plan, trials_started: 0, trials_converted: 0, trials_canceled: 0 };
  return { ...current, [figure.column]: current[figure.column] + 1 };
}

export const trialConversionsReadModel = defineReadModel({
  name: 'trial_conversions',
  version: 1,
  table: 'trial_conversions',
  columns: trialConversionColumns,
  key: ['day', 'plan'],
  handles: ['TrialStarted', 'SubscriptionActivated', 'SubscriptionEnded'],
  keyOf: (event: TrialEvent) => {
    const figure = trialFigureOf(event);
    return figure ? { day: figure.day, plan: figure.plan } : undefined;
  },
  evolve: evolveTrialConversions,
});
