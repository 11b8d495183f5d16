import { jokeOnTheWire, type JokeEvent } from '@jokes/domain';
import { column, defineReadModel, type RowOf, type ViewOf } from './read-model.js';

const jokeColumns = {
  id: column.uuid(),
  /** Null for a joke generated without a session. */
  user_id: column.text().orNull(),
  content: column.text(),
  comedian_style: column.text(),
  topic: column.text(),
  length: column.text(),
  rating: column.smallint().orNull(),
  created_at: column.timestamptz(),
};

/** A row of `jokes`: what History and the rating flow read. */
export type JokeRow = RowOf<typeof jokeColumns>;
export type JokeView = ViewOf<typeof jokeColumns>;

export const JOKE_HISTORY_EVENTS = ['JokeGenerated', 'JokeRated', 'JokeRemovedFromHistory', 'JokeWithdrawn'] as const satisfies readonly JokeEvent['type'][];

/** The events it handles: a joke event it does not show changes nothing here. */
export type JokeHistoryEvent = Extract<JokeEvent, { type: (typeof JOKE_HISTORY_EVENTS)[number] }>;

/** Pure: the row after one event. */
export function evolveJokeRow(row: JokeRow | null, event: JokeHistoryEvent): JokeRow | null {
  switch (event.type) {
    case 'JokeGenerated':
      return { ...jokeOnTheWire(event.data), rating: row?.rating ?? null };
    case 'JokeRated':
      // History shows the owner's own rating of each of their jokes; others' ratings are for the reports.
      if (row === null || row.user_id !== event.data.userId) return row;
      return { ...row, rating: event.data.rating };
    case 'JokeRemovedFromHistory':
      // Deleted by its owner: gone from their list for good.
      return null;
    case 'JokeWithdrawn':
      // Taken down by support: gone from its owner's history, as from everything a reader sees.
      return null;
    default: {
      const _exhaustive: never = event;
      return row;
    }
  }
}

export const jokeHistoryReadModel = defineReadModel({
  name: 'jokes',
  // 2: rows carry the owner's rating (JokeRated). JokeWithdrawn and JokeRemovedFromHistory needed no bump: no stored event was one before them.
  version: 2,
  table: 'jokes',
  columns: jokeColumns,
  key: ['id'],
  // History: a user's newest jokes first.
  indexes: ['CREATE INDEX ON {table} (user_id, created_at DESC)'],
  handles: JOKE_HISTORY_EVENTS,
  createdBy: ['JokeGenerated'],
  keyOf: (event: JokeHistoryEvent) => ({ id: event.data.jokeId }),
  evolve: evolveJokeRow,
});
