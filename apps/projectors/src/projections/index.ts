import type { Projection } from '@jokes/event-store';
import { dailyGenerationsProjection } from './daily-generations.projection.js';
import { jokeHistoryProjection } from './joke-history.projection.js';
import { usersProjection } from './users.projection.js';

/** Every read model the projectors maintain, by name. */
export const projections: readonly Projection[] = [jokeHistoryProjection, dailyGenerationsProjection, usersProjection];

export function findProjection(name: string): Projection | undefined {
  return projections.find((projection) => projection.name === name);
}
