import { Controller, ForbiddenException, Get, Headers, Query, Res } from '@nestjs/common';
import { CONSISTENT_POSITION_HEADER, jokeHistory, jokeHistoryQuery, type Joke, type JokeLengthValue } from '@jokes/contracts';
import { assertOwnUserId, type Caller, CurrentCaller, parseOrBadRequest, requireCaller } from '@jokes/server';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import { EntitlementView } from '../billing/billing.entities.js';
import { ConsistencyService } from '../consistency/consistency.service.js';
import { JokeView } from './joke.entity.js';

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
  constructor(
    private readonly em: EntityManager,
    private readonly consistency: ConsistencyService,
  ) {}

  @Get(jokeHistory.path)
  async history(
    @Query() query: unknown,
    @CurrentCaller() caller: Caller | undefined,
    @Headers(CONSISTENT_POSITION_HEADER) position: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<Joke[]> {
    const who = requireCaller(caller);
    const { user_id } = parseOrBadRequest(jokeHistoryQuery, query);
    // Only the caller's own jokes, and only while they are Pro.
    assertOwnUserId(who, user_id);
    await this.consistency.beforeReading(jokeHistory.reads, position, response);
    const em = this.em.fork();
    const entitlement = await em.findOne(EntitlementView, { userId: user_id });
    if (!entitlement?.hasActiveSubscription) throw new ForbiddenException(HISTORY_REQUIRES_PRO);
    const rows = await em.find(JokeView, { userId: user_id }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: HISTORY_LIMIT });
    return rows.map((row) => ({
      id: row.id,
      content: row.content,
      comedian_style: row.comedianStyle,
      topic: row.topic,
      length: row.length as JokeLengthValue,
      created_at: row.createdAt.toISOString(),
      user_id: row.userId ?? null,
      rating: row.rating ?? null,
    }));
  }
}
