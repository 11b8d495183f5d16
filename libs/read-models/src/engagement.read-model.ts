import type { JokeGenerated, JokeShared } from '@jokes/domain';
import { generationCell, shareOf, type EngagementCell } from './engagement-figures.js';
import { column, defineReadModel, type RowOf, type ViewOf } from './read-model.js';

const engagementColumns = {
  day: column.date(),
  comedian_style: column.text(),
  length: column.text(),
  /** Normalised (trimmed, lower case, single spaces; '(none)' when empty). */
  topic: column.text(),
  generated: column.integer(),
  shares_x: column.integer(),
  shares_facebook: column.integer(),
  shares_instagram: column.integer(),
  shares_snapchat: column.integer(),
  shares_sms: column.integer(),
  shares_copy: column.integer(),
};

/** Jokes generated and shares per platform, by UTC day x comedian x length x topic. */
export type EngagementRow = RowOf<typeof engagementColumns>;
export type EngagementView = ViewOf<typeof engagementColumns>;

export type EngagementEvent = JokeGenerated | JokeShared;

const emptyRow = (cell: EngagementCell): EngagementRow => ({
  ...cell,
  generated: 0,
  shares_x: 0,
  shares_facebook: 0,
  shares_instagram: 0,
  shares_snapchat: 0,
  shares_sms: 0,
  shares_copy: 0,
});

const cellOfEvent = (event: EngagementEvent): EngagementCell => (event.type === 'JokeGenerated' ? generationCell(event) : shareOf(event).cell);

export function evolveEngagement(row: EngagementRow | null, event: EngagementEvent): EngagementRow {
  const current = row ?? emptyRow(cellOfEvent(event));
  switch (event.type) {
    case 'JokeGenerated':
      return { ...current, generated: current.generated + 1 };
    case 'JokeShared': {
      const column = `shares_${shareOf(event).platform}` as const;
      return { ...current, [column]: current[column] + 1 };
    }
    default: {
      const _exhaustive: never = event;
      return current;
    }
  }
}

export const engagementReadModel = defineReadModel({
  name: 'engagement',
  version: 1,
  table: 'engagement',
  columns: engagementColumns,
  key: ['day', 'comedian_style', 'length', 'topic'],
  handles: ['JokeGenerated', 'JokeShared'],
  keyOf: cellOfEvent,
  evolve: evolveEngagement,
});
