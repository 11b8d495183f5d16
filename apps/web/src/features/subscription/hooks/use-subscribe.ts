import type { PlanTypeValue } from '@jokes/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../shared/store/hooks';
import { baseApi } from '../../../shared/api/base-api';
import { useAuth } from '../../../shared/auth/use-auth';
import { useToast } from '../../../shared/toast/toast.context';
import { TOAST_DEFAULT_DURATION_MS } from '../../../shared/toast/toast.reducer';
import { useCreateSubscriptionMutation } from '../api/billing.api';
import { pricing } from '../pricing';
import { promoCodeToSend } from '../utils/promo-code';
import { runSubscribe, type CardConfirmer } from '../utils/subscribe-flow';

/** SPEC 9: go to the account page 3 s after success. */
export const SUBSCRIBE_REDIRECT_MS = 3_000;
/** SPEC 8 and 9: the second subscribe note stays 8000 ms (other toasts 5000 ms). */
export const SYNC_NOTE_DURATION_MS = 8_000;
/**
 * The note follows the success toast once that has had its own time: one toast
 * is visible at a time, so an earlier note would cut the success short.
 */
export const SYNC_NOTE_DELAY_MS = TOAST_DEFAULT_DURATION_MS;

export type SubscribeState =
  | { status: 'idle' }
  | { status: 'processing' }
  | { status: 'success'; trial: boolean }
  | { status: 'error'; message: string };

export interface SubscribeChoice {
  plan: PlanTypeValue;
  promoCode?: string;
}

const successToast = (trial: boolean) =>
  trial
    ? { title: 'Free Trial Activated', description: `Your ${pricing.trialDays}-day free trial is activated. Enjoy Pro!` }
    : { title: 'Subscription Activated', description: 'Your Pro subscription is active. Enjoy!' };

const SYNC_NOTE = {
  title: 'Not showing Pro yet?',
  hint: true,
  description: 'Use the Sync Status button on the Account page to refresh your subscription.',
  duration: SYNC_NOTE_DURATION_MS,
} as const;

/**
 * SPEC 4 'Subscribe flow': idle, processing, then success (a toast, the user
 * re-synced, the account page after 3 s) or error (the user stays free and may
 * try again).
 */
export function useSubscribe() {
  const { user, refreshUser } = useAuth();
  const [createSubscription] = useCreateSubscriptionMutation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [state, setState] = useState<SubscribeState>({ status: 'idle' });
  const busy = useRef(false);

  useEffect(() => {
    if (state.status !== 'success') return;
    const timer = setTimeout(() => void navigate('/account'), SUBSCRIBE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.status, navigate]);

  const subscribe = useCallback(
    async ({ plan, promoCode }: SubscribeChoice, card: CardConfirmer | null) => {
      if (user === null || busy.current) return;
      busy.current = true;
      try {
        const outcome = await runSubscribe(
          {
            card,
            createSubscription: (request) => createSubscription(request).unwrap(),
            onProcessing: () => setState({ status: 'processing' }),
          },
          { user_id: user.id, email: user.email, plan_type: plan, promo_code: promoCodeToSend(promoCode) },
        );
        setState(outcome);
        if (outcome.status !== 'success') return;
        // The provider has told the server by now (local) or will shortly (Stripe's webhooks).
        dispatch(baseApi.util.invalidateTags(['Subscription']));
        void refreshUser().catch(() => undefined);
        toast(successToast(outcome.trial));
        // Not cleared with the page: the note is meant for the account page it leads to.
        setTimeout(() => toast(SYNC_NOTE), SYNC_NOTE_DELAY_MS);
      } finally {
        busy.current = false;
      }
    },
    [user, createSubscription, dispatch, refreshUser, toast],
  );

  return { state, subscribe };
}
