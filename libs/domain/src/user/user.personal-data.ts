/**
 * Which fields of which events are personal data, whose they are, and what
 * they read as once that person is erased (DESIGN.md decision 16). The event
 * store encrypts exactly these fields with the subject's key and never the
 * rest, so every non-personal fact (ids, times, choices) stays readable and
 * every projection still rebuilds after the key is destroyed.
 *
 * Not listed, on purpose: SignedIn and the other account steps (a session id,
 * a method, a time: no address, no IP), the joke and visitor streams (random
 * ids). The subscription stream's provider ids and amounts are payment records,
 * sealed under a key of their own that outlives the erasure
 * (subscription/subscription.payment-records.ts); the provider keeps the card
 * and the address, the product never receives them.
 */
export interface PersonalFields {
  /** The data field naming the person the fields belong to (their key's id). */
  subject: string;
  /** Each personal field and the value it reads as after erasure. */
  erased: Readonly<Record<string, unknown>>;
  /** The subject's key that seals them, when not their personal key (see PAYMENT_RECORDS). */
  key?: string;
}

export const ERASED_USERNAME = 'erased-user';

export const PERSONAL_DATA: Readonly<Record<string, PersonalFields>> = {
  UserRegistered: { subject: 'userId', erased: { email: null, username: ERASED_USERNAME } },
  EmailConfirmed: { subject: 'userId', erased: { email: null } },
  EmailReserved: { subject: 'userId', erased: { email: null } },
};
