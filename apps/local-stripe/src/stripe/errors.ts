import type { CardErrorDetail } from './objects.js';

export interface StripeErrorDetail {
  type: 'invalid_request_error' | 'card_error' | 'api_error' | 'authentication_error';
  code?: string;
  decline_code?: string;
  param?: string;
  message: string;
}

/** An answer the emulator gives as Stripe would: the HTTP status and `{ error }`. */
export class LocalStripeError extends Error {
  override readonly name = 'LocalStripeError';
  constructor(
    readonly status: number,
    readonly detail: StripeErrorDetail,
  ) {
    super(detail.message);
  }
}

export function resourceMissing(kind: string, id: string | undefined, param = 'id'): LocalStripeError {
  return new LocalStripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id ?? ''}'` });
}

export function invalidRequest(message: string, param?: string, code = 'parameter_invalid'): LocalStripeError {
  return new LocalStripeError(400, { type: 'invalid_request_error', code, param, message });
}

/** Stripe answers card errors with 402 Payment Required. */
export function cardError(detail: CardErrorDetail): LocalStripeError {
  return new LocalStripeError(402, detail);
}
