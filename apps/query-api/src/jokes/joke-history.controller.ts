import { Controller, ForbiddenException } from '@nestjs/common';
import { jokeHistory, type Joke } from '@jokes/contracts';
import { entitlementsReadModel, jokeHistoryReadModel } from '@jokes/read-models';
import { Read, ReadQuery, type ReadOf } from '../reading/read-query.decorator.js';
import { jokeOfRow } from './joke.view.js';
import { entityOf } from '@jokes/read-models/entities';

/** History is a page of the newest jokes; older ones stay in the event store. */
export const HISTORY_LIMIT = 200;

/** SPEC 6: history is a Pro feature; the body is generate's 403, so the web opens the same prompt. */
export const HISTORY_REQUIRES_PRO = {
  error: 'Premium Feature',
  message: 'Upgrade to Pro to keep a history of your jokes',
  requiresPremium: true,
} as const;

@Controller()
export class JokeHistoryController {
  /** Only the caller's own jokes, and only while they are Pro. */
  @ReadQuery(jokeHistory, { caller: 'owner', owner: ({ query }) => query.user_id })
  async history(@Read() { query, em }: ReadOf<typeof jokeHistory>): Promise<Joke[]> {
    const entitlement = await em.findOne(entityOf(entitlementsReadModel), { user_id: query.user_id });
    if (!entitlement?.has_active_subscription) throw new ForbiddenException(HISTORY_REQUIRES_PRO);
    const rows = await em.find(entityOf(jokeHistoryReadModel), { user_id: query.user_id }, { orderBy: { created_at: 'desc', id: 'desc' }, limit: HISTORY_LIMIT });
    return rows.map(jokeOfRow);
  }
}
