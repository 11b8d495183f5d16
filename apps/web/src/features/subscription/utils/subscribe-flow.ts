import {
  providerErrorBody,
  SUBSCRIPTION_ERROR_MESSAGES,
  type CreateSubscriptionRequest,
  type CreateSubscriptionResponse,
} from '@jokes/contracts';
import { isApiError } from '../../../shared/api/http-error';

/** SPEC 8 'Account and subscribe', word for word. */
export const SUBSCRIBE_MESSAGES = {
  notReady: 'Payment system is not ready. Please try again later.',
  formNotLoaded: 'Payment form is not properly loaded. Please refresh the page.',
  createFailed: SUBSCRIPTION_ERROR_MESSAGES.createFailed,
  /** The title shown when the payment provider cannot be started at all. */
  systemError: 'Payment System Error',
  /** When the provider gives no message of its own (a network failure). */
  confirmFailed: 'Your card could not be confirmed. Please try again.',
} as const;

export type IntentToConfirm = Pick<CreateSubscriptionResponse, 'clientSecret' | 'intentType'>;

export type CardConfirmation = { ok: true } | { ok: false; message: string };

/**
 * What confirms the card with the payment provider: the product's own form
 * (local provider) or Stripe.js. Both speak Stripe's errors, so a declined
 * card reads the same ('Your card was declined.').
 */
export interface CardConfirmer {
  /** Whether a card can be confirmed now: the provider has loaded and its form is in place. */
  readiness(): 'ready' | 'not-ready' | 'form-not-loaded';
  confirm(intent: IntentToConfirm): Promise<CardConfirmation>;
}

export interface SubscribePorts {
  /** Null while the payment provider is still loading. */
  card: CardConfirmer | null;
  createSubscription: (request: CreateSubscriptionRequest) => Promise<CreateSubscriptionResponse>;
  /** Called once the checks pass and the requests begin. */
  onProcessing: () => void;
}

export type SubscribeOutcome = { status: 'success'; trial: boolean } | { status: 'error'; message: string };

/** SPEC 8: the server's error, or 'Failed to create subscription'. */
export function createFailureMessage(error: unknown): string {
  const body = isApiError(error) ? error.body : undefined;
  if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string' && body.error !== '') {
    // A validation failure's `error` is only 'Invalid request'; its message says what.
    if (body.error === 'Invalid request' && 'message' in body && typeof body.message === 'string') return body.message;
    return body.error;
  }
  return SUBSCRIBE_MESSAGES.createFailed;
}

/** A declined or refused card: the provider's own words ('Your card was declined.'). */
export function providerFailureMessage(error: unknown): string {
  const body = isApiError(error) ? error.body : undefined;
  const parsed = providerErrorBody.safeParse(body);
  if (parsed.success) return parsed.data.error.message;
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') return body.message;
  return SUBSCRIBE_MESSAGES.confirmFailed;
}

/**
 * SPEC 4 'Subscribe flow': checks that the payment form can work, starts the
 * checkout (POST /api/create-subscription), then has the provider confirm the
 * card against the checkout's client secret. Nothing is granted until the card
 * is confirmed, so any failure leaves the user free.
 */
export async function runSubscribe(ports: SubscribePorts, request: CreateSubscriptionRequest): Promise<SubscribeOutcome> {
  const { card } = ports;
  const readiness = card === null ? 'not-ready' : card.readiness();
  if (card === null || readiness === 'not-ready') return { status: 'error', message: SUBSCRIBE_MESSAGES.notReady };
  if (readiness === 'form-not-loaded') return { status: 'error', message: SUBSCRIBE_MESSAGES.formNotLoaded };

  ports.onProcessing();
  let checkout: CreateSubscriptionResponse;
  try {
    checkout = await ports.createSubscription(request);
  } catch (error) {
    return { status: 'error', message: createFailureMessage(error) };
  }
  const confirmation = await card.confirm(checkout).catch(
    (): CardConfirmation => ({ ok: false, message: SUBSCRIBE_MESSAGES.confirmFailed }),
  );
  return confirmation.ok ? { status: 'success', trial: checkout.trial } : { status: 'error', message: confirmation.message };
}
