import type { VisitorActivityRecorded } from '@jokes/domain';
import { activityOf } from './engagement-figures.js';
import { column, defineReadModel, type RowOf, type ViewOf } from './read-model.js';

const engagementVisitorColumns = {
  day: column.date(),
  /** The browser's random id: no user id or address is ever kept with activity. */
  visitor_id: column.text(),
  activities: column.integer(),
  page_views: column.integer(),
  generate_items: column.integer(),
  /** rate_joke and share_joke items. */
  engage_items: column.integer(),
};

/**
 * What each visitor did on each UTC day: one row per visitor and day, so a
 * day's distinct visitors (engagement's unique visitors, the funnel's steps)
 * are a count of rows.
 */
export type EngagementVisitorRow = RowOf<typeof engagementVisitorColumns>;
export type EngagementVisitorView = ViewOf<typeof engagementVisitorColumns>;

export function evolveEngagementVisitor(row: EngagementVisitorRow | null, event: VisitorActivityRecorded): EngagementVisitorRow {
  const activity = activityOf(event);
  const current = row ?? { day: activity.day, visitor_id: activity.visitor_id, activities: 0, page_views: 0, generate_items: 0, engage_items: 0 };
  return {
    ...current,
    activities: current.activities + 1,
    page_views: current.page_views + (activity.page_view ? 1 : 0),
    generate_items: current.generate_items + (activity.generated ? 1 : 0),
    engage_items: current.engage_items + (activity.engaged ? 1 : 0),
  };
}

export const engagementVisitorsReadModel = defineReadModel({
  name: 'engagement_visitors',
  version: 1,
  table: 'engagement_visitors',
  columns: engagementVisitorColumns,
  key: ['day', 'visitor_id'],
  handles: ['VisitorActivityRecorded'],
  keyOf: (event: VisitorActivityRecorded) => {
    const { day, visitor_id } = activityOf(event);
    return { day, visitor_id };
  },
  evolve: evolveEngagementVisitor,
});
