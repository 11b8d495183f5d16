import { PERSONAL_DATA, type PersonalFields } from '../user/user.personal-data.js';

/**
 * Payment records (issue 11, the Privacy Policy's "payment records 7 years"):
 * the provider's ids (customer, subscription, invoice) and the amounts in the
 * subscription stream. They carry no name or address, and accounting needs
 * them for PAYMENT_RECORDS_YEARS after the person's erasure; the provider's
 * ids still lead to the provider's own records of the person, so when that
 * retention ends they must become unreadable too.
 *
 * So these fields are sealed like personal fields, but under a second key of
 * the person (`payment-records:{userId}`): erasure destroys the personal key
 * and keeps this one; the privacy job destroys it when the retention ends.
 * Then the ids read as `redacted` and amounts and currencies as null; every
 * other fact (plan, status, dates, causes) stays readable.
 *
 * Not sealed: `plan`, `promoCode` (a catalogue code, not the person's), and the
 * event metadata, which names the provider's webhook event and request (Stripe
 * keeps events for 30 days, so those ids lead to nothing long before).
 */
export const PAYMENT_RECORDS_KEY = 'payment-records';

/** What a provider id reads as once the payment records are erased. */
export const REDACTED = 'redacted';

/** The id of a person's payment-records key in the keys table. */
export function paymentRecordsKeyOf(userId: string): string {
  return `${PAYMENT_RECORDS_KEY}:${userId}`;
}

/**
 * Appended to `subscription-{userId}` once per subscription when its payment
 * records' retention ends, just before the key is destroyed: the read models
 * drop what they copied of the records (the `subscriptions` row, the ids in
 * `entitlements`). Its own `subscriptionId` is sealed like the others, so a
 * rebuild after the key is gone reads every event of the person alike.
 */
export type PaymentRecordsErased = {
  type: 'PaymentRecordsErased';
  data: { userId: string; subscriptionId: string; erasedAt: string };
};

const rule = (erased: Record<string, unknown>): PersonalFields => ({ subject: 'userId', key: PAYMENT_RECORDS_KEY, erased: { subscriptionId: REDACTED, ...erased } });

export const PAYMENT_RECORDS: Readonly<Record<string, PersonalFields>> = {
  CheckoutStarted: rule({ customerId: REDACTED, amount: null, currency: null }),
  TrialStarted: rule({}),
  SubscriptionActivated: rule({ invoiceId: REDACTED, amountPaid: null, currency: null }),
  SubscriptionRenewed: rule({ invoiceId: REDACTED, amountPaid: null, currency: null }),
  PaymentFailed: rule({ invoiceId: REDACTED, amountDue: null, currency: null }),
  CancellationScheduled: rule({}),
  SubscriptionResumed: rule({}),
  PlanChanged: rule({ amount: null, currency: null }),
  SubscriptionEnded: rule({}),
  PaymentRecordsErased: rule({}),
};

/** Every field the event store seals, and under which key: the personal data and the payment records. */
export const SEALED_DATA: Readonly<Record<string, PersonalFields>> = { ...PERSONAL_DATA, ...PAYMENT_RECORDS };
