import { attemptPayment } from './invoices.js';
import { cardError, invalidRequest, resourceMissing, type LocalStripeError } from './errors.js';
import { newId, type LocalInvoice, type LocalObject, type LocalPaymentIntent, type LocalPaymentMethod, type LocalSetupIntent, type LocalSubscription } from './objects.js';
import type { LocalStripeTx, RequestInfo } from './store.js';
import { CHARGE_DECLINED, checkCard, isCardError, type CardInput, type CheckedCard } from './test-cards.js';

export interface Confirmed {
  intentType: 'setup' | 'payment';
  paymentMethod: LocalPaymentMethod;
}

/**
 * What Stripe.js does with a client secret and a card: confirm the setup
 * intent (a trial's card) or the payment intent (a first invoice). A decline
 * is returned, not thrown, so the attempt and its events are committed.
 */
export async function confirmWithCard(tx: LocalStripeTx, clientSecret: string, input: CardInput, request: RequestInfo): Promise<Confirmed | LocalStripeError> {
  const intent = await tx.bySecret<LocalObject>(clientSecret.trim());
  if (!intent || (intent.object !== 'setup_intent' && intent.object !== 'payment_intent')) throw resourceMissing('intent', clientSecret.split('_secret_')[0], 'client_secret');
  if (intent.status !== 'requires_payment_method') {
    throw invalidRequest(`This ${intent.object === 'setup_intent' ? 'SetupIntent' : 'PaymentIntent'} has already been ${intent.status} and cannot be confirmed again.`, undefined, `${intent.object}_unexpected_state`);
  }
  // Expiry is checked against the real date, as the card network would.
  const card = checkCard(input, new Date());
  if (isCardError(card)) return cardError(card);
  return intent.object === 'setup_intent' ? confirmSetup(tx, intent, card, request) : confirmPayment(tx, intent, card, request);
}

function paymentMethodFor(card: CheckedCard, customer: string, now: number): LocalPaymentMethod {
  return {
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, funding: card.funding, country: 'US' },
    customer,
    metadata: {},
    created: now,
    livemode: false,
    _charges: card.charges,
  };
}

async function confirmSetup(tx: LocalStripeTx, intent: LocalSetupIntent, card: CheckedCard, request: RequestInfo): Promise<Confirmed | LocalStripeError> {
  if (card.setup !== 'succeed') {
    await tx.put({ ...intent, last_setup_error: card.setup });
    await tx.emit('setup_intent.setup_failed', { ...intent, last_setup_error: card.setup }, request);
    return cardError(card.setup);
  }
  const paymentMethod = await tx.put(paymentMethodFor(card, intent.customer, tx.now));
  const succeeded = await tx.put({ ...intent, status: 'succeeded' as const, payment_method: paymentMethod.id, last_setup_error: null });
  await tx.emit('setup_intent.succeeded', succeeded, request);
  await tx.emit('payment_method.attached', paymentMethod, request);
  const subscription = await tx.get<LocalSubscription>(intent._subscription, 'subscription');
  if (subscription && subscription.status === 'trialing') {
    // payment_settings.save_default_payment_method = on_subscription
    const previous = { default_payment_method: subscription.default_payment_method, pending_setup_intent: subscription.pending_setup_intent };
    subscription.default_payment_method = paymentMethod.id;
    subscription.pending_setup_intent = null;
    await tx.put(subscription);
    await tx.emit('customer.subscription.updated', subscription, request, previous);
  }
  return { intentType: 'setup', paymentMethod };
}

async function confirmPayment(tx: LocalStripeTx, intent: LocalPaymentIntent, card: CheckedCard, request: RequestInfo): Promise<Confirmed | LocalStripeError> {
  const invoice = await tx.get<LocalInvoice>(intent._invoice, 'invoice');
  const subscription = await tx.get<LocalSubscription>(invoice?.parent.subscription_details.subscription, 'subscription');
  if (!invoice || invoice.status !== 'open' || !subscription || subscription.status !== 'incomplete') {
    throw invalidRequest('This payment can no longer be made: the checkout has ended.', undefined, 'payment_intent_unexpected_state');
  }
  const paymentMethod = paymentMethodFor(card, intent.customer, tx.now);
  const decline = card.setup !== 'succeed' ? card.setup : card.charges === 'decline' ? CHARGE_DECLINED : undefined;
  // A checkout's first invoice is not retried: the customer tries another card.
  const result = await attemptPayment(tx, invoice, paymentMethod, request, { retries: false, decline });
  if (result !== 'paid') return cardError(result);
  await tx.put(paymentMethod);
  const previous = { status: subscription.status, default_payment_method: subscription.default_payment_method };
  subscription.status = 'active';
  subscription.default_payment_method = paymentMethod.id;
  await tx.put(subscription);
  await tx.emit('customer.subscription.updated', subscription, request, previous);
  return { intentType: 'payment', paymentMethod };
}
