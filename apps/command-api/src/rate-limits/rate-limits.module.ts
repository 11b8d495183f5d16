import { Global, Module } from '@nestjs/common';
import { migrate } from '@jokes/event-store';
import type pg from 'pg';
import { PG_POOL } from '../infrastructure/infrastructure.module.js';
import { rateLimitPolicies } from './rate-limit.policies.js';
import { RateLimitGuard } from './rate-limit.guard.js';
import { RateLimits } from './rate-limits.js';
import { rateLimitsMigrations } from './rate-limits.migrations.js';

/** The counters of every policy on `pool`, their table migrated first. */
export async function openRateLimits(pool: pg.Pool, env: NodeJS.ProcessEnv): Promise<RateLimits> {
  await migrate(pool, 'rate-limits', rateLimitsMigrations);
  return new RateLimits(pool, rateLimitPolicies(env));
}

/** The counters behind `@RateLimited(name)`; global, so any module's controller can carry the decorator. */
@Global()
@Module({
  providers: [
    {
      provide: RateLimits,
      inject: [PG_POOL],
      useFactory: (pool: pg.Pool) => openRateLimits(pool, process.env),
    },
    RateLimitGuard,
  ],
  exports: [RateLimits, RateLimitGuard],
})
export class RateLimitsModule {}
