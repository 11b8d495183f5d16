import { attemptPayment, invoiceNextPeriod, voidOpenInvoice } from './invoices.js';
import type { LocalInvoice, LocalPaymentMethod, LocalSubscription } from './objects.js';
import { AUTOMATIC, periodEnd, type LocalStripeTx } from './store.js';
import { addInterval, amountOf, cancelSubscription } from './subscriptions.js';

/**
 * What the billing clock does when an object comes due (`tx.now` is the moment
 * it came due): trials end, periods renew, declined invoices are retried,
 * abandoned checkouts expire. Every step moves the object's due time on.
 */
export async function processDue(tx: LocalStripeTx, object: LocalSubscription | LocalInvoice): Promise<void> {
  if (object.object === 'invoice') return retryInvoice(tx, object);
  switch (object.status) {
    case 'incomplete':
      return expireCheckout(tx, object);
    case 'trialing':
      if (object.cancel_at_period_end) return void (await cancelSubscription(tx, object.id, AUTOMATIC));
      if (!object.default_payment_method && object.trial_settings.end_behavior.missing_payment_method === 'cancel') {
        return void (await cancelSubscription(tx, object.id, AUTOMATIC, null));
      }
      return renew(tx, object);
    case 'active':
    case 'past_due':
      if (object.cancel_at_period_end) return void (await cancelSubscription(tx, object.id, AUTOMATIC));
      return renew(tx, object);
    default:
      // Ended objects have no due time; reaching here means nothing is left to do.
      return;
  }
}

async function renew(tx: LocalStripeTx, subscription: LocalSubscription): Promise<void> {
  const item = subscription.items.data[0]!;
  const previous = { status: subscription.status, items: { data: [{ current_period_start: item.current_period_start, current_period_end: item.current_period_end }] } };
  const start = periodEnd(subscription);
  const end = addInterval(start, item.price.recurring.interval);
  item.current_period_start = start;
  item.current_period_end = end;
  const invoice = await invoiceNextPeriod(tx, subscription, amountOf(subscription), { start, end });
  subscription.latest_invoice = invoice.id;
  const card = await tx.get<LocalPaymentMethod>(subscription.default_payment_method, 'payment_method');
  const result = await attemptPayment(tx, invoice, card, AUTOMATIC, { retries: true });
  subscription.status = result === 'paid' ? 'active' : 'past_due';
  await tx.put(subscription);
  await tx.emit('customer.subscription.updated', subscription, AUTOMATIC, previous);
}

async function retryInvoice(tx: LocalStripeTx, invoice: LocalInvoice): Promise<void> {
  const subscription = await tx.get<LocalSubscription>(invoice.parent.subscription_details.subscription, 'subscription');
  if (!subscription || subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    await tx.put({ ...invoice, status: 'void', next_payment_attempt: null });
    return;
  }
  const card = await tx.get<LocalPaymentMethod>(subscription.default_payment_method, 'payment_method');
  const result = await attemptPayment(tx, invoice, card, AUTOMATIC, { retries: true });
  if (result === 'paid') {
    if (subscription.status !== 'active') {
      const previous = { status: subscription.status };
      subscription.status = 'active';
      await tx.put(subscription);
      await tx.emit('customer.subscription.updated', subscription, AUTOMATIC, previous);
    }
    return;
  }
  if (invoice.next_payment_attempt === null) await cancelSubscription(tx, subscription.id, AUTOMATIC, 'payment_failed');
}

async function expireCheckout(tx: LocalStripeTx, subscription: LocalSubscription): Promise<void> {
  const previous = { status: subscription.status };
  subscription.status = 'incomplete_expired';
  subscription.ended_at = tx.now;
  await voidOpenInvoice(tx, subscription);
  await tx.put(subscription);
  await tx.emit('customer.subscription.updated', subscription, AUTOMATIC, previous);
}
