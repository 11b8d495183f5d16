import { Controller } from '@nestjs/common';
import { engagementReport, type EngagementReportResponse } from '@jokes/contracts';
import { engagementReportRows } from '@jokes/read-models';
import { Read, ReadQuery, type ReadOf } from '../reading/read-query.decorator.js';
import { engagementPartsFromTables } from './analytics.queries.js';

/** Generated, rated and shared jokes, page views and visitors, by one dimension, for the analyst and admin roles. */
@Controller()
export class EngagementReportController {
  @ReadQuery(engagementReport, { caller: 'role', roles: ['analyst', 'admin'], message: 'Engagement figures are for analysts.' })
  async report(@Read() { query: { by, from, to }, em }: ReadOf<typeof engagementReport>): Promise<EngagementReportResponse> {
    const rows = engagementReportRows(await engagementPartsFromTables(em, by, { from, to }));
    return { by, from: from ?? null, to: to ?? null, rows };
  }
}
