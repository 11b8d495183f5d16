import { randomBytes } from 'node:crypto';

// The slice of Stripe's objects the product uses, in Stripe's own shapes
// (API 2026-10-28: periods live on subscription items, invoices name their
// subscription under `parent`). Fields starting with `_` are the emulator's
// own bookkeeping and never leave it.

export type Metadata = Record<string, string>;

export interface StripeList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export const listOf = <T>(data: T[], url: string): StripeList<T> => ({ object: 'list', data, has_more: false, url });

export interface LocalPrice {
  id: string;
  object: 'price';
  active: true;
  currency: string;
  unit_amount: number;
  lookup_key: string;
  product: string;
  type: 'recurring';
  recurring: { interval: 'month' | 'year'; interval_count: 1 };
  livemode: false;
  created: number;
}

export interface LocalCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  /** Set by DELETE /v1/customers/:id (the person was erased); Stripe answers such a customer as missing. */
  deleted?: true;
  metadata: Metadata;
  created: number;
  livemode: false;
  invoice_settings: { default_payment_method: string | null };
}

export interface LocalSubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: LocalPrice;
  quantity: 1;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
  created: number;
}

export type LocalSubscriptionStatus = 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled';

export interface LocalSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: LocalSubscriptionStatus;
  items: StripeList<LocalSubscriptionItem>;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  cancellation_details: { reason: 'cancellation_requested' | 'payment_failed' | null; comment: string | null; feedback: null };
  created: number;
  start_date: number;
  billing_cycle_anchor: number;
  trial_start: number | null;
  trial_end: number | null;
  trial_settings: { end_behavior: { missing_payment_method: 'cancel' | 'create_invoice' | 'pause' } };
  default_payment_method: string | null;
  discounts: string[];
  latest_invoice: string | null;
  pending_setup_intent: string | null;
  metadata: Metadata;
  collection_method: 'charge_automatically';
  currency: string;
  livemode: false;
  /** Percent off from the promotion code, applied to every invoice (coupons here last forever). */
  _percent_off: number;
}

export interface LocalInvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  period: { start: number; end: number };
  pricing: { type: 'price_details'; price_details: { price: string; product: string } };
}

export interface LocalInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'open' | 'paid' | 'void';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  subtotal: number;
  total: number;
  currency: string;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  attempt_count: number;
  attempted: boolean;
  next_payment_attempt: number | null;
  created: number;
  period_start: number;
  period_end: number;
  lines: StripeList<LocalInvoiceLine>;
  parent: { type: 'subscription_details'; quote_details: null; subscription_details: { subscription: string; metadata: Metadata } };
  status_transitions: { finalized_at: number | null; paid_at: number | null; voided_at: number | null };
  livemode: false;
  _payment_intent: string | null;
}

export interface LocalSetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  customer: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  payment_method: string | null;
  payment_method_types: ['card'];
  usage: 'off_session';
  last_setup_error: CardErrorDetail | null;
  metadata: Metadata;
  created: number;
  livemode: false;
  _subscription: string;
}

export interface LocalPaymentIntent {
  id: string;
  object: 'payment_intent';
  client_secret: string;
  customer: string;
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  payment_method: string | null;
  payment_method_types: ['card'];
  last_payment_error: CardErrorDetail | null;
  metadata: Metadata;
  created: number;
  livemode: false;
  _invoice: string;
}

export interface LocalPaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit' | 'debit'; country: 'US' };
  customer: string | null;
  metadata: Metadata;
  created: number;
  livemode: false;
  /** What happens when this card is charged later (4000 0000 0000 0341 attaches, then declines). */
  _charges: 'succeed' | 'decline';
}

export interface LocalPortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  url: string;
  return_url: string | null;
  created: number;
  livemode: false;
  _expires_at: number;
}

export interface CardErrorDetail {
  type: 'card_error';
  code: string;
  decline_code?: string;
  param?: string;
  message: string;
}

export type LocalObject =
  | LocalCustomer
  | LocalSubscription
  | LocalInvoice
  | LocalSetupIntent
  | LocalPaymentIntent
  | LocalPaymentMethod
  | LocalPortalSession;

/** Stripe-like ids: a type prefix and random alphanumerics. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

export function clientSecretFor(id: string): string {
  return `${id}_secret_${randomBytes(12).toString('hex')}`;
}

/** The object as the API shows it, without the emulator's bookkeeping. */
export function publicView<T extends object>(value: T): T {
  return JSON.parse(JSON.stringify(value, (key, field: unknown) => (key.startsWith('_') ? undefined : field))) as T;
}
