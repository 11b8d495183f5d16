import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { migrate } from '@jokes/event-store';
import { intFromEnv } from '@jokes/server';
import type pg from 'pg';
import { PG_POOL } from '../../infrastructure/infrastructure.module.js';
import { IdempotencyGuard, IdempotencyMiddleware } from './idempotent-commands.js';
import { idempotencyMigrations } from './idempotency.migrations.js';
import { IdempotencyKeys } from './idempotency-keys.repository.js';

/**
 * Retry-safe commands: the Idempotency-Key header on every command route.
 * Its guard is a global one, registered after the infrastructure's CallerGuard
 * (AppModule imports this module after InfrastructureModule, and Nest runs
 * global guards in that order): a key is claimed in its caller's scope.
 */
@Module({
  providers: [
    {
      provide: IdempotencyKeys,
      inject: [PG_POOL],
      useFactory: async (pool: pg.Pool) => {
        await migrate(pool, 'idempotency', idempotencyMigrations);
        return new IdempotencyKeys(pool, {
          retentionSeconds: Math.max(24, intFromEnv(process.env, 'IDEMPOTENCY_KEY_HOURS', 24)) * 3600,
          leaseSeconds: 15,
        });
      },
    },
    IdempotencyMiddleware,
    { provide: APP_GUARD, useClass: IdempotencyGuard },
  ],
})
export class IdempotencyModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(IdempotencyMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.POST });
  }
}
