import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { requireEnv } from '@jokes/server';
import { ComediansController } from './catalogue/comedians.controller.js';
import { ConsistencyService } from './consistency/consistency.service.js';
import { HealthController } from './health.controller.js';
import { QueryErrorFilter } from './http/query-error.filter.js';
import { JokeHistoryController } from './jokes/joke-history.controller.js';
import { JokeView } from './jokes/joke.entity.js';

@Module({
  imports: [
    MikroOrmModule.forRoot({
      driver: PostgreSqlDriver,
      clientUrl: requireEnv(process.env, 'DATABASE_URL'),
      entities: [JokeView],
      // The projectors own these tables; the query side never alters them.
      ensureDatabase: false,
      pool: { min: 0, max: 20 },
      debug: false,
    }),
  ],
  controllers: [JokeHistoryController, ComediansController, HealthController],
  providers: [ConsistencyService, { provide: APP_FILTER, useClass: QueryErrorFilter }],
})
export class AppModule {}
