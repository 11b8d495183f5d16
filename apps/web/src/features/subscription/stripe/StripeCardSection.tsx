import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementOptions } from '@stripe/stripe-js';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { SUBSCRIBE_MESSAGES, type CardConfirmation, type CardConfirmer } from '../utils/subscribe-flow';
import { stripeLoader } from './load-stripe';

interface StripeCardSectionProps {
  publishableKey: string;
  email: string;
  /** Where the form puts its confirmer once Stripe.js is ready (null before and after). */
  confirmerRef: RefObject<CardConfirmer | null>;
  /** Stripe.js could not be loaded: SPEC 8's 'Payment System Error'. */
  onInitFailed: () => void;
}

// Readable on the dark theme; Stripe's iframe cannot see our CSS.
const CARD_OPTIONS: StripeCardElementOptions = {
  hidePostalCode: true,
  style: {
    base: { color: '#f0f0f0', fontSize: '16px', iconColor: '#b37feb', '::placeholder': { color: '#8c8c8c' } },
    invalid: { color: '#ff7875', iconColor: '#ff7875' },
  },
};

function StripeCard({ email, confirmerRef }: Pick<StripeCardSectionProps, 'email' | 'confirmerRef'>) {
  const stripe = useStripe();
  const elements = useElements();

  useEffect(() => {
    confirmerRef.current = {
      readiness: () => {
        if (!stripe || !elements) return 'not-ready';
        return elements.getElement(CardElement) ? 'ready' : 'form-not-loaded';
      },
      // README 'Billing': a trial saves the card (setup intent); a returning subscriber pays at once.
      confirm: async ({ clientSecret, intentType }): Promise<CardConfirmation> => {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return { ok: false, message: SUBSCRIBE_MESSAGES.formNotLoaded };
        const payment_method = { card, billing_details: { email } };
        const { error } =
          intentType === 'setup'
            ? await stripe.confirmCardSetup(clientSecret, { payment_method })
            : await stripe.confirmCardPayment(clientSecret, { payment_method });
        return error ? { ok: false, message: error.message ?? SUBSCRIBE_MESSAGES.confirmFailed } : { ok: true };
      },
    };
    return () => {
      confirmerRef.current = null;
    };
  }, [stripe, elements, email, confirmerRef]);

  return (
    <div className="subscribe__stripe-card">
      <CardElement options={CARD_OPTIONS} />
    </div>
  );
}

/** The card entry when Stripe confirms cards: Stripe.js and its Elements, loaded with this chunk only. */
export function StripeCardSection({ publishableKey, email, confirmerRef, onInitFailed }: StripeCardSectionProps) {
  const reportFailure = useRef(onInitFailed);
  useEffect(() => {
    reportFailure.current = onInitFailed;
  }, [onInitFailed]);

  const stripePromise = useMemo(
    () =>
      stripeLoader.load(publishableKey).then(
        (stripe) => {
          if (stripe === null) reportFailure.current();
          return stripe;
        },
        () => {
          reportFailure.current();
          return null;
        },
      ),
    [publishableKey],
  );

  return (
    <fieldset className="subscribe__card">
      <legend className="subscribe__legend">Card details</legend>
      <Elements stripe={stripePromise}>
        <StripeCard email={email} confirmerRef={confirmerRef} />
      </Elements>
    </fieldset>
  );
}
