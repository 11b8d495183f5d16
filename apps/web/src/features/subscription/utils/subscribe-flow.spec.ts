import { describe, expect, it } from '@jest/globals';
import type { CreateSubscriptionRequest } from '@jokes/contracts';
import { aCheckout } from '../../../testing/billing';
import {
  createFailureMessage,
  providerFailureMessage,
  runSubscribe,
  SUBSCRIBE_MESSAGES,
  type CardConfirmer,
  type SubscribePorts,
} from './subscribe-flow';

const REQUEST: CreateSubscriptionRequest = { user_id: 'u1', email: 'ana@example.com', plan_type: 'monthly', promo_code: null };

function ports(overrides: Partial<SubscribePorts> & { confirmed?: Awaited<ReturnType<CardConfirmer['confirm']>> } = {}) {
  const calls: string[] = [];
  const card: CardConfirmer = {
    readiness: () => 'ready',
    confirm: async (intent) => {
      calls.push(`confirm ${intent.clientSecret}`);
      return overrides.confirmed ?? { ok: true };
    },
  };
  return {
    calls,
    ports: {
      card,
      createSubscription: async () => {
        calls.push('create');
        return aCheckout();
      },
      onProcessing: () => calls.push('processing'),
      ...overrides,
    } satisfies SubscribePorts,
  };
}

describe('subscribe flow', () => {
  it('starts the checkout, then confirms the card with its client secret', async () => {
    const { ports: p, calls } = ports();

    expect(await runSubscribe(p, REQUEST)).toEqual({ status: 'success', trial: true });
    expect(calls).toEqual(['processing', 'create', 'confirm seti_123_secret_456']);
  });

  it('says the payment system is not ready before the provider has loaded, and sends nothing', async () => {
    const { ports: p, calls } = ports({ card: null });

    expect(await runSubscribe(p, REQUEST)).toEqual({ status: 'error', message: 'Payment system is not ready. Please try again later.' });
    expect(calls).toEqual([]);
  });

  it('says the payment form is not properly loaded when the card field is missing', async () => {
    const { ports: p, calls } = ports({ card: { readiness: () => 'form-not-loaded', confirm: async () => ({ ok: true }) } });

    expect(await runSubscribe(p, REQUEST)).toEqual({
      status: 'error',
      message: 'Payment form is not properly loaded. Please refresh the page.',
    });
    expect(calls).toEqual([]);
  });

  it("shows the server's error when the checkout is refused, and confirms nothing", async () => {
    const refusal = { status: 400, message: '400: …', body: { error: 'The promo code ROCKY18 is not valid.' } };
    const { ports: p, calls } = ports({ createSubscription: () => Promise.reject(refusal) });

    expect(await runSubscribe(p, REQUEST)).toEqual({ status: 'error', message: 'The promo code ROCKY18 is not valid.' });
    expect(calls).toEqual(['processing']);
  });

  it('shows the provider’s message for a declined card', async () => {
    const { ports: p } = ports({ confirmed: { ok: false, message: 'Your card was declined.' } });

    expect(await runSubscribe(p, REQUEST)).toEqual({ status: 'error', message: 'Your card was declined.' });
  });
});

describe('failure texts', () => {
  it("is the server's error, or 'Failed to create subscription'", () => {
    expect(createFailureMessage({ status: 409, message: '409', body: { error: 'You already have an active subscription.' } })).toBe(
      'You already have an active subscription.',
    );
    expect(createFailureMessage({ status: 502, message: '502: Bad Gateway' })).toBe('Failed to create subscription');
    expect(createFailureMessage({ status: 'FETCH_ERROR', message: 'TypeError: Failed to fetch' })).toBe(SUBSCRIBE_MESSAGES.createFailed);
    expect(createFailureMessage(new Error('boom'))).toBe('Failed to create subscription');
  });

  it('says what a validation failure found rather than "Invalid request"', () => {
    const body = { error: 'Invalid request', message: 'email: Please enter a valid email address', fieldErrors: {} };
    expect(createFailureMessage({ status: 400, message: '400', body })).toBe('email: Please enter a valid email address');
  });

  it("is the card provider's own message for a card error", () => {
    const body = { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } };
    expect(providerFailureMessage({ status: 402, message: '402', body })).toBe('Your card has insufficient funds.');
    expect(providerFailureMessage({ status: 'FETCH_ERROR', message: 'offline' })).toBe(SUBSCRIBE_MESSAGES.confirmFailed);
  });
});
