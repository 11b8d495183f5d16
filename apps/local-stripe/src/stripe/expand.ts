import type { FormValue } from './form-body.js';
import { publicView, type LocalCustomer, type LocalInvoice, type LocalPaymentIntent, type LocalSetupIntent, type LocalSubscription } from './objects.js';
import type { LocalStripeTx } from './store.js';

/** Expands what the product asks for: the setup intent, the latest invoice and its confirmation secret. */
export async function expandSubscription(tx: LocalStripeTx, subscription: LocalSubscription, expand: readonly FormValue[]): Promise<Record<string, unknown>> {
  const view = publicView(subscription) as unknown as Record<string, unknown>;
  const wants = (path: string) => expand.includes(path);
  if (wants('pending_setup_intent') && subscription.pending_setup_intent) {
    view.pending_setup_intent = publicView((await tx.get<LocalSetupIntent>(subscription.pending_setup_intent, 'setup_intent'))!);
  }
  if ((wants('latest_invoice') || wants('latest_invoice.confirmation_secret')) && subscription.latest_invoice) {
    const invoice = (await tx.get<LocalInvoice>(subscription.latest_invoice, 'invoice'))!;
    const invoiceView = publicView(invoice) as unknown as Record<string, unknown>;
    if (wants('latest_invoice.confirmation_secret')) {
      const intent = await tx.get<LocalPaymentIntent>(invoice._payment_intent, 'payment_intent');
      invoiceView.confirmation_secret = intent && invoice.status === 'open' ? { client_secret: intent.client_secret, type: 'payment_intent' } : null;
    }
    view.latest_invoice = invoiceView;
  }
  if (wants('customer')) view.customer = publicView((await tx.get<LocalCustomer>(subscription.customer, 'customer'))!);
  return view;
}
