import { Inject, Injectable } from '@nestjs/common';
import { subscriptionStreamId, userStreamId } from '@jokes/domain';
import { EVENT_STORE, PersonalDataCodec, type EventStore, type StoredEvent } from '@jokes/event-store';
import type pg from 'pg';
import { PG_POOL } from '../infrastructure/infrastructure.module.js';
import type { PersonalEvents } from './personal-data-export.js';

// JokeWithdrawn names the joke's owner as `userId`, so their export can leave the joke out.
const JOKE_EVENTS = ['JokeGenerated', 'JokeRated', 'JokeShared', 'JokeWithdrawn'];
/** A report names its author as `reporterId` (its `userId` would read as the joke's owner). */
const REPORTS = 'JokeReported';

interface Row {
  global_position: string;
  transaction_id: string;
  stream_id: string;
  stream_version: string;
  event_id: string;
  event_type: string;
  schema_version: number;
  data: unknown;
  metadata: Record<string, unknown>;
  created_at: Date;
}

/**
 * A person's events: their own streams through the event store (opened with
 * their key), and their joke events, which live on each joke's stream, found
 * by the user id in the payload (an export is rare; it reads the table once).
 */
@Injectable()
export class PersonalEventsReader {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(PersonalDataCodec) private readonly codec: PersonalDataCodec,
  ) {}

  async of(userId: string): Promise<PersonalEvents> {
    const [user, subscription, jokes] = await Promise.all([
      this.store.readStream(userStreamId(userId)),
      this.store.readStream(subscriptionStreamId(userId)),
      this.jokeEvents(userId),
    ]);
    return { userId, user, subscription, jokes };
  }

  private async jokeEvents(userId: string): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<Row>(
      `SELECT global_position, transaction_id::text AS transaction_id, stream_id, stream_version, event_id, event_type, schema_version, data, metadata, created_at
       FROM events WHERE (event_type = ANY($1::text[]) AND data->>'userId' = $2) OR (event_type = $3 AND data->>'reporterId' = $2)
       ORDER BY transaction_id, global_position`,
      [JOKE_EVENTS, userId, REPORTS],
    );
    return this.codec.open(
      rows.map((row) => ({
        type: row.event_type,
        data: row.data,
        eventId: row.event_id,
        schemaVersion: row.schema_version,
        metadata: row.metadata,
        streamId: row.stream_id,
        streamVersion: BigInt(row.stream_version),
        globalPosition: BigInt(row.global_position),
        transactionId: BigInt(row.transaction_id),
        createdAt: row.created_at,
      })),
    );
  }
}
