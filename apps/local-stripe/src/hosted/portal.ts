import type { PlanType } from '@jokes/domain';
import { PRICE_LOOKUP_KEYS, LOCAL_PRICES } from '../stripe/catalog.js';
import { invalidRequest, resourceMissing } from '../stripe/errors.js';
import { newId, type LocalCustomer, type LocalInvoice, type LocalPaymentMethod, type LocalPortalSession, type LocalSubscription } from '../stripe/objects.js';
import type { LocalStripeTx } from '../stripe/store.js';
import { updateSubscription } from '../stripe/subscriptions.js';

export interface PortalView {
  session: LocalPortalSession;
  customer: LocalCustomer;
  subscription: LocalSubscription | undefined;
  card: LocalPaymentMethod | undefined;
  invoices: LocalInvoice[];
  now: number;
}

const LIVE = new Set(['trialing', 'active', 'past_due']);

export async function portalSession(tx: LocalStripeTx, sessionId: string): Promise<LocalPortalSession> {
  const found = await tx.get<LocalPortalSession>(sessionId, 'billing_portal.session');
  // An expired link looks like a missing one: it is a bearer capability.
  if (!found || found._expires_at < Date.now() / 1000) throw resourceMissing('billing portal session', sessionId);
  return found;
}

/** What the local portal page shows: the customer's current subscription, card and invoices. */
export async function loadPortal(tx: LocalStripeTx, sessionId: string): Promise<PortalView> {
  const portal = await portalSession(tx, sessionId);
  const customer = (await tx.get<LocalCustomer>(portal.customer, 'customer'))!;
  const subscriptions = await tx.ofCustomer<LocalSubscription>(customer.id, 'subscription');
  const subscription = subscriptions.find((candidate) => LIVE.has(candidate.status)) ?? subscriptions[0];
  const card = await tx.get<LocalPaymentMethod>(subscription?.default_payment_method, 'payment_method');
  const invoices = (await tx.ofCustomer<LocalInvoice>(customer.id, 'invoice')).filter((invoice) => invoice.amount_due > 0 || invoice.status === 'paid');
  return { session: portal, customer, subscription, card, invoices, now: tx.now };
}

export type PortalAction = 'cancel' | 'resume' | 'change-plan';

/** The portal's buttons, done as the customer's requests to the provider (they reach the product as webhooks). */
export async function portalAction(tx: LocalStripeTx, sessionId: string, action: PortalAction, plan: PlanType | undefined): Promise<void> {
  const view = await loadPortal(tx, sessionId);
  const subscription = view.subscription;
  if (!subscription || !LIVE.has(subscription.status)) throw invalidRequest('There is no active subscription to change.');
  const request = { id: newId('req'), idempotency_key: null };
  switch (action) {
    case 'cancel':
      await updateSubscription(tx, subscription.id, { cancel_at_period_end: 'true' }, request);
      return;
    case 'resume':
      await updateSubscription(tx, subscription.id, { cancel_at_period_end: 'false' }, request);
      return;
    case 'change-plan': {
      const price = plan ? LOCAL_PRICES.find((candidate) => candidate.lookup_key === PRICE_LOOKUP_KEYS[plan]) : undefined;
      if (!price) throw invalidRequest('Choose monthly or yearly.', 'plan');
      await updateSubscription(tx, subscription.id, { items: [{ id: subscription.items.data[0]!.id, price: price.id }], proration_behavior: 'none' }, request);
      return;
    }
  }
}
