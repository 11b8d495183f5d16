import { useCallback, useState } from 'react';
import { useAppDispatch } from '../../../shared/store/hooks';
import { trackEvent } from '../../../shared/analytics/analytics';
import { slowDownToast } from '../../../shared/api/rate-limited';
import { useAuth } from '../../../shared/auth/use-auth';
import { openSubscriptionPrompt } from '../../../shared/subscription-prompt/subscription-prompt.slice';
import { useToast } from '../../../shared/toast/toast.context';
import { useGenerateJokeMutation, type GenerateJokeBody, type GeneratedJoke } from '../api/jokes.api';
import { classifyGenerateFailure, GENERATE_FAILED } from '../utils/generate-failure';

/** What the form asks for; the user id is added here from the session. */
export type JokeRequest = Omit<GenerateJokeBody, 'user_id'>;

/**
 * Generates jokes and keeps the one on display. A failed attempt leaves the
 * previous joke in place and says why, as SPEC 8 words it.
 */
export function useJokeGeneration() {
  const [generateJoke, { isLoading }] = useGenerateJokeMutation();
  const [joke, setJoke] = useState<GeneratedJoke | null>(null);
  const { user } = useAuth();
  const { toast } = useToast();
  const dispatch = useAppDispatch();
  const userId = user?.id;

  const reportFailure = useCallback(
    (error: unknown) => {
      const failure = classifyGenerateFailure(error);
      switch (failure.kind) {
        case 'premium-required':
          dispatch(openSubscriptionPrompt());
          toast({ title: 'Premium Feature', description: 'Upgrade to access premium comedians and joke lengths' });
          return;
        case 'forbidden':
          toast({ title: 'Access Denied', description: failure.message, variant: 'destructive' });
          return;
        case 'rate-limited':
          toast(slowDownToast(failure.retryAfterSeconds));
          return;
        case 'refused':
          // Not destructive: nothing broke, the topic field keeps what was typed so it can be changed.
          toast({ title: failure.title, description: failure.message });
          return;
        case 'busy':
          toast({ title: failure.title, description: failure.message, variant: 'destructive' });
          return;
        case 'failed':
          toast({ ...GENERATE_FAILED, variant: 'destructive' });
          return;
        default: {
          const _exhaustive: never = failure;
          return _exhaustive;
        }
      }
    },
    [dispatch, toast],
  );

  const generate = useCallback(
    async (request: JokeRequest): Promise<GeneratedJoke | null> => {
      try {
        const generated = await generateJoke(userId ? { ...request, user_id: userId } : request).unwrap();
        setJoke(generated);
        trackEvent({ name: 'generate_joke', comedian_style: generated.comedian_style, length: generated.length, topic: generated.topic });
        return generated;
      } catch (error) {
        reportFailure(error);
        return null;
      }
    },
    [generateJoke, userId, reportFailure],
  );

  return { joke, isGenerating: isLoading, generate };
}
