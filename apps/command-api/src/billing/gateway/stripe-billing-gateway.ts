import { SUBSCRIPTION_ERROR_MESSAGES } from '@jokes/contracts';
import type { PlanType } from '@jokes/domain';
import Stripe from 'stripe';
import type { BillingConfig } from '../billing.config.js';
import { CHECKOUT_SOURCE } from '../webhooks/webhook-commands.js';
import { BillingGateway, BillingProviderError, WebhookSignatureError, type PlanPrice, type Promotion, type ProviderCheckout, type StartCheckoutInput } from './billing-gateway.js';

/** Stripe's default, stated: a signature older than five minutes is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const CHECKOUT_EXPAND = ['pending_setup_intent', 'latest_invoice.confirmation_secret'];

/** How the product finds its prices in the provider's account (README, Billing), unless STRIPE_PRICE_* name them. */
export const PRICE_LOOKUP_KEYS: Readonly<Record<PlanType, string>> = { monthly: 'jokes_pro_monthly', yearly: 'jokes_pro_yearly' };

/** The Stripe SDK pointed at Stripe, or at the local provider's process (same calls, another host). */
export function createStripeClient(config: Pick<BillingConfig, 'provider' | 'secretKey' | 'localStripeUrl'>): Stripe {
  const common = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'standup-jokes' } };
  if (config.provider === 'stripe') return new Stripe(config.secretKey, common);
  const { hostname, port, protocol } = config.localStripeUrl;
  return new Stripe(config.secretKey, {
    ...common,
    host: hostname,
    port: port || (protocol === 'https:' ? 443 : 80),
    protocol: protocol === 'https:' ? 'https' : 'http',
    telemetry: false,
  });
}

export class StripeBillingGateway extends BillingGateway {
  private readonly prices = new Map<PlanType, PlanPrice>();

  constructor(
    private readonly stripe: Stripe,
    private readonly config: Pick<BillingConfig, 'priceIds' | 'webhookSecret'>,
  ) {
    super();
  }

  async priceOf(plan: PlanType): Promise<PlanPrice> {
    const cached = this.prices.get(plan);
    if (cached) return cached;
    const price = await this.call('find the price', SUBSCRIPTION_ERROR_MESSAGES.createFailed, async () => {
      const id = this.config.priceIds[plan];
      if (id) return this.stripe.prices.retrieve(id);
      const found = await this.stripe.prices.list({ lookup_keys: [PRICE_LOOKUP_KEYS[plan]], active: true, limit: 1 });
      if (!found.data[0]) throw new Error(`No active price with lookup key ${PRICE_LOOKUP_KEYS[plan]}`);
      return found.data[0];
    });
    const result = { priceId: price.id, amount: price.unit_amount ?? 0, currency: price.currency };
    this.prices.set(plan, result);
    return result;
  }

  async findPromotion(code: string): Promise<Promotion | null> {
    return this.call('look up the promo code', SUBSCRIPTION_ERROR_MESSAGES.createFailed, async () => {
      const found = await this.stripe.promotionCodes.list({ code, active: true, limit: 1 });
      const promo = found.data[0];
      if (!promo) return null;
      const coupon = typeof promo.promotion.coupon === 'string' ? await this.stripe.coupons.retrieve(promo.promotion.coupon) : promo.promotion.coupon;
      return { id: promo.id, code: promo.code, percentOff: coupon?.percent_off ?? 0 };
    });
  }

  async createCustomer({ userId, email }: { userId: string; email: string }, idempotencyKey: string): Promise<string> {
    const customer = await this.call('create the customer', SUBSCRIPTION_ERROR_MESSAGES.createFailed, () =>
      this.stripe.customers.create({ email, metadata: { user_id: userId } }, { idempotencyKey }),
    );
    return customer.id;
  }

  async startCheckout(input: StartCheckoutInput, idempotencyKey: string): Promise<ProviderCheckout> {
    const subscription = await this.call('create the subscription', SUBSCRIPTION_ERROR_MESSAGES.createFailed, () =>
      this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: input.price.priceId }],
          ...(input.trialDays > 0
            ? { trial_period_days: input.trialDays, trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } } }
            : {}),
          // The browser confirms the card; nothing is charged or saved before that.
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
          ...(input.promotion ? { discounts: [{ promotion_code: input.promotion.id }] } : {}),
          // The webhooks find the user's stream by this metadata.
          metadata: { user_id: input.userId, plan: input.plan, promo_code: input.promotion?.code ?? '', source: CHECKOUT_SOURCE },
          expand: CHECKOUT_EXPAND,
        },
        { idempotencyKey },
      ),
    );
    const checkout = toCheckout(subscription);
    if (!checkout) throw new BillingProviderError(SUBSCRIPTION_ERROR_MESSAGES.createFailed, 'create the subscription', new Error('No client secret in the answer'));
    return checkout;
  }

  async pendingCheckout(subscriptionId: string): Promise<ProviderCheckout | null> {
    const subscription = await this.call('read the subscription', SUBSCRIPTION_ERROR_MESSAGES.createFailed, () =>
      this.stripe.subscriptions.retrieve(subscriptionId, { expand: CHECKOUT_EXPAND }),
    );
    return toCheckout(subscription);
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    await this.call('cancel the subscription', SUBSCRIPTION_ERROR_MESSAGES.createFailed, () => this.stripe.subscriptions.cancel(subscriptionId));
  }

  async forgetCustomer(customerId: string): Promise<void> {
    try {
      await this.stripe.customers.del(customerId);
    } catch (error) {
      // Deleted before (a run of the erasure that stopped half-way): done.
      if ((error as { code?: string }).code === 'resource_missing') return;
      throw new BillingProviderError(SUBSCRIPTION_ERROR_MESSAGES.createFailed, 'delete the customer', error);
    }
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.call('open the billing portal', SUBSCRIPTION_ERROR_MESSAGES.portalFailed, () =>
      this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
    );
    return session.url;
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
    }
  }

  private async call<T>(operation: string, userMessage: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw new BillingProviderError(userMessage, operation, error);
    }
  }
}

/** The client secret the browser needs, while the subscription still waits for one. */
function toCheckout(subscription: Stripe.Subscription): ProviderCheckout | null {
  const base = {
    subscriptionId: subscription.id,
    customerId: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    created: new Date(subscription.created * 1000),
  };
  const setup = subscription.pending_setup_intent;
  if (setup && typeof setup !== 'string' && setup.client_secret && subscription.status === 'trialing') {
    return { ...base, intentType: 'setup', clientSecret: setup.client_secret };
  }
  const invoice = subscription.latest_invoice;
  const secret = invoice && typeof invoice !== 'string' ? invoice.confirmation_secret?.client_secret : undefined;
  if (secret && subscription.status === 'incomplete') return { ...base, intentType: 'payment', clientSecret: secret };
  return null;
}
