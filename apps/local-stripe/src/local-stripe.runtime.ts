import type pg from 'pg';
import type { BillingConfig } from '../billing.config.js';
import { LocalBillingClock } from './billing-clock.js';
import { LocalStripe } from './local-stripe.js';
import { LocalStripeServer } from './server.js';
import { LocalStripeStore } from './store.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';

/**
 * Everything of the local provider in this process: its Stripe-compatible API
 * on 127.0.0.1 (for the SDK), the webhook dispatcher and the billing clock.
 */
export class LocalStripeRuntime {
  private constructor(
    readonly stripe: LocalStripe,
    private readonly server: LocalStripeServer,
    readonly port: number,
    readonly dispatcher: WebhookDispatcher,
    readonly clock: LocalBillingClock,
  ) {}

  static async start(pool: pg.Pool, config: BillingConfig): Promise<LocalStripeRuntime> {
    const store = new LocalStripeStore(pool);
    await store.migrate();
    const stripe = new LocalStripe(store, config.publicUrl);
    const server = new LocalStripeServer(stripe, config.secretKey);
    const port = await server.listen(config.localStripePort);
    const dispatcher = new WebhookDispatcher(pool, { url: config.webhookUrl, secret: config.webhookSecret });
    stripe.onCommit(() => dispatcher.kick());
    return new LocalStripeRuntime(stripe, server, port, dispatcher, new LocalBillingClock(stripe, config.clockIntervalMs));
  }

  /** Once the webhook route listens: deliver what waited and start the clock's timer. */
  startBackgroundWork(): void {
    this.clock.start();
    this.dispatcher.kick();
  }

  async stop(): Promise<void> {
    this.clock.stop();
    await this.dispatcher.stop();
    await this.server.close();
  }
}
