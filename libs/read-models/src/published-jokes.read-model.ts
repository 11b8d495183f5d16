import type { JokeShared, JokeUnpublished, JokeWithdrawn } from '@jokes/domain';
import { column, defineReadModel, type RowOf, type ViewOf } from './read-model.js';

/** What decides whether a joke has a public page. */
export type PublishingEvent = JokeShared | JokeUnpublished | JokeWithdrawn;

const publishedJokeColumns = {
  id: column.uuid(),
  /** The page is up: someone chose to share the joke, and its owner has not taken it down since. */
  published: column.boolean(),
  /** The first share since the page last went up: the page's date. */
  published_at: column.timestamptz().orNull(),
  /** While the owner keeps it down, the owner (only their own share puts it back up); else null. */
  unpublished_by: column.text().orNull(),
};

/**
 * A row of `published_jokes`: one per joke ever shared or unpublished. The
 * text, style and owner are the `jokes` row's (the query side joins them), so a
 * joke's words are kept once however often it is shared.
 */
export type PublishedJokeRow = RowOf<typeof publishedJokeColumns>;
export type PublishedJokeView = ViewOf<typeof publishedJokeColumns>;

/** Pure: the row after one event. */
export function evolvePublishedJoke(row: PublishedJokeRow | null, event: PublishingEvent): PublishedJokeRow | null {
  switch (event.type) {
    case 'JokeShared': {
      if (row?.published) return row;
      // The owner took it down: a stranger who kept the link cannot put it back up.
      if (row?.unpublished_by && row.unpublished_by !== event.data.userId) return row;
      return { id: event.data.jokeId, published: true, published_at: event.data.sharedAt, unpublished_by: null };
    }
    case 'JokeUnpublished':
      return { id: event.data.jokeId, published: false, published_at: null, unpublished_by: event.data.userId };
    case 'JokeWithdrawn':
      // Taken down by support: no page, no card, ever again.
      return null;
    default: {
      const _exhaustive: never = event;
      return row;
    }
  }
}

export const publishedJokesReadModel = defineReadModel({
  name: 'published_jokes',
  version: 1,
  table: 'published_jokes',
  columns: publishedJokeColumns,
  key: ['id'],
  handles: ['JokeShared', 'JokeUnpublished', 'JokeWithdrawn'],
  keyOf: (event: PublishingEvent) => ({ id: event.data.jokeId }),
  evolve: evolvePublishedJoke,
});
