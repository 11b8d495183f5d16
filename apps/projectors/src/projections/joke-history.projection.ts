import type { JokeEvent } from '@jokes/domain';
import { rowProjection, type StoredEvent } from '@jokes/event-store';

/** A row of `jokes`: what History and the rating flow read. */
export interface JokeRow {
  [column: string]: string | number | null;
  id: string;
  user_id: string | null;
  content: string;
  comedian_style: string;
  topic: string;
  length: string;
  rating: number | null;
  created_at: string;
}

type JokeStoredEvent = StoredEvent<JokeEvent['type'], JokeEvent['data']> & JokeEvent;

export const JOKE_HISTORY_EVENTS = ['JokeGenerated'] as const satisfies readonly JokeEvent['type'][];

/** Pure: the row after one event. */
export function evolveJokeRow(row: JokeRow | null, event: JokeEvent): JokeRow | null {
  switch (event.type) {
    case 'JokeGenerated':
      return {
        id: event.data.jokeId,
        user_id: event.data.userId,
        content: event.data.content,
        comedian_style: event.data.comedianStyle,
        topic: event.data.topic,
        length: event.data.length,
        rating: row?.rating ?? null,
        created_at: event.data.generatedAt,
      };
    default: {
      const _exhaustive: never = event.type;
      return row;
    }
  }
}

export const jokeHistoryProjection = rowProjection<JokeRow, JokeStoredEvent>({
  name: 'jokes',
  version: 1,
  table: 'jokes',
  columns: {
    id: 'uuid',
    user_id: 'text',
    content: 'text',
    comedian_style: 'text',
    topic: 'text',
    length: 'text',
    rating: 'smallint',
    created_at: 'timestamptz',
  },
  key: ['id'],
  indexes: ['CREATE INDEX ON {table} (user_id, created_at DESC)'],
  handles: JOKE_HISTORY_EVENTS,
  createdBy: ['JokeGenerated'],
  keyOf: (event) => ({ id: event.data.jokeId }),
  evolve: evolveJokeRow,
});
