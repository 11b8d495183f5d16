import type pg from 'pg';
import type { LocalStripeConfig } from './local-stripe.config.js';
import { LocalBillingClock } from './stripe/billing-clock.js';
import { LocalStripe } from './stripe/local-stripe.js';
import { LocalStripeStore } from './stripe/store.js';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher.js';

/**
 * The local provider's state and background work: its store (migrated on
 * start), the webhook dispatcher that drains its outbox to the product, and
 * the billing clock.
 */
export class LocalStripeRuntime {
  private constructor(
    readonly stripe: LocalStripe,
    readonly dispatcher: WebhookDispatcher,
    readonly clock: LocalBillingClock,
  ) {}

  static async start(pool: pg.Pool, config: Pick<LocalStripeConfig, 'publicUrl' | 'webhookUrl' | 'webhookSecret' | 'clockIntervalMs'>): Promise<LocalStripeRuntime> {
    const store = new LocalStripeStore(pool);
    await store.migrate();
    const stripe = new LocalStripe(store, config.publicUrl);
    const dispatcher = new WebhookDispatcher(pool, { url: config.webhookUrl, secret: config.webhookSecret });
    stripe.onCommit(() => dispatcher.kick());
    return new LocalStripeRuntime(stripe, dispatcher, new LocalBillingClock(stripe, config.clockIntervalMs));
  }

  /** Once it listens: deliver what waited in the outbox (a restart loses nothing) and start the clock's timer. */
  startBackgroundWork(): void {
    this.clock.start();
    this.dispatcher.kick();
  }

  async stop(): Promise<void> {
    this.clock.stop();
    await this.dispatcher.stop();
  }
}
