import type { Joke } from '@jokes/contracts';
import { useCallback, useRef, useState } from 'react';
import { trackEvent } from '../../../shared/analytics/analytics';
import { isApiError } from '../../../shared/api/http-error';
import { rateLimitedFor, slowDownToast } from '../../../shared/api/rate-limited';
import { useAuth } from '../../../shared/auth/use-auth';
import { useToast } from '../../../shared/toast/toast.context';
import { useRateJokeMutation } from '../api/jokes.api';

export const RATING_VALUES = [1, 2, 3, 4, 5] as const;

/** What rating a joke needs to know about it: the card's joke and a history entry both have it. */
export type RatableJoke = Pick<Joke, 'id' | 'rating' | 'comedian_style' | 'length' | 'topic'>;

const messageOf = (error: unknown) => (isApiError(error) ? error.message : error instanceof Error ? error.message : String(error));

/**
 * SPEC 4, 5, 7, 8: a logged-in user's rating shows at once and is then saved
 * (POST /api/jokes/{id}/rate with the session user's id): 'Rating saved', or,
 * if the server refuses, the previous rating comes back with 'Failed to save
 * rating' and the error. Logged out, a toast offers the login instead.
 */
export function useJokeRating(joke: RatableJoke) {
  const { user } = useAuth();
  const { toast } = useToast();
  const [saveRating] = useRateJokeMutation();
  const [rating, setRating] = useState(joke.rating);
  // What the stars show, readable at once by a second press before React renders again.
  const shown = useRef(joke.rating);
  const show = useCallback((value: number | null) => {
    shown.current = value;
    setRating(value);
  }, []);
  // The rating the joke came with; when it changes (the history read again) it is shown.
  const [given, setGiven] = useState(joke.rating);
  if (joke.rating !== given) {
    setGiven(joke.rating);
    setRating(joke.rating);
    shown.current = joke.rating;
  }
  // Only the latest press may undo: an older one failing must not take back a newer rating.
  const latestPress = useRef(0);
  const userId = user?.id ?? null;
  const { id, comedian_style, length, topic } = joke;

  const rate = useCallback(
    async (value: number) => {
      if (userId === null) {
        toast({
          title: 'Login required',
          description: 'Please login to rate jokes',
          action: { label: 'Login', to: '/auth' },
        });
        return;
      }
      const press = ++latestPress.current;
      const previous = shown.current;
      show(value);
      try {
        await saveRating({ id, rating: value, user_id: userId }).unwrap();
        trackEvent({ name: 'rate_joke', value, comedian_style, length, topic });
        toast({ title: 'Rating saved', description: 'Thanks for your feedback!' });
      } catch (error) {
        if (press === latestPress.current) show(previous);
        const retryAfterSeconds = rateLimitedFor(error);
        if (retryAfterSeconds !== undefined) toast(slowDownToast(retryAfterSeconds));
        else toast({ title: 'Failed to save rating', description: messageOf(error), variant: 'destructive' });
      }
    },
    [userId, toast, saveRating, show, id, comedian_style, length, topic],
  );

  return { rating, rate, canRate: userId !== null };
}
