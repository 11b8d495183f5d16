import type { JokeGenerated, JokeRated, JokeRefused, PaymentRecordsErased, SubscriptionEvent, UserEvent, VisitorActivityRecorded } from '@jokes/domain';
import { rowProjection, type EventData, type Projection, type StoredEvent } from '@jokes/event-store';
import {
  bestJokesReadModel,
  dailyGenerationsReadModel,
  engagementRatingsReadModel,
  engagementReadModel,
  engagementRefusalsReadModel,
  engagementVisitorsReadModel,
  entitlementsReadModel,
  formRatingsReadModel,
  funnelReadModel,
  jokeHistoryReadModel,
  reportedJokesReadModel,
  publishedJokesReadModel,
  closedAccountsReadModel,
  subscriptionsReadModel,
  trialConversionsReadModel,
  usersReadModel,
  type BestJokeEvent,
  type BestJokeRow,
  type DailyGenerationsRow,
  type EngagementEvent,
  type EngagementRatingRow,
  type EngagementRefusalRow,
  type EngagementRow,
  type EngagementVisitorRow,
  type EntitlementRow,
  type FormRatingRow,
  type FunnelEvent,
  type FunnelRow,
  type JokeHistoryEvent,
  type JokeRow,
  type ReportedJokeRow,
  type PublishedJokeRow,
  type ClosedAccountRow,
  type ReportQueueEvent,
  type PublishingEvent,
  type AccountClosingEvent,
  type SubscriptionRow,
  type TrialConversionRow,
  type TrialEvent,
  type UserRow,
} from '@jokes/read-models';
import { readingPersonalData } from './personal-data.js';

// Each read model (row type, table, columns, pure evolve) lives in libs/read-models,
// which the query side reads too; here each one gets the row adapter that writes it.
type Stored<E> = StoredEvent & E;
// A read model whose evolve takes its events' type and data only says so: its
// catch-ups read those columns and no metadata (the compiler holds it to that).
type Lean<E> = EventData & E;

export const jokeHistoryProjection = rowProjection<JokeRow, Lean<JokeHistoryEvent>>({ ...jokeHistoryReadModel, reads: 'data' });
export const dailyGenerationsProjection = rowProjection<DailyGenerationsRow, Lean<JokeGenerated>>({ ...dailyGenerationsReadModel, reads: 'data' });
export const usersProjection = readingPersonalData(rowProjection<UserRow, Stored<UserEvent>>(usersReadModel));
// The provider's ids are payment records, sealed under a key of their own (issue 11).
export const subscriptionsProjection = readingPersonalData(rowProjection<SubscriptionRow, Stored<SubscriptionEvent | PaymentRecordsErased>>(subscriptionsReadModel));
export const entitlementsProjection = readingPersonalData(rowProjection<EntitlementRow, Stored<SubscriptionEvent | PaymentRecordsErased>>(entitlementsReadModel));
export const trialConversionsProjection = rowProjection<TrialConversionRow, Lean<TrialEvent>>({ ...trialConversionsReadModel, reads: 'data' });
export const engagementProjection = rowProjection<EngagementRow, Lean<EngagementEvent>>({ ...engagementReadModel, reads: 'data' });
export const engagementRatingsProjection = rowProjection<EngagementRatingRow, Lean<JokeRated>>({ ...engagementRatingsReadModel, reads: 'data' });
export const engagementVisitorsProjection = rowProjection<EngagementVisitorRow, Lean<VisitorActivityRecorded>>({ ...engagementVisitorsReadModel, reads: 'data' });
export const engagementRefusalsProjection = rowProjection<EngagementRefusalRow, Lean<JokeRefused>>({ ...engagementRefusalsReadModel, reads: 'data' });
export const funnelProjection = rowProjection<FunnelRow, Lean<FunnelEvent>>({ ...funnelReadModel, reads: 'data' });
export const reportedJokesProjection = rowProjection<ReportedJokeRow, Lean<ReportQueueEvent>>({ ...reportedJokesReadModel, reads: 'data' });
// What the writers learn from (issue 24): a style's best-received jokes, and each user's ratings of each form.
export const bestJokesProjection = rowProjection<BestJokeRow, Lean<BestJokeEvent>>({ ...bestJokesReadModel, reads: 'data' });
export const formRatingsProjection = rowProjection<FormRatingRow, Lean<JokeRated>>({ ...formRatingsReadModel, reads: 'data' });
export const publishedJokesProjection = rowProjection<PublishedJokeRow, Lean<PublishingEvent>>({ ...publishedJokesReadModel, reads: 'data' });
// AccountDeletionRequested, AccountDeletionCanceled and AccountErased carry nothing personal (no sealed fields to open).
export const closedAccountsProjection = rowProjection<ClosedAccountRow, Lean<AccountClosingEvent>>({ ...closedAccountsReadModel, reads: 'data' });

/** Every read model the projectors maintain, by name. */
export const projections: readonly Projection[] = [
  jokeHistoryProjection,
  dailyGenerationsProjection,
  usersProjection,
  subscriptionsProjection,
  entitlementsProjection,
  trialConversionsProjection,
  engagementProjection,
  engagementRatingsProjection,
  engagementVisitorsProjection,
  engagementRefusalsProjection,
  funnelProjection,
  reportedJokesProjection,
  bestJokesProjection,
  formRatingsProjection,
  publishedJokesProjection,
  closedAccountsProjection,
];

export function findProjection(name: string): Projection | undefined {
  return projections.find((projection) => projection.name === name);
}
