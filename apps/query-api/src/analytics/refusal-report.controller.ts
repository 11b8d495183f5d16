import { Controller } from '@nestjs/common';
import { refusalReport, type RefusalReportResponse } from '@jokes/contracts';
import { refusalReportRows } from '@jokes/read-models';
import { Read, ReadQuery, type ReadOf } from '../reading/read-query.decorator.js';
import { refusalPartsFromTables } from './analytics.queries.js';

/** How often the moderator refused a generate, by category and stage, per day or comedian, for the analyst and admin roles. */
@Controller()
export class RefusalReportController {
  @ReadQuery(refusalReport, { caller: 'role', roles: ['analyst', 'admin'], message: 'Refusal figures are for analysts.' })
  async report(@Read() { query: { by, from, to }, em }: ReadOf<typeof refusalReport>): Promise<RefusalReportResponse> {
    const rows = refusalReportRows(await refusalPartsFromTables(em, by, { from, to }));
    return { by, from: from ?? null, to: to ?? null, rows };
  }
}
