import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { authConfigFromEnv, CallerGuard, createTokenVerifier, RequestInputGuard, TokenVerifier } from '@jokes/server';
import { HealthController } from './health.controller.js';
import { LocalBillingController } from './hosted/local-billing.controller.js';
import { LocalPortalController } from './hosted/local-portal.controller.js';
import { LocalStripeErrorFilter } from './http/local-stripe-error.filter.js';
import { LocalStripeRuntime } from './local-stripe.runtime.js';

/**
 * What Stripe hosts for browsers (card confirmation, the billing portal, the
 * test clock), served on the product's origin through the edge. The owner of
 * a checkout or portal is the caller of a bearer token verified against the
 * product's published keys (JWKS), exactly as the product's own APIs verify it.
 */
@Module({})
export class AppModule {
  /** `databaseUrl`: where the product's auth service lists ended sessions (the same database under npm start). */
  static with(runtime: LocalStripeRuntime, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      controllers: [LocalBillingController, LocalPortalController, HealthController],
      providers: [
        { provide: LocalStripeRuntime, useValue: runtime },
        { provide: TokenVerifier, useFactory: () => createTokenVerifier(authConfigFromEnv(process.env), databaseUrl) },
        { provide: APP_FILTER, useClass: LocalStripeErrorFilter },
        { provide: APP_GUARD, useClass: CallerGuard },
        // Path params by their contract, no unsafe string anywhere in the input.
        { provide: APP_GUARD, useClass: RequestInputGuard },
      ],
    };
  }
}
