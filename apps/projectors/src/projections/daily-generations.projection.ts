import type { JokeEvent } from '@jokes/domain';
import { rowProjection, type StoredEvent } from '@jokes/event-store';

/** Jokes generated per UTC day and comedian style, for the engagement reports. */
export interface DailyGenerationsRow {
  [column: string]: string | number | null;
  day: string;
  comedian_style: string;
  generated: number;
  suggested_topics: number;
}

type JokeStoredEvent = StoredEvent<JokeEvent['type'], JokeEvent['data']> & JokeEvent;

export function evolveDailyGenerations(row: DailyGenerationsRow | null, event: JokeEvent): DailyGenerationsRow | null {
  switch (event.type) {
    case 'JokeGenerated':
      return {
        day: event.data.generatedAt.slice(0, 10),
        comedian_style: event.data.comedianStyle,
        generated: (row?.generated ?? 0) + 1,
        suggested_topics: (row?.suggested_topics ?? 0) + (event.data.topicSuggested ? 1 : 0),
      };
    default: {
      const _exhaustive: never = event.type;
      return row;
    }
  }
}

export const dailyGenerationsProjection = rowProjection<DailyGenerationsRow, JokeStoredEvent>({
  name: 'daily_generations',
  version: 1,
  table: 'daily_generations',
  columns: { day: 'date', comedian_style: 'text', generated: 'integer', suggested_topics: 'integer' },
  key: ['day', 'comedian_style'],
  handles: ['JokeGenerated'],
  keyOf: (event) => ({ day: event.data.generatedAt.slice(0, 10), comedian_style: event.data.comedianStyle }),
  evolve: evolveDailyGenerations,
});
