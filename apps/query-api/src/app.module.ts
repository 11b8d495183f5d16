import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { readModels } from '@jokes/read-models';
import { type AuthConfig, CallerGuard, createTokenVerifier, RequestInputGuard, TokenVerifier } from '@jokes/server';
import { SyncUserController } from './accounts/sync-user.controller.js';
import { EngagementReportController } from './analytics/engagement-report.controller.js';
import { FunnelReportController } from './analytics/funnel-report.controller.js';
import { RefusalReportController } from './analytics/refusal-report.controller.js';
import { BillingConfigController } from './billing/billing-config.controller.js';
import { SubscriptionsController } from './billing/subscriptions.controller.js';
import { TrialConversionsController } from './billing/trial-conversions.controller.js';
import { PublicConfigController } from './config/public-config.controller.js';
import { ComediansController } from './catalogue/comedians.controller.js';
import { ConsistencyService } from './consistency/consistency.service.js';
import { HealthController, QueryHealth } from './health.controller.js';
import { QueryErrorFilter } from './http/query-error.filter.js';
import { JokeHistoryController } from './jokes/joke-history.controller.js';
import { CardCache } from './public-jokes/card-cache.js';
import { PUBLIC_JOKES_CONFIG, PublicJokesController } from './public-jokes/public-jokes.controller.js';
import { readPublicJokesConfig, type PublicJokesConfig } from './public-jokes/public-jokes.config.js';
import { ReportedJokesController } from './moderation/reported-jokes.controller.js';
import { VoicePreferenceController } from './voice/voice-preference.controller.js';
import { entityOf } from '@jokes/read-models/entities';

export interface QueryApiOptions {
  databaseUrl: string;
  auth: AuthConfig;
  /** Public joke pages and cards; by default from the environment (PUBLIC_URL, DATA_DIR, CARD_CACHE_MAX_MB). */
  publicJokes?: PublicJokesConfig;
}

/** Every route of the query side; each query is declared by its contract with `@ReadQuery`. */
export const queryControllers = [
  JokeHistoryController,
  ComediansController,
  HealthController,
  SyncUserController,
  PublicConfigController,
  SubscriptionsController,
  BillingConfigController,
  TrialConversionsController,
  VoicePreferenceController,
  EngagementReportController,
  FunnelReportController,
  RefusalReportController,
  ReportedJokesController,
  PublicJokesController,
];

@Module({})
export class AppModule {
  /** The whole query API on one database and one token issuer (main.ts takes them from the environment, tests from their fixtures). */
  static forRoot(options: QueryApiOptions): DynamicModule {
    const publicJokes = options.publicJokes ?? readPublicJokesConfig(process.env);
    return {
      module: AppModule,
      imports: [
        MikroOrmModule.forRoot({
          driver: PostgreSqlDriver,
          clientUrl: options.databaseUrl,
          // The read models' entities come with their definitions (libs/read-models).
          entities: readModels.map((model) => entityOf(model)),
          // The projectors own these tables; the query side never alters them.
          ensureDatabase: false,
          pool: { min: 0, max: 20 },
          debug: false,
        }),
      ],
      controllers: queryControllers,
      providers: [
        ConsistencyService,
        QueryHealth,
        { provide: PUBLIC_JOKES_CONFIG, useValue: publicJokes },
        { provide: CardCache, useFactory: () => new CardCache(publicJokes.cardDir, publicJokes.cardCacheMaxBytes) },
        { provide: APP_FILTER, useClass: QueryErrorFilter },
        { provide: TokenVerifier, useFactory: () => createTokenVerifier(options.auth, options.databaseUrl) },
        { provide: APP_GUARD, useClass: CallerGuard },
        // Path params by their contract, no unsafe string anywhere in the input.
        { provide: APP_GUARD, useClass: RequestInputGuard },
      ],
    };
  }
}
