import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { CONSISTENT_POSITION_HEADER, trialConversions, type PlanTypeValue } from '@jokes/contracts';
import { type Caller, CurrentCaller, parseOrBadRequest, requireAnyRole } from '@jokes/server';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import { ConsistencyService } from '../consistency/consistency.service.js';

interface Figure {
  day: string;
  plan: string;
  trials_started: number;
  trials_converted: number;
  trials_canceled: number;
}

/** Trial conversion by day and plan, for the analyst and admin roles. */
@Controller()
export class TrialConversionsController {
  constructor(
    private readonly em: EntityManager,
    private readonly consistency: ConsistencyService,
  ) {}

  @Get(trialConversions.path)
  async figures(
    @Query() query: unknown,
    @CurrentCaller() caller: Caller | undefined,
    @Headers(CONSISTENT_POSITION_HEADER) position: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    requireAnyRole(caller, ['analyst', 'admin'], 'Trial figures are for analysts.');
    const { from, to } = parseOrBadRequest(trialConversions.query!, query);
    await this.consistency.beforeReading(trialConversions.reads, position, response);
    const rows = await this.em.getConnection().execute<Figure[]>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, plan, trials_started, trials_converted, trials_canceled
       FROM trial_conversions WHERE (?::date IS NULL OR day >= ?::date) AND (?::date IS NULL OR day <= ?::date)
       ORDER BY day, plan`,
      [from ?? null, from ?? null, to ?? null, to ?? null],
    );
    return { days: rows.map((row) => ({ ...row, plan: row.plan as PlanTypeValue })) };
  }
}
