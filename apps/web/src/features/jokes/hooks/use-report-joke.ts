import type { ReportReasonValue } from '@jokes/contracts';
import { useCallback } from 'react';
import { isApiError } from '../../../shared/api/http-error';
import { rateLimitedFor, slowDownToast } from '../../../shared/api/rate-limited';
import { useAuth } from '../../../shared/auth/use-auth';
import { useToast } from '../../../shared/toast/toast.context';
import { useReportJokeMutation, useRetractJokeReportMutation } from '../api/report-joke.api';

const messageOf = (error: unknown) => (isApiError(error) ? error.message : error instanceof Error ? error.message : String(error));

/**
 * Reports a joke to support (POST /api/jokes/{id}/report with the session
 * user's id). Answers whether it was sent, so the dialog closes only then;
 * logged out, a toast offers the login instead, as rating does. The thanks
 * offer Undo, which takes the report back (POST .../report/retract) while
 * support has not yet acted on it.
 */
export function useReportJoke(jokeId: string) {
  const { user } = useAuth();
  const { toast } = useToast();
  const [send, { isLoading }] = useReportJokeMutation();
  const [retract] = useRetractJokeReportMutation();
  const userId = user?.id ?? null;

  const undo = useCallback(
    async (reporter: string) => {
      try {
        await retract({ id: jokeId, user_id: reporter }).unwrap();
        toast({ title: 'Report withdrawn', description: 'You can report this joke again at any time.' });
      } catch (error) {
        const retryAfterSeconds = rateLimitedFor(error);
        toast(retryAfterSeconds === undefined ? { title: 'Failed to withdraw report', description: messageOf(error), variant: 'destructive' } : slowDownToast(retryAfterSeconds));
      }
    },
    [retract, jokeId, toast],
  );

  const report = useCallback(
    async (reason: ReportReasonValue, details: string): Promise<boolean> => {
      if (userId === null) {
        toast({ title: 'Login required', description: 'Please login to report jokes', action: { label: 'Login', to: '/auth' } });
        return false;
      }
      const trimmed = details.trim();
      try {
        await send({ id: jokeId, reason, user_id: userId, ...(trimmed ? { details: trimmed } : {}) }).unwrap();
        toast({ title: 'Thanks for letting us know', description: 'Our team will review this joke.', action: { label: 'Undo', onClick: () => void undo(userId) } });
        return true;
      } catch (error) {
        const retryAfterSeconds = rateLimitedFor(error);
        if (retryAfterSeconds !== undefined) {
          toast(slowDownToast(retryAfterSeconds));
          return false;
        }
        toast({ title: 'Failed to send report', description: messageOf(error), variant: 'destructive' });
        return false;
      }
    },
    [userId, toast, send, jokeId, undo],
  );

  return { report, isReporting: isLoading, canReport: userId !== null };
}
