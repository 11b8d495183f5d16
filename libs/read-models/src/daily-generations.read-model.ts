import type { JokeGenerated } from '@jokes/domain';
import { column, defineReadModel, type RowOf, type ViewOf } from './read-model.js';

const dailyGenerationColumns = {
  day: column.date(),
  comedian_style: column.text(),
  generated: column.integer(),
  suggested_topics: column.integer(),
};

/** Jokes generated per UTC day and comedian style, for the engagement reports. */
export type DailyGenerationsRow = RowOf<typeof dailyGenerationColumns>;
export type DailyGenerationsView = ViewOf<typeof dailyGenerationColumns>;

/** Generations only: the one event it handles (see `handles`), so a new joke event changes nothing here. */
export function evolveDailyGenerations(row: DailyGenerationsRow | null, event: JokeGenerated): DailyGenerationsRow | null {
  return {
    day: event.data.generatedAt.slice(0, 10),
    comedian_style: event.data.comedianStyle,
    generated: (row?.generated ?? 0) + 1,
    suggested_topics: (row?.suggested_topics ?? 0) + (event.data.topicSuggested ? 1 : 0),
  };
}

export const dailyGenerationsReadModel = defineReadModel({
  name: 'daily_generations',
  version: 1,
  table: 'daily_generations',
  columns: dailyGenerationColumns,
  key: ['day', 'comedian_style'],
  handles: ['JokeGenerated'],
  keyOf: (event: JokeGenerated) => ({ day: event.data.generatedAt.slice(0, 10), comedian_style: event.data.comedianStyle }),
  evolve: evolveDailyGenerations,
});
