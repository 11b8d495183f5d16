import { useCallback } from 'react';
import { isApiError } from '../../../shared/api/http-error';
import { rateLimitedFor, slowDownToast } from '../../../shared/api/rate-limited';
import { useAuth } from '../../../shared/auth/use-auth';
import { useToast } from '../../../shared/toast/toast.context';
import { useUnpublishJokeMutation } from '../api/unpublish-joke.api';

/** Takes the signed-in owner's joke off its public page (POST /api/jokes/{id}/unpublish). */
export function useUnpublishJoke(jokeId: string) {
  const { user } = useAuth();
  const { toast } = useToast();
  const [send, { isLoading }] = useUnpublishJokeMutation();
  const userId = user?.id ?? null;

  const unpublish = useCallback(async () => {
    if (userId === null) return;
    try {
      await send({ id: jokeId, user_id: userId }).unwrap();
      toast({ title: 'Unpublished', description: 'Its public page and picture are gone; sharing it again puts them back.' });
    } catch (error) {
      const retryAfterSeconds = rateLimitedFor(error);
      if (retryAfterSeconds !== undefined) return toast(slowDownToast(retryAfterSeconds));
      toast({ title: 'Unpublish failed', description: isApiError(error) ? error.message : String(error), variant: 'destructive' });
    }
  }, [userId, send, jokeId, toast]);

  return { unpublish, isUnpublishing: isLoading };
}
