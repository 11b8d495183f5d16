import { closedAccountsReadModel, jokeHistoryReadModel, publishedJokesReadModel } from '@jokes/read-models';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PublicJoke } from './public-joke.page.js';

const quoted = (table: string) => `"${table}"`;

// One primary-key lookup in each table: an unknown id costs the same few
// microseconds of the server as a known one, and nothing is drawn for it.
const PUBLISHED = `
SELECT j.id, j.content, j.comedian_style
  FROM ${quoted(publishedJokesReadModel.table)} p
  JOIN ${quoted(jokeHistoryReadModel.table)} j ON j.id = p.id
 WHERE p.id = ? AND p.published
   AND NOT EXISTS (SELECT 1 FROM ${quoted(closedAccountsReadModel.table)} c WHERE c.user_id = j.user_id)`;

/**
 * A joke whose page is up: shared, not unpublished by its owner, not
 * withdrawn (its `jokes` row is gone then too), and not of an account whose
 * deletion was asked for. Only what the page shows is read: nothing of who
 * wrote or shared it leaves this query.
 */
export async function findPublishedJoke(em: EntityManager, jokeId: string): Promise<PublicJoke | undefined> {
  const rows = await em.getConnection().execute<{ id: string; content: string; comedian_style: string }[]>(PUBLISHED, [jokeId]);
  const row = rows[0];
  return row && { id: row.id, content: row.content, comedianStyle: row.comedian_style };
}
