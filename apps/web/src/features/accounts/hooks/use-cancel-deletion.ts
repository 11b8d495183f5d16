import { useCallback } from 'react';
import { useAuth, type SignInOutcome } from '../../../shared/auth/use-auth';
import { useToast } from '../../../shared/toast/toast.context';
import { useCancelAccountDeletionMutation } from '../api/privacy.api';
import { serverMessage } from '../utils/server-message';

/** How it ended: the sign-in's outcome, or the cancellation refused (and said why in its toast). */
export type CancelDeletionOutcome = SignInOutcome | 'cancel-refused';

export interface PendingSignIn {
  email: string;
  password: string;
  rememberMe: boolean;
}

/**
 * 'Cancel deletion and sign in' (issue 11): POST /api/account/cancel-deletion
 * with the credentials just typed (no session exists yet), then the sign-in
 * they were typed for.
 */
export function useCancelDeletion() {
  const [cancelDeletion, { isLoading }] = useCancelAccountDeletionMutation();
  const { signIn } = useAuth();
  const { toast } = useToast();

  const cancelAndSignIn = useCallback(
    async ({ email, password, rememberMe }: PendingSignIn): Promise<CancelDeletionOutcome> => {
      try {
        await cancelDeletion({ email, password }).unwrap();
      } catch (error) {
        toast({
          title: 'Cancellation Failed',
          description: serverMessage(error) || 'The deletion could not be canceled. Please try again.',
          variant: 'destructive',
        });
        return 'cancel-refused';
      }
      toast({ title: 'Deletion Canceled', description: 'Your account is kept. Welcome back!' });
      return signIn(email, password, rememberMe);
    },
    [cancelDeletion, signIn, toast],
  );

  return { cancelAndSignIn, isCanceling: isLoading };
}
