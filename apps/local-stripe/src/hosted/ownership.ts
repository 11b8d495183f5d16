import { ForbiddenException } from '@nestjs/common';
import type { LocalCustomer, LocalObject } from '../stripe/objects.js';
import type { LocalStripeTx } from '../stripe/store.js';

// The provider knows customers, not the product's users: the product names
// the user in the customer's metadata when it creates one (user_id), as it
// does at Stripe. The local provider's browser-side calls (card confirmation,
// the portal's buttons) act only for that user.

async function ownerOf(tx: LocalStripeTx, customerId: string): Promise<string | undefined> {
  return (await tx.get<LocalCustomer>(customerId, 'customer'))?.metadata.user_id;
}

/** 403 unless the checkout behind this client secret is the caller's; an unknown secret is left to the provider's own 404. */
export async function assertOwnsCheckout(tx: LocalStripeTx, clientSecret: string, userId: string): Promise<void> {
  const intent = await tx.bySecret<LocalObject>(clientSecret.trim());
  if (!intent || (intent.object !== 'setup_intent' && intent.object !== 'payment_intent')) return;
  if ((await ownerOf(tx, intent.customer)) !== userId) {
    throw new ForbiddenException({ error: 'Forbidden', message: 'This checkout belongs to another account.' });
  }
}

/** 403 unless the portal session's customer is the caller. */
export async function assertOwnsPortal(tx: LocalStripeTx, customerId: string, userId: string): Promise<void> {
  if ((await ownerOf(tx, customerId)) !== userId) {
    throw new ForbiddenException({ error: 'Forbidden', message: 'This billing portal belongs to another account.' });
  }
}
