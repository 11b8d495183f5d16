import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { PostgresEventStore } from '@jokes/event-store';
import { createPool, requireEnv } from '@jokes/server';
import pg from 'pg';

export const PG_POOL = Symbol('PG_POOL');

/** The database pool and the event store, shared by every command handler. */
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
  ],
  exports: [PG_POOL, PostgresEventStore],
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
