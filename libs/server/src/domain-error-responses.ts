import { SUBSCRIPTION_ERROR_MESSAGES } from '@jokes/contracts';

/** A domain error (`DomainError` of @jokes/domain) as this library sees it: by structure, as it does not import the domain. */
export interface CodedError {
  code: string;
  message: string;
}

export interface ErrorResponse {
  status: number;
  body: object;
}

type Respond = (error: CodedError) => ErrorResponse;

/** The product's general shape: `{ error: code, message }`. */
const plain =
  (status: number): Respond =>
  ({ code, message }) => ({ status, body: { error: code, message } });

/** Billing's shape: `{ error, code, message }`, where `error` is what the subscribe and account pages show. */
const billing =
  (status: number, shown?: string): Respond =>
  ({ code, message }) => ({ status, body: { error: shown ?? message, code, message } });

/**
 * The one table from domain error codes (DOMAIN_ERROR_CODES of @jokes/domain)
 * to HTTP statuses and bodies, for every error filter of the command and query
 * APIs; a spec of the command API checks that every code has its row. On
 * `/auth/v1` GoTrue's own wire format applies instead (gotrue-error.filter.ts).
 */
export const DOMAIN_ERROR_RESPONSES: Readonly<Record<string, Respond>> = {
  // SPEC section 6: `requiresPremium` makes the web open its upgrade prompt.
  requires_premium: ({ message }) => ({ status: 403, body: { error: 'Premium Feature', message, requiresPremium: true } }),
  unknown_comedian: plain(400),
  joke_exists: plain(409),
  invalid_joke: plain(422),
  joke_not_found: plain(404),
  age_confirmation_required: plain(400),
  user_already_exists: plain(400),
  user_not_found: plain(400),
  email_not_confirmed: plain(400),
  unknown_role: plain(400),
  account_deletion_already_requested: plain(409),
  account_deletion_not_requested: plain(409),
  erasure_not_due: plain(409),
  // Only a sign-in meets it, and /auth/v1 answers in GoTrue's shape (400 account_pending_deletion).
  account_pending_deletion: plain(403),
  subscription_not_found: billing(404, SUBSCRIPTION_ERROR_MESSAGES.notFound),
  subscription_mismatch: billing(409),
  already_subscribed: billing(409),
  trial_used: billing(409),
  subscription_ended: billing(409),
  invalid_subscription_transition: billing(409),
  invalid_promo_code: billing(400),
};

/** The status and body of a domain error; a code without a row (the spec forbids it) is a plain 400. */
export function domainErrorResponse(error: CodedError): ErrorResponse {
  const respond = Object.hasOwn(DOMAIN_ERROR_RESPONSES, error.code) ? DOMAIN_ERROR_RESPONSES[error.code]! : plain(400);
  return respond(error);
}
