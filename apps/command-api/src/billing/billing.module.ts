import { type BeforeApplicationShutdown, Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type pg from 'pg';
import { PG_POOL } from '../infrastructure/infrastructure.module.js';
import { BILLING_CONFIG, billingConfigFromEnv, type BillingConfig } from './billing.config.js';
import { CreateSubscriptionController } from './checkout/create-subscription.controller.js';
import { CreateSubscriptionHandler } from './checkout/create-subscription.handler.js';
import { BillingGateway } from './gateway/billing-gateway.js';
import { createStripeClient, StripeBillingGateway } from './gateway/stripe-billing-gateway.js';
import { LocalBillingController } from './local-stripe/local-billing.controller.js';
import { LocalPortalController } from './local-stripe/local-portal.controller.js';
import { LOCAL_STRIPE, type LocalStripeHolder } from './local-stripe/local-stripe.provider.js';
import { LocalStripeRuntime } from './local-stripe/local-stripe.runtime.js';
import { BillingPortalController } from './portal/billing-portal.controller.js';
import { SubscriptionStreams } from './subscription-streams.js';
import { SubscriptionHistoryController } from './support/subscription-history.controller.js';
import { HandleStripeWebhookHandler } from './webhooks/handle-webhook.handler.js';
import { StripeWebhookController } from './webhooks/stripe-webhook.controller.js';

/** Pro subscriptions: checkout, webhooks, portal, support audit, and the local provider when Stripe is not configured. */
@Module({
  imports: [CqrsModule],
  controllers: [
    CreateSubscriptionController,
    StripeWebhookController,
    BillingPortalController,
    LocalBillingController,
    LocalPortalController,
    SubscriptionHistoryController,
  ],
  providers: [
    { provide: BILLING_CONFIG, useFactory: () => billingConfigFromEnv(process.env) },
    {
      provide: LOCAL_STRIPE,
      inject: [BILLING_CONFIG, PG_POOL],
      useFactory: async (config: BillingConfig, pool: pg.Pool): Promise<LocalStripeHolder> => ({
        runtime: config.provider === 'local' ? await LocalStripeRuntime.start(pool, config) : null,
      }),
    },
    {
      provide: BillingGateway,
      inject: [BILLING_CONFIG, LOCAL_STRIPE],
      useFactory: (config: BillingConfig, local: LocalStripeHolder) => new StripeBillingGateway(createStripeClient(config, local.runtime?.port), config),
    },
    SubscriptionStreams,
    CreateSubscriptionHandler,
    HandleStripeWebhookHandler,
  ],
  exports: [SubscriptionStreams],
})
export class BillingModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(@Inject(LOCAL_STRIPE) private readonly local: LocalStripeHolder) {}

  onApplicationBootstrap(): void {
    // A delivery attempted before the webhook route listens is simply retried by the dispatcher.
    this.local.runtime?.startBackgroundWork();
  }

  /** Before the pool closes (onApplicationShutdown of the infrastructure). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.local.runtime?.stop();
  }
}
