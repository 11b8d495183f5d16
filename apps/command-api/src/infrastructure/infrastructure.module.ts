import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { PostgresEventStore } from '@jokes/event-store';
import { APP_GUARD } from '@nestjs/core';
import { authConfigFromEnv, CallerGuard, createPool, requireEnv, TokenVerifier } from '@jokes/server';
import pg from 'pg';
import { UnitOfWorkEventStore } from '../http/idempotency/unit-of-work-event-store.js';

export const PG_POOL = Symbol('PG_POOL');

/** The database pool, the event store and the caller's identity, shared by every command handler. */
@Global()
@Module({
  providers: [
    { provide: PG_POOL, useFactory: () => createPool(requireEnv(process.env, 'DATABASE_URL'), 'command-api', 30) },
    {
      provide: PostgresEventStore,
      inject: [PG_POOL],
      useFactory: async (pool: pg.Pool) => {
        // Appends join the request's unit of work when it has one (Idempotency-Key).
        const store = new UnitOfWorkEventStore(pool);
        await store.migrate();
        return store;
      },
    },
    { provide: TokenVerifier, useFactory: () => new TokenVerifier(authConfigFromEnv(process.env)) },
    { provide: APP_GUARD, useClass: CallerGuard },
  ],
  exports: [PG_POOL, PostgresEventStore, TokenVerifier],
})
export class InfrastructureModule implements OnApplicationShutdown {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(PostgresEventStore) private readonly store: PostgresEventStore,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.flush();
    await this.pool.end();
  }
}
