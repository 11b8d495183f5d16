import type { JokeRefused } from '@jokes/domain';
import { utcDay } from './engagement-figures.js';
import { column, defineReadModel, type RowOf, type ViewOf } from './read-model.js';

const engagementRefusalColumns = {
  day: column.date(),
  comedian_style: column.text(),
  /** One of SAFETY_CATEGORIES. */
  category: column.text(),
  /** 'topic' (refused before writing) or 'joke' (refused after). */
  stage: column.text(),
  refused: column.integer(),
};

/** Generates the moderator refused, by UTC day x comedian x category x stage: counts only, as the event keeps no text. */
export type EngagementRefusalRow = RowOf<typeof engagementRefusalColumns>;
export type EngagementRefusalView = ViewOf<typeof engagementRefusalColumns>;

const refusalCell = ({ data }: JokeRefused) => ({ day: utcDay(data.refusedAt), comedian_style: data.comedianStyle, category: data.category, stage: data.stage });

export function evolveEngagementRefusal(row: EngagementRefusalRow | null, event: JokeRefused): EngagementRefusalRow {
  return { ...refusalCell(event), refused: (row?.refused ?? 0) + 1 };
}

export const engagementRefusalsReadModel = defineReadModel({
  name: 'engagement_refusals',
  version: 1,
  table: 'engagement_refusals',
  columns: engagementRefusalColumns,
  key: ['day', 'comedian_style', 'category', 'stage'],
  handles: ['JokeRefused'],
  keyOf: refusalCell,
  evolve: evolveEngagementRefusal,
});
