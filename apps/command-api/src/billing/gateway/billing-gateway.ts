import type { PlanType } from '@jokes/domain';
import type Stripe from 'stripe';

export interface PlanPrice {
  priceId: string;
  /** Cents per period before any promotion. */
  amount: number;
  currency: string;
}

export interface Promotion {
  id: string;
  code: string;
  percentOff: number;
}

/** A subscription at the provider that waits for the browser to confirm a card. */
export interface ProviderCheckout {
  subscriptionId: string;
  customerId: string;
  /** setup: save a card for the trial; payment: pay the first invoice now. */
  intentType: 'setup' | 'payment';
  clientSecret: string;
  /** The provider's creation time: the moment the checkout started. */
  created: Date;
}

export interface StartCheckoutInput {
  customerId: string;
  userId: string;
  plan: PlanType;
  price: PlanPrice;
  promotion: Promotion | null;
  trialDays: number;
}

/** The provider failed or is unreachable; `userMessage` is the SPEC's text for the call that failed. */
export class BillingProviderError extends Error {
  override readonly name = 'BillingProviderError';
  constructor(
    readonly userMessage: string,
    readonly operation: string,
    cause: unknown,
  ) {
    super(`Billing provider failed to ${operation}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** A webhook whose signature is missing, wrong, or too old. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

/**
 * The payment provider as the product needs it. One adapter implements it,
 * with the Stripe SDK, against Stripe or against the local provider.
 */
export abstract class BillingGateway {
  abstract priceOf(plan: PlanType): Promise<PlanPrice>;
  /** Null when no active promotion has that code. */
  abstract findPromotion(code: string): Promise<Promotion | null>;
  abstract createCustomer(input: { userId: string; email: string }, idempotencyKey: string): Promise<string>;
  abstract startCheckout(input: StartCheckoutInput, idempotencyKey: string): Promise<ProviderCheckout>;
  /** The pending confirmation of a checkout still waiting for its card, or null. */
  abstract pendingCheckout(subscriptionId: string): Promise<ProviderCheckout | null>;
  abstract cancelNow(subscriptionId: string): Promise<void>;
  /**
   * Erasure (issue 11): the provider deletes the customer, so it keeps no name
   * or e-mail of the person; its payment records stay, for accounting. A
   * customer already deleted is not an error.
   */
  abstract forgetCustomer(customerId: string): Promise<void>;
  abstract createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies the signature over the raw body and its age; throws WebhookSignatureError. */
  abstract verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event;
}
