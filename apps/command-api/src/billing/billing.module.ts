import { Module } from '@nestjs/common';
import { BILLING_CONFIG, billingConfigFromEnv, type BillingConfig } from './billing.config.js';
import { CreateSubscriptionController } from './checkout/create-subscription.controller.js';
import { CreateSubscriptionHandler } from './checkout/create-subscription.handler.js';
import { BillingGateway } from './gateway/billing-gateway.js';
import { createStripeClient, StripeBillingGateway } from './gateway/stripe-billing-gateway.js';
import { BillingPortalController } from './portal/billing-portal.controller.js';
import { SubscriptionHistoryController } from './support/subscription-history.controller.js';
import { HandleStripeWebhookHandler } from './webhooks/handle-webhook.handler.js';
import { StripeWebhookController } from './webhooks/stripe-webhook.controller.js';

/**
 * Pro subscriptions: checkout, webhooks, portal, support audit. The payment
 * provider is an outside system reached through the `stripe` SDK: Stripe, or
 * the local provider's own process (apps/local-stripe) when Stripe is not configured.
 */
@Module({
  controllers: [
    CreateSubscriptionController,
    StripeWebhookController,
    BillingPortalController,
    SubscriptionHistoryController,
  ],
  providers: [
    { provide: BILLING_CONFIG, useFactory: () => billingConfigFromEnv(process.env) },
    {
      provide: BillingGateway,
      inject: [BILLING_CONFIG],
      useFactory: (config: BillingConfig) => new StripeBillingGateway(createStripeClient(config), config),
    },
    CreateSubscriptionHandler,
    HandleStripeWebhookHandler,
  ],
  // Account deletion cancels and forgets at the provider (apps/command-api/src/account).
  exports: [BillingGateway],
})
export class BillingModule {}
