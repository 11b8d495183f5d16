import { Global, Module } from '@nestjs/common';
import { migrate } from '@jokes/event-store';
import type pg from 'pg';
import { PG_POOL } from '../infrastructure/infrastructure.module.js';
import { NarrationQuota } from './narration-quota.js';
import { SpendCeiling } from './spend-ceiling.js';
import { readSpendConfig } from './spend.config.js';
import { spendMigrations } from './spend.migrations.js';
import { SpendCounters } from './spend-counters.repository.js';

/** The spend ceiling of the paid providers and the daily narration quota, on counters in PostgreSQL. */
@Global()
@Module({
  providers: [
    {
      provide: SpendCounters,
      inject: [PG_POOL],
      useFactory: async (pool: pg.Pool) => {
        await migrate(pool, 'spend', spendMigrations);
        return new SpendCounters(pool);
      },
    },
    { provide: SpendCeiling, inject: [SpendCounters], useFactory: (counters: SpendCounters) => new SpendCeiling(counters, readSpendConfig(process.env)) },
    { provide: NarrationQuota, inject: [SpendCounters], useFactory: (counters: SpendCounters) => new NarrationQuota(counters, readSpendConfig(process.env)) },
  ],
  exports: [SpendCeiling, NarrationQuota],
})
export class SpendModule {}
