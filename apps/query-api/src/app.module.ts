import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { authConfigFromEnv, CallerGuard, RequestInputGuard, requireEnv, TokenVerifier } from '@jokes/server';
import { SyncUserController } from './accounts/sync-user.controller.js';
import { UserView } from './accounts/user.entity.js';
import { EntitlementView, SubscriptionView } from './billing/billing.entities.js';
import { BillingConfigController } from './billing/billing-config.controller.js';
import { SubscriptionsController } from './billing/subscriptions.controller.js';
import { TrialConversionsController } from './billing/trial-conversions.controller.js';
import { PublicConfigController } from './config/public-config.controller.js';
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
      entities: [JokeView, UserView, SubscriptionView, EntitlementView],
      // The projectors own these tables; the query side never alters them.
      ensureDatabase: false,
      pool: { min: 0, max: 20 },
      debug: false,
    }),
  ],
  controllers: [
    JokeHistoryController,
    ComediansController,
    HealthController,
    SyncUserController,
    PublicConfigController,
    SubscriptionsController,
    BillingConfigController,
    TrialConversionsController,
  ],
  providers: [
    ConsistencyService,
    { provide: APP_FILTER, useClass: QueryErrorFilter },
    { provide: TokenVerifier, useFactory: () => new TokenVerifier(authConfigFromEnv(process.env)) },
    { provide: APP_GUARD, useClass: CallerGuard },
    // Path params by their contract, no unsafe string anywhere in the input.
    { provide: APP_GUARD, useClass: RequestInputGuard },
  ],
})
export class AppModule {}
