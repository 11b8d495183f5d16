import { useCallback } from 'react';
import { isApiError } from '../../../shared/api/http-error';
import { rateLimitedFor, slowDownToast } from '../../../shared/api/rate-limited';
import { useAuth } from '../../../shared/auth/use-auth';
import { useToast } from '../../../shared/toast/toast.context';
import { useRemoveJokeFromHistoryMutation } from '../api/jokes.api';

/** Deletes the signed-in owner's joke from History, and its public page (POST /api/jokes/{id}/remove-from-history). */
export function useRemoveJokeFromHistory(jokeId: string) {
  const { user } = useAuth();
  const { toast } = useToast();
  const [send, { isLoading }] = useRemoveJokeFromHistoryMutation();
  const userId = user?.id ?? null;

  const remove = useCallback(async () => {
    if (userId === null) return;
    try {
      await send({ id: jokeId, user_id: userId }).unwrap();
      toast({ title: 'Deleted', description: 'The joke is gone from your history, and its public page with it.' });
    } catch (error) {
      const retryAfterSeconds = rateLimitedFor(error);
      if (retryAfterSeconds !== undefined) return toast(slowDownToast(retryAfterSeconds));
      toast({ title: 'Delete failed', description: isApiError(error) ? error.message : String(error), variant: 'destructive' });
    }
  }, [userId, send, jokeId, toast]);

  return { remove, isRemoving: isLoading };
}
