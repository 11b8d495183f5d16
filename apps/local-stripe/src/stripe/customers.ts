import { LOCAL_PRICES, LOCAL_PROMOTION_CODES } from './catalog.js';
import { resourceMissing } from './errors.js';
import { bool, list, obj, str, type FormValue } from './form-body.js';
import { listOf, newId, type LocalCustomer, type LocalPortalSession } from './objects.js';
import type { LocalStripeTx, RequestInfo } from './store.js';

type Params = Record<string, FormValue>;

export async function createCustomer(tx: LocalStripeTx, params: Params, request: RequestInfo): Promise<LocalCustomer> {
  const metadata = Object.fromEntries(Object.entries(obj(params.metadata) ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const customer: LocalCustomer = {
    id: newId('cus'),
    object: 'customer',
    email: str(params, 'email') ?? null,
    metadata,
    created: tx.now,
    livemode: false,
    invoice_settings: { default_payment_method: null },
  };
  await tx.put(customer);
  await tx.emit('customer.created', customer, request);
  return customer;
}

/**
 * DELETE /v1/customers/:id, as Stripe answers it. The customer's e-mail goes
 * from the object and from every copy this provider keeps of it (queued
 * webhook payloads, recorded idempotent answers); invoices and subscriptions
 * stay, as payment records, naming only the customer's id.
 */
export async function deleteCustomer(tx: LocalStripeTx, id: string) {
  const customer = await tx.get<LocalCustomer>(id, 'customer');
  if (!customer || customer.deleted) throw resourceMissing('customer', id);
  if (customer.email) await tx.redact(customer.email);
  await tx.put({ ...customer, email: null, deleted: true });
  return { id, object: 'customer', deleted: true };
}

/** GET /v1/prices: by lookup key, as the product finds its prices. */
export function listPrices(params: Params) {
  const keys = list(params, 'lookup_keys').filter((key): key is string => typeof key === 'string');
  const data = LOCAL_PRICES.filter((price) => keys.length === 0 || keys.includes(price.lookup_key));
  return listOf(data, '/v1/prices');
}

/** GET /v1/promotion_codes?code=...: Stripe matches the code case-insensitively. */
export function listPromotionCodes(params: Params) {
  const code = str(params, 'code')?.trim().toUpperCase();
  const active = bool(params, 'active');
  const data = LOCAL_PROMOTION_CODES.filter((promo) => (!code || promo.code.toUpperCase() === code) && (active === undefined || promo.active === active));
  return listOf(data, '/v1/promotion_codes');
}

/** Portal links are valid for an hour of real time (the billing clock may race ahead). */
export const PORTAL_SESSION_SECONDS = 3600;

export async function createPortalSession(tx: LocalStripeTx, params: Params, publicUrl: string): Promise<LocalPortalSession> {
  const customer = await tx.get<LocalCustomer>(str(params, 'customer'), 'customer');
  if (!customer) throw resourceMissing('customer', str(params, 'customer'), 'customer');
  const id = newId('bps');
  const session: LocalPortalSession = {
    id,
    object: 'billing_portal.session',
    customer: customer.id,
    url: `${publicUrl}/api/local-billing/portal/${id}`,
    return_url: str(params, 'return_url') ?? null,
    created: tx.now,
    livemode: false,
    _expires_at: Math.floor(Date.now() / 1000) + PORTAL_SESSION_SECONDS,
  };
  return tx.put(session);
}
