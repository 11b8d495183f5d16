import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { migrate } from '@jokes/event-store';
import { intFromEnv } from '@jokes/server';
import type pg from 'pg';
import { PG_POOL } from '../../infrastructure/infrastructure.module.js';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';
import { idempotencyMigrations } from './idempotency.migrations.js';
import { IdempotencyKeys } from './idempotency-keys.repository.js';

/** Retry-safe commands: the Idempotency-Key header on every command route. */
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
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
  ],
})
export class IdempotencyModule {}
