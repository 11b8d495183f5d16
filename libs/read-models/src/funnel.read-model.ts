import { FUNNEL_EVENT_TYPES, funnelStepOf, type FunnelEvent } from './engagement-figures.js';
import { column, defineReadModel, type RowOf, type ViewOf } from './read-model.js';

const funnelColumns = {
  day: column.date(),
  signed_up: column.integer(),
  trials: column.integer(),
  /** First successful payments (SubscriptionActivated), after a trial or at once. */
  paid: column.integer(),
};

/**
 * The funnel's account steps per UTC day. Its visitor steps (visitors,
 * generated, engaged) are distinct visitors, counted from `engagement_visitors`.
 */
export type FunnelRow = RowOf<typeof funnelColumns>;
export type FunnelView = ViewOf<typeof funnelColumns>;

export function evolveFunnel(row: FunnelRow | null, event: FunnelEvent): FunnelRow {
  const { day, step } = funnelStepOf(event);
  const current = row ?? { day, signed_up: 0, trials: 0, paid: 0 };
  return { ...current, [step]: current[step] + 1 };
}

export const funnelReadModel = defineReadModel({
  name: 'funnel',
  version: 1,
  table: 'funnel',
  columns: funnelColumns,
  key: ['day'],
  handles: FUNNEL_EVENT_TYPES,
  keyOf: (event: FunnelEvent) => ({ day: funnelStepOf(event).day }),
  evolve: evolveFunnel,
});
