import { useCallback, useState } from 'react';
import { trackEvent } from '../../../shared/analytics/analytics';
import { useAuth } from '../../../shared/auth/use-auth';
import { useToast } from '../../../shared/toast/toast.context';

export const RATING_VALUES = [1, 2, 3, 4, 5] as const;

/**
 * SPEC 5: rating needs a logged-in user; otherwise a toast offers the login.
 * A rating shows on the card at once (SPEC 4). Saving it (POST
 * /api/jokes/{id}/rate with the session user's id) comes with the rate
 * contract: this is the one place it plugs in.
 */
export function useJokeRating(initialRating: number | null) {
  const { user } = useAuth();
  const { toast } = useToast();
  const [rating, setRating] = useState(initialRating);
  const canRate = user !== null;

  const rate = useCallback(
    (value: number) => {
      if (!canRate) {
        toast({
          title: 'Login required',
          description: 'Please login to rate jokes',
          action: { label: 'Login', to: '/auth' },
        });
        return;
      }
      setRating(value);
      trackEvent({ name: 'rate_joke', value });
    },
    [canRate, toast],
  );

  return { rating, rate, canRate };
}
