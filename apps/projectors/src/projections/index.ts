import type { JokeEvent, SubscriptionEvent, UserEvent } from '@jokes/domain';
import { rowProjection, type Projection, type StoredEvent } from '@jokes/event-store';
import {
  dailyGenerationsReadModel,
  entitlementsReadModel,
  jokeHistoryReadModel,
  subscriptionsReadModel,
  trialConversionsReadModel,
  usersReadModel,
  type DailyGenerationsRow,
  type EntitlementRow,
  type JokeRow,
  type SubscriptionRow,
  type TrialConversionRow,
  type TrialEvent,
  type UserRow,
} from '@jokes/read-models';

// Each read model (row type, table, columns, pure evolve) lives in libs/read-models,
// which the query side reads too; here each one gets the row adapter that writes it.
type Stored<E> = StoredEvent & E;

export const jokeHistoryProjection = rowProjection<JokeRow, Stored<JokeEvent>>(jokeHistoryReadModel);
export const dailyGenerationsProjection = rowProjection<DailyGenerationsRow, Stored<JokeEvent>>(dailyGenerationsReadModel);
export const usersProjection = rowProjection<UserRow, Stored<UserEvent>>(usersReadModel);
export const subscriptionsProjection = rowProjection<SubscriptionRow, Stored<SubscriptionEvent>>(subscriptionsReadModel);
export const entitlementsProjection = rowProjection<EntitlementRow, Stored<SubscriptionEvent>>(entitlementsReadModel);
export const trialConversionsProjection = rowProjection<TrialConversionRow, Stored<TrialEvent>>(trialConversionsReadModel);

/** Every read model the projectors maintain, by name. */
export const projections: readonly Projection[] = [
  jokeHistoryProjection,
  dailyGenerationsProjection,
  usersProjection,
  subscriptionsProjection,
  entitlementsProjection,
  trialConversionsProjection,
];

export function findProjection(name: string): Projection | undefined {
  return projections.find((projection) => projection.name === name);
}
