import { Controller } from '@nestjs/common';
import { trialConversions, type PlanTypeValue } from '@jokes/contracts';
import { trialConversionsReadModel } from '@jokes/read-models';
import { Read, ReadQuery, type ReadOf } from '../reading/read-query.decorator.js';
import { entityOf } from '@jokes/read-models/entities';

/** Trial conversion by day and plan, for the analyst and admin roles. */
@Controller()
export class TrialConversionsController {
  @ReadQuery(trialConversions, { caller: 'role', roles: ['analyst', 'admin'], message: 'Trial figures are for analysts.' })
  async figures(@Read() { query: { from, to }, em }: ReadOf<typeof trialConversions>) {
    const day = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
    const rows = await em.find(entityOf(trialConversionsReadModel), from || to ? { day } : {}, { orderBy: { day: 'asc', plan: 'asc' } });
    return {
      days: rows.map(({ day, plan, trials_started, trials_converted, trials_canceled }) => ({
        day,
        plan: plan as PlanTypeValue,
        trials_started,
        trials_converted,
        trials_canceled,
      })),
    };
  }
}
