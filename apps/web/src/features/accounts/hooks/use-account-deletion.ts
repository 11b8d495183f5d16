import { useCallback } from 'react';
import { signedOutLocally } from '../../../shared/auth/auth.slice';
import { useAppDispatch } from '../../../shared/store/hooks';
import { useToast } from '../../../shared/toast/toast.context';
import { useRequestAccountDeletionMutation } from '../api/privacy.api';
import { useAuthRuntime } from '../auth-client/auth-runtime';
import { deletionScheduledToast } from '../utils/account-deletion';
import { serverMessage } from '../utils/server-message';

/** Long enough to read a date and a sentence; the default 5 s is for shorter news. */
export const DELETION_TOAST_MS = 10_000;

/** Null when the deletion is scheduled; else the words to show in the dialog. */
export type DeletionFailure = string | null;

/**
 * 'Delete my account' (issue 11): POST /api/account/delete with the password.
 * The server has signed every session out by the time it answers, so this
 * browser only forgets its own (a global sign-out would just fail) and says
 * when the erasure is due; the account page's login gate then shows /auth,
 * where signing in offers to cancel. A refusal is returned for the dialog to show.
 */
export function useAccountDeletion(userId: string) {
  const [requestDeletion, { isLoading }] = useRequestAccountDeletionMutation();
  const { auth } = useAuthRuntime();
  const dispatch = useAppDispatch();
  const { toast } = useToast();

  const deleteAccount = useCallback(
    async (password: string): Promise<DeletionFailure> => {
      let scheduledErasureAt: string;
      try {
        ({ scheduled_erasure_at: scheduledErasureAt } = await requestDeletion({ user_id: userId, password }).unwrap());
      } catch (error) {
        return serverMessage(error) || 'Your account could not be deleted. Please try again.';
      }
      await auth?.signOut({ scope: 'local' }).catch(() => undefined);
      dispatch(signedOutLocally());
      toast({ ...deletionScheduledToast(scheduledErasureAt), duration: DELETION_TOAST_MS });
      return null;
    },
    [auth, dispatch, requestDeletion, toast, userId],
  );

  return { deleteAccount, isDeleting: isLoading };
}
