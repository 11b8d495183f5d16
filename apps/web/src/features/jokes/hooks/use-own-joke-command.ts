import { useCallback } from 'react';
import { isApiError } from '../../../shared/api/http-error';
import { rateLimitedFor, slowDownToast } from '../../../shared/api/rate-limited';
import { useAuth } from '../../../shared/auth/use-auth';
import { useToast } from '../../../shared/toast/toast.context';

/** A mutation of a command only the joke's owner may give (unpublish, delete), as RTK Query's hook hands it over. */
type OwnJokeMutation = readonly [(args: { id: string; user_id: string }) => { unwrap(): Promise<unknown> }, { isLoading: boolean }];

interface OwnJokeCommandTexts {
  done: { title: string; description: string };
  failed: string;
}

/**
 * Sends an owner's command on their joke from History in the signed-in user's
 * name, and says how it went: done, slow down (rate limits), or why it failed.
 */
export function useOwnJokeCommand(jokeId: string, [send, { isLoading }]: OwnJokeMutation, texts: OwnJokeCommandTexts) {
  const { user } = useAuth();
  const { toast } = useToast();
  const userId = user?.id ?? null;

  const run = useCallback(async () => {
    if (userId === null) return;
    try {
      await send({ id: jokeId, user_id: userId }).unwrap();
      toast(texts.done);
    } catch (error) {
      const retryAfterSeconds = rateLimitedFor(error);
      if (retryAfterSeconds !== undefined) return toast(slowDownToast(retryAfterSeconds));
      toast({ title: texts.failed, description: isApiError(error) ? error.message : String(error), variant: 'destructive' });
    }
  }, [userId, send, jokeId, toast, texts]);

  return { run, isRunning: isLoading };
}
