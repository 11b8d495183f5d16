import { discountedAmount } from '@jokes/domain';
import { findPrice, findPromotionCode } from './catalog.js';
import { invalidRequest, resourceMissing } from './errors.js';
import { bool, list, obj, str, type FormValue } from './form-body.js';
import {
  clientSecretFor,
  listOf,
  newId,
  publicView,
  type LocalCustomer,
  type LocalPaymentIntent,
  type LocalPrice,
  type LocalSetupIntent,
  type LocalSubscription,
  type Metadata,
} from './objects.js';
import { periodEnd, type LocalStripeTx, type RequestInfo } from './store.js';
import { newInvoice, voidOpenInvoice } from './invoices.js';

type Params = Record<string, FormValue>;

const DAY = 86_400;

export function addInterval(from: number, interval: 'month' | 'year'): number {
  const date = new Date(from * 1000);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
}

export const amountOf = (subscription: LocalSubscription) => discountedAmount(subscription.items.data[0]!.price.unit_amount, subscription._percent_off);

function metadataOf(value: FormValue | undefined): Metadata {
  const fields = obj(value) ?? {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * POST /v1/subscriptions with `payment_behavior=default_incomplete`: with a
 * trial it starts trialing and asks for a card through `pending_setup_intent`;
 * without one it waits, incomplete, for the first invoice's payment.
 */
export async function createSubscription(tx: LocalStripeTx, params: Params, request: RequestInfo): Promise<LocalSubscription> {
  const customer = await tx.get<LocalCustomer>(str(params, 'customer'), 'customer');
  if (!customer) throw resourceMissing('customer', str(params, 'customer'), 'customer');
  const items = list(params, 'items');
  if (items.length !== 1) throw invalidRequest('The local provider supports exactly one item per subscription.', 'items');
  const priceId = str(obj(items[0]), 'price');
  const price = priceId ? findPrice(priceId) : undefined;
  if (!price) throw resourceMissing('price', priceId, 'items[0][price]');
  const promotionId = str(obj(list(params, 'discounts')[0]), 'promotion_code');
  const promotion = promotionId ? findPromotionCode({ id: promotionId }) : undefined;
  if (promotionId && !promotion) throw resourceMissing('promotion_code', promotionId, 'discounts[0][promotion_code]');
  const trialDays = Number(str(params, 'trial_period_days') ?? 0);
  if (!Number.isInteger(trialDays) || trialDays < 0) throw invalidRequest('Invalid integer: trial_period_days', 'trial_period_days');

  const now = tx.now;
  const id = newId('sub');
  const trialEnd = trialDays > 0 ? now + trialDays * DAY : null;
  const subscription: LocalSubscription = {
    id,
    object: 'subscription',
    customer: customer.id,
    status: trialEnd ? 'trialing' : 'incomplete',
    items: listOf(
      [{ id: newId('si'), object: 'subscription_item', price, quantity: 1, subscription: id, current_period_start: now, current_period_end: trialEnd ?? addInterval(now, price.recurring.interval), created: now }],
      `/v1/subscription_items?subscription=${id}`,
    ),
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    cancellation_details: { reason: null, comment: null, feedback: null },
    created: now,
    start_date: now,
    billing_cycle_anchor: trialEnd ?? now,
    trial_start: trialEnd ? now : null,
    trial_end: trialEnd,
    trial_settings: { end_behavior: { missing_payment_method: (str(obj(obj(params.trial_settings)?.end_behavior), 'missing_payment_method') as 'cancel') ?? 'create_invoice' } },
    default_payment_method: null,
    discounts: promotion ? [newId('di')] : [],
    latest_invoice: null,
    pending_setup_intent: null,
    metadata: metadataOf(params.metadata),
    collection_method: 'charge_automatically',
    currency: price.currency,
    livemode: false,
    _percent_off: promotion?.promotion.coupon.percent_off ?? 0,
  };

  // The first invoice: $0 for the trial, else the first period, paid at confirmation.
  const invoice = newInvoice(subscription, { reason: 'subscription_create', amount: trialEnd ? 0 : amountOf(subscription), start: now, end: periodEnd(subscription), now });
  subscription.latest_invoice = invoice.id;
  if (trialEnd) {
    const setupIntent: LocalSetupIntent = {
      id: newId('seti'),
      object: 'setup_intent',
      client_secret: '',
      customer: customer.id,
      status: 'requires_payment_method',
      payment_method: null,
      payment_method_types: ['card'],
      usage: 'off_session',
      last_setup_error: null,
      metadata: {},
      created: now,
      livemode: false,
      _subscription: id,
    };
    setupIntent.client_secret = clientSecretFor(setupIntent.id);
    subscription.pending_setup_intent = setupIntent.id;
    await tx.put(setupIntent);
  } else {
    const paymentIntent: LocalPaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      client_secret: '',
      customer: customer.id,
      amount: invoice.amount_due,
      currency: invoice.currency,
      status: 'requires_payment_method',
      payment_method: null,
      payment_method_types: ['card'],
      last_payment_error: null,
      metadata: {},
      created: now,
      livemode: false,
      _invoice: invoice.id,
    };
    paymentIntent.client_secret = clientSecretFor(paymentIntent.id);
    invoice._payment_intent = paymentIntent.id;
    await tx.put(paymentIntent);
  }
  await tx.put(invoice);
  await tx.put(subscription);
  await tx.emit('customer.subscription.created', subscription, request);
  if (trialEnd) {
    await tx.emit('invoice.paid', invoice, request);
    // Stripe announces a trial's end three days ahead: for a 3-day trial, at once.
    if (trialEnd - now <= 3 * DAY) await tx.emit('customer.subscription.trial_will_end', subscription, request);
  }
  return subscription;
}

const ENDED = new Set(['canceled', 'incomplete_expired']);

/** POST /v1/subscriptions/:id: cancel at period end or withdraw it, switch the price, merge metadata. */
export async function updateSubscription(tx: LocalStripeTx, id: string, params: Params, request: RequestInfo): Promise<LocalSubscription> {
  const subscription = await tx.get<LocalSubscription>(id, 'subscription');
  if (!subscription) throw resourceMissing('subscription', id);
  if (ENDED.has(subscription.status)) throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.', undefined, 'resource_missing');
  const previous: Record<string, unknown> = {};

  const cancelAtPeriodEnd = bool(params, 'cancel_at_period_end');
  if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
    Object.assign(previous, { cancel_at_period_end: subscription.cancel_at_period_end, cancel_at: subscription.cancel_at, cancellation_details: subscription.cancellation_details });
    subscription.cancel_at_period_end = cancelAtPeriodEnd;
    subscription.cancel_at = cancelAtPeriodEnd ? periodEnd(subscription) : null;
    subscription.cancellation_details = { reason: cancelAtPeriodEnd ? 'cancellation_requested' : null, comment: null, feedback: null };
  }

  const priceId = str(obj(list(params, 'items')[0]), 'price');
  if (priceId) {
    const price: LocalPrice | undefined = findPrice(priceId);
    if (!price) throw resourceMissing('price', priceId, 'items[0][price]');
    const item = subscription.items.data[0]!;
    if (item.price.id !== price.id) {
      previous.items = publicView(subscription.items);
      // Without proration the new price applies from the next renewal on.
      item.price = price;
    }
  }

  if (params.metadata !== undefined) {
    previous.metadata = { ...subscription.metadata };
    subscription.metadata = { ...subscription.metadata, ...metadataOf(params.metadata) };
  }
  await tx.put(subscription);
  if (Object.keys(previous).length > 0) await tx.emit('customer.subscription.updated', subscription, request, previous);
  return subscription;
}

/** DELETE /v1/subscriptions/:id, and the clock's end of a subscription. */
export async function cancelSubscription(
  tx: LocalStripeTx,
  id: string,
  request: RequestInfo,
  reason: LocalSubscription['cancellation_details']['reason'] = 'cancellation_requested',
): Promise<LocalSubscription> {
  const subscription = await tx.get<LocalSubscription>(id, 'subscription');
  if (!subscription) throw resourceMissing('subscription', id);
  if (ENDED.has(subscription.status)) return subscription;
  subscription.status = 'canceled';
  subscription.canceled_at ??= tx.now;
  subscription.ended_at = tx.now;
  subscription.cancellation_details = { ...subscription.cancellation_details, reason: subscription.cancellation_details.reason ?? reason };
  await voidOpenInvoice(tx, subscription);
  await tx.put(subscription);
  await tx.emit('customer.subscription.deleted', subscription, request);
  return subscription;
}
