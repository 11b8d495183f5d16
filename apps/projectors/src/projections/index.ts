import type { Projection } from '@jokes/event-store';
import { dailyGenerationsProjection } from './daily-generations.projection.js';
import { jokeHistoryProjection } from './joke-history.projection.js';
import { entitlementsProjection } from './entitlements.projection.js';
import { subscriptionsProjection } from './subscriptions.projection.js';
import { trialConversionsProjection } from './trial-conversions.projection.js';
import { usersProjection } from './users.projection.js';

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
