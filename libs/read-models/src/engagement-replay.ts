import type { DayRange } from './engagement-figures.js';
import { engagementParts, engagementReportRows, type EngagementBy, type EngagementReportRow } from './engagement-report.js';
import { engagementRatingsReadModel } from './engagement-ratings.read-model.js';
import { engagementRefusalsReadModel } from './engagement-refusals.read-model.js';
import { engagementVisitorsReadModel } from './engagement-visitors.read-model.js';
import { engagementReadModel } from './engagement.read-model.js';
import { funnelParts, funnelReportDays, type FunnelDay } from './funnel-report.js';
import { funnelReadModel } from './funnel.read-model.js';
import { MemoryReadModel } from './memory-read-model.js';
import { refusalParts, refusalReportRows, type RefusalReportRow, type RefusalsBy } from './refusal-report.js';

/**
 * The engagement read models rebuilt in memory from events handed in in
 * stream order: `npm run report` feeds it the stream from position zero and
 * reads the same report the query API reads from the projected tables.
 */
export class EngagementReplay {
  private readonly cells = new MemoryReadModel(engagementReadModel);
  private readonly ratings = new MemoryReadModel(engagementRatingsReadModel);
  private readonly visitors = new MemoryReadModel(engagementVisitorsReadModel);
  private readonly funnelDays = new MemoryReadModel(funnelReadModel);
  private readonly refusalCells = new MemoryReadModel(engagementRefusalsReadModel);
  private readonly models = [this.cells, this.ratings, this.visitors, this.funnelDays, this.refusalCells];
  /** The event types any of the reports counts: a replay need read no others. */
  readonly handles: readonly string[] = [...new Set(this.models.flatMap((model) => model.handles))];

  apply(event: { type: string }): void {
    for (const model of this.models) model.apply(event);
  }

  engagement(by: EngagementBy, range: DayRange = {}): EngagementReportRow[] {
    return engagementReportRows(engagementParts(by, { cells: this.cells.rows(), ratings: this.ratings.rows(), visitors: this.visitors.rows() }, range));
  }

  refusals(by: RefusalsBy, range: DayRange = {}): RefusalReportRow[] {
    return refusalReportRows(refusalParts(by, { cells: this.cells.rows(), refusals: this.refusalCells.rows() }, range));
  }

  funnel(range: DayRange = {}): FunnelDay[] {
    return funnelReportDays(funnelParts({ visitors: this.visitors.rows(), funnel: this.funnelDays.rows() }, range));
  }
}
