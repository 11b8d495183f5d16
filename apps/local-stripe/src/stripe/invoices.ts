import { CHARGE_DECLINED } from './test-cards.js';
import { clientSecretFor, listOf, newId, type CardErrorDetail, type LocalInvoice, type LocalPaymentIntent, type LocalPaymentMethod, type LocalSubscription } from './objects.js';
import type { LocalStripeTx, RequestInfo } from './store.js';

/**
 * Smart Retries, simplified: after a declined renewal the provider tries again
 * 1, 3 and 5 days later; when the fourth attempt fails it cancels the
 * subscription (Stripe's "cancel the subscription if all retries fail").
 */
export const RETRY_DELAYS_DAYS = [1, 3, 5] as const;

export function newInvoice(
  subscription: LocalSubscription,
  { reason, amount, start, end, now }: { reason: LocalInvoice['billing_reason']; amount: number; start: number; end: number; now: number },
): LocalInvoice {
  const price = subscription.items.data[0]!.price;
  const id = newId('in');
  const free = amount === 0;
  return {
    id,
    object: 'invoice',
    customer: subscription.customer,
    status: free ? 'paid' : 'open',
    amount_due: amount,
    amount_paid: 0,
    amount_remaining: amount,
    subtotal: price.unit_amount,
    total: amount,
    currency: price.currency,
    billing_reason: reason,
    attempt_count: 0,
    attempted: free,
    next_payment_attempt: null,
    created: now,
    // Stripe's invoice period is the one before it; the line says what is paid for.
    period_start: start,
    period_end: start,
    lines: listOf(
      [
        {
          id: newId('il'),
          object: 'line_item',
          amount,
          currency: price.currency,
          description: `1 × Jokes Pro (${price.recurring.interval === 'month' ? 'monthly' : 'yearly'})`,
          period: { start, end },
          pricing: { type: 'price_details', price_details: { price: price.id, product: price.product } },
        },
      ],
      `/v1/invoices/${id}/lines`,
    ),
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } } },
    status_transitions: { finalized_at: now, paid_at: free ? now : null, voided_at: null },
    livemode: false,
    _payment_intent: null,
  };
}

export async function voidOpenInvoice(tx: LocalStripeTx, subscription: LocalSubscription): Promise<void> {
  const invoice = await tx.get<LocalInvoice>(subscription.latest_invoice, 'invoice');
  if (!invoice || invoice.status !== 'open') return;
  invoice.status = 'void';
  invoice.next_payment_attempt = null;
  invoice.status_transitions.voided_at = tx.now;
  await tx.put(invoice);
  const intent = await tx.get<LocalPaymentIntent>(invoice._payment_intent, 'payment_intent');
  if (intent && intent.status !== 'succeeded') await tx.put({ ...intent, status: 'canceled' });
}

/**
 * One payment attempt on an open invoice with a saved card. A decline leaves
 * the invoice open with the next retry (or none, for a checkout's first
 * invoice, which the customer pays by confirming again).
 */
export async function attemptPayment(
  tx: LocalStripeTx,
  invoice: LocalInvoice,
  card: LocalPaymentMethod | undefined,
  request: RequestInfo,
  options: { retries: boolean; decline?: CardErrorDetail },
): Promise<'paid' | CardErrorDetail> {
  const declined = options.decline ?? (!card ? { ...CHARGE_DECLINED, message: 'The customer has no attached payment method.' } : card._charges === 'decline' ? CHARGE_DECLINED : undefined);
  invoice.attempt_count += 1;
  invoice.attempted = true;
  const intent = await tx.get<LocalPaymentIntent>(invoice._payment_intent, 'payment_intent');
  if (declined) {
    const delay = options.retries ? RETRY_DELAYS_DAYS[invoice.attempt_count - 1] : undefined;
    invoice.next_payment_attempt = delay === undefined ? null : tx.now + delay * 86_400;
    if (intent) await tx.put({ ...intent, payment_method: card?.id ?? null, last_payment_error: declined });
    await tx.put(invoice);
    await tx.emit('invoice.payment_failed', invoice, request);
    return declined;
  }
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = tx.now;
  if (intent) await tx.put({ ...intent, status: 'succeeded', payment_method: card!.id, last_payment_error: null });
  await tx.put(invoice);
  await tx.emit('invoice.paid', invoice, request);
  return 'paid';
}

/** A new invoice for the next period, charged at once (a renewal, or the end of a trial). */
export async function invoiceNextPeriod(
  tx: LocalStripeTx,
  subscription: LocalSubscription,
  amount: number,
  period: { start: number; end: number },
): Promise<LocalInvoice> {
  const invoice = newInvoice(subscription, { reason: 'subscription_cycle', amount, start: period.start, end: period.end, now: tx.now });
  const intentId = newId('pi');
  const intent: LocalPaymentIntent = {
    id: intentId,
    object: 'payment_intent',
    client_secret: clientSecretFor(intentId),
    customer: subscription.customer,
    amount,
    currency: invoice.currency,
    status: 'requires_payment_method',
    payment_method: null,
    payment_method_types: ['card'],
    last_payment_error: null,
    metadata: {},
    created: tx.now,
    livemode: false,
    _invoice: invoice.id,
  };
  invoice._payment_intent = intent.id;
  await tx.put(intent);
  await tx.put(invoice);
  return invoice;
}
