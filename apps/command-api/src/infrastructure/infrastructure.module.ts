import { Global, Inject, Module, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { EVENT_STORE, openKurrentDbEventStore, PersonalDataCodec, PersonalDataKeys, PostgresEventStore, type KurrentDbEventStore } from '@jokes/event-store';
import { APP_GUARD } from '@nestjs/core';
import { authConfigFromEnv, CallerGuard, createPool, createTokenVerifier, log, requireEnv, TokenVerifier } from '@jokes/server';
import pg from 'pg';
import { UnitOfWorkEventStore } from './unit-of-work-event-store.js';
import { AddressHashes } from './address-hashes.js';
import { personalDataEventStore, personalDataProviders } from './personal-data.providers.js';

export const PG_POOL = Symbol('PG_POOL');
/** The KurrentDB event store when EVENTSTORE_URL names one (`kurrentdb://` or `esdb://`); null keeps the events in PostgreSQL. */
export const KURRENTDB_EVENT_STORE = Symbol('KURRENTDB_EVENT_STORE');

const kurrentDbProvider: Provider = {
  provide: KURRENTDB_EVENT_STORE,
  useFactory: async (): Promise<KurrentDbEventStore | null> => {
    const url = process.env.EVENTSTORE_URL?.trim();
    if (!url) return null;
    log('info', 'events are kept in KurrentDB', { url: url.replace(/\/\/[^@/]*@/, '//***@') });
    return openKurrentDbEventStore(url, { log });
  },
};

/**
 * The composition root of the write side: the database pool, the event store
 * and the caller's identity, shared by every command handler. Handlers depend
 * on the `EventStore` port through `EVENT_STORE`; only this module knows it is
 * PostgreSQL, or KurrentDB where EVENTSTORE_URL is set.
 */
@Global()
@Module({
  providers: [
    { provide: PG_POOL, useFactory: () => createPool(requireEnv(process.env, 'DATABASE_URL'), 'command-api', 30) },
    {
      provide: PostgresEventStore,
      inject: [PG_POOL],
      useFactory: async (pool: pg.Pool) => {
        const store = new PostgresEventStore(pool);
        await store.migrate();
        return store;
      },
    },
    {
      provide: UnitOfWorkEventStore,
      inject: [PostgresEventStore],
      // Appends join the request's unit of work when it has one (Idempotency-Key).
      // The store on its transaction only ever calls query(), each statement inside it; the
      // unit pokes the pool's wake-up notifier after that transaction commits.
      useFactory: (store: PostgresEventStore) => new UnitOfWorkEventStore(store, (db) => new PostgresEventStore(db as pg.Pool, { notify: false })),
    },
    // PostgresEventStore first: the events table exists before the plain ones are sealed.
    ...personalDataProviders(PG_POOL, PostgresEventStore),
    kurrentDbProvider,
    // Over the same instance, so an idempotent request's appends commit with its recorded answer;
    // personal fields are sealed before they reach it (issue 11). KurrentDB's appends cannot join
    // the request's PostgreSQL transaction: with it, a key's answer is recorded after its events.
    {
      provide: EVENT_STORE,
      inject: [UnitOfWorkEventStore, PersonalDataCodec, KURRENTDB_EVENT_STORE],
      useFactory: (unitOfWork: UnitOfWorkEventStore, codec: PersonalDataCodec, kurrent: KurrentDbEventStore | null) => personalDataEventStore(kurrent ?? unitOfWork, codec),
    },
    { provide: TokenVerifier, useFactory: () => createTokenVerifier(authConfigFromEnv(process.env), requireEnv(process.env, 'DATABASE_URL')) },
    { provide: APP_GUARD, useClass: CallerGuard },
  ],
  exports: [PG_POOL, EVENT_STORE, KURRENTDB_EVENT_STORE, TokenVerifier, AddressHashes, PersonalDataKeys, PersonalDataCodec],
})
export class InfrastructureModule implements OnApplicationShutdown {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(PostgresEventStore) private readonly store: PostgresEventStore,
    @Inject(KURRENTDB_EVENT_STORE) private readonly kurrent: KurrentDbEventStore | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.flush();
    await this.kurrent?.close();
    await this.pool.end();
  }
}
