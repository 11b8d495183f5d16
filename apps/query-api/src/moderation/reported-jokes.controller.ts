import { Controller } from '@nestjs/common';
import { reportedJokes, type ReportedJoke } from '@jokes/contracts';
import { REPORT_REASONS, SUPPORT_ROLES } from '@jokes/domain';
import { jokeHistoryReadModel, reportedJokesReadModel, reportsOf } from '@jokes/read-models';
import { jokeOfRow } from '../jokes/joke.view.js';
import { Read, ReadQuery, type ReadOf } from '../reading/read-query.decorator.js';
import { entityOf } from '@jokes/read-models/entities';

/** A page of the queue: support works it oldest first, and what waits longest is always on it. */
export const REPORT_QUEUE_LIMIT = 200;

@Controller()
export class ReportedJokesController {
  /** Jokes with open reports, the oldest report first, with the joke's text and style. */
  @ReadQuery(reportedJokes, { caller: 'role', roles: SUPPORT_ROLES, message: 'Reported jokes are for support staff.' })
  async queue(@Read() { em }: ReadOf<typeof reportedJokes>): Promise<ReportedJoke[]> {
    const reported = await em.find(entityOf(reportedJokesReadModel), {}, { orderBy: { first_reported_at: 'asc', joke_id: 'asc' }, limit: REPORT_QUEUE_LIMIT });
    const jokes = new Map((await em.find(entityOf(jokeHistoryReadModel), { id: { $in: reported.map((row) => row.joke_id) } })).map((joke) => [joke.id, joke]));
    const now = Date.now();
    // A joke's row is written when it is generated, long before anyone can report it; only a
    // rebuild of `jokes` in progress can lack one, and the next read shows it.
    return reported.flatMap((row) => {
      const joke = jokes.get(row.joke_id);
      if (!joke) return [];
      const { content, comedian_style, topic, length } = jokeOfRow(joke);
      return [
        {
          joke_id: row.joke_id,
          content,
          comedian_style,
          topic,
          length,
          first_reported_at: row.first_reported_at.toISOString(),
          age_seconds: Math.max(0, Math.floor((now - row.first_reported_at.getTime()) / 1000)),
          reports: row.reports,
          reasons: Object.fromEntries(REPORT_REASONS.map((reason) => [reason, row[reportsOf(reason)]])) as ReportedJoke['reasons'],
        },
      ];
    });
  }
}
