import { Controller } from '@nestjs/common';
import { funnelReport, type FunnelReportResponse } from '@jokes/contracts';
import { funnelReportDays } from '@jokes/read-models';
import { Read, ReadQuery, type ReadOf } from '../reading/read-query.decorator.js';
import { funnelPartsFromTables } from './analytics.queries.js';

/** Visitors -> generated -> rated or shared -> signed up -> trial -> paid, per day, for the analyst and admin roles. */
@Controller()
export class FunnelReportController {
  @ReadQuery(funnelReport, { caller: 'role', roles: ['analyst', 'admin'], message: 'Funnel figures are for analysts.' })
  async report(@Read() { query: { from, to }, em }: ReadOf<typeof funnelReport>): Promise<FunnelReportResponse> {
    return { days: funnelReportDays(await funnelPartsFromTables(em, { from, to })) };
  }
}
