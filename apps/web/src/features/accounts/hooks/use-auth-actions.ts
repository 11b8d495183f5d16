import { useCallback, useMemo } from 'react';
import { useAppDispatch } from '../../../shared/store/hooks';
import { authActionFinished, authActionStarted, signedOutLocally } from '../../../shared/auth/auth.slice';
import type { AuthActions, RecoveryToken, SignInOutcome } from '../../../shared/auth/use-auth';
import { useToast } from '../../../shared/toast/toast.context';
import { accountsApi } from '../api/accounts.api';
import { useAuthRuntime } from '../auth-client/auth-runtime';
import { SHORT_SESSION_LIFETIME_S } from '../auth-client/session-lifetime';
import { loginFailureKind, loginFailureText } from '../utils/login-failure';
import { updatePasswordFlow, type PasswordUpdatePorts } from '../utils/password-update';
import { RESET_MESSAGES } from '../utils/reset-failure';
import { hasPasswordResetMarker, rememberResetEmail } from '../utils/reset-markers';
import { serverMessage } from '../utils/server-message';
import { AUTH_UNAVAILABLE } from './use-session-sync';

/** SPEC 2: where the e-mail links lead back to. */
export const CONFIRM_PATH = '/auth/confirm';
export const RESET_CONFIRM_PATH = '/reset-password-confirm';
export const SIGN_UP_CONFIRMATION_TOAST_MS = 6_000;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : '');

/** The account actions of SPEC 4 and their toasts (SPEC 8). */
export function useAuthActions(): Omit<AuthActions, 'refreshUser'> {
  const { auth, sessionLifetime } = useAuthRuntime();
  const dispatch = useAppDispatch();
  const { toast } = useToast();

  /** The loading flag is on while any action runs. */
  const tracked = useCallback(
    async <T>(action: () => Promise<T>): Promise<T> => {
      dispatch(authActionStarted());
      try {
        return await action();
      } finally {
        dispatch(authActionFinished());
      }
    },
    [dispatch],
  );

  const signIn = useCallback(
    (email: string, password: string, rememberMe: boolean) =>
      tracked(async (): Promise<SignInOutcome> => {
        if (auth === null) {
          toast({ ...AUTH_UNAVAILABLE, variant: 'destructive' });
          return 'failed';
        }
        const afterReset = hasPasswordResetMarker();
        const { error } = await sessionLifetime
          .during(rememberMe ? null : SHORT_SESSION_LIFETIME_S, () => auth.signInWithPassword({ email, password }))
          .catch((thrown: unknown) => ({ error: thrown }));
        if (error) {
          toast({ ...loginFailureText(error, afterReset), variant: 'destructive' });
          return loginFailureKind(error);
        }
        return 'signed-in';
      }),
    [auth, sessionLifetime, toast, tracked],
  );

  const signUp = useCallback(
    (email: string, password: string, rememberMe: boolean, ageConfirmed: boolean) =>
      tracked(async () => {
        const fail = (description: string) => {
          toast({ title: 'Registration Failed', description, variant: 'destructive' });
          return false;
        };
        if (auth === null) return fail(AUTH_UNAVAILABLE.description);
        if (!ageConfirmed) return fail('You must confirm that you are 18 or older');
        try {
          const { data, error } = await auth.signUp({
            email,
            password,
            options: {
              emailRedirectTo: `${window.location.origin}${CONFIRM_PATH}`,
              data: { email_confirm_requested: true, remember_me: rememberMe, age_confirmed: true },
            },
          });
          if (error) throw error;
          if (!data.user) throw new Error('No user data returned from signup');
        } catch (error) {
          return fail(messageOf(error) || 'An error occurred during registration. Please try again.');
        }
        toast({
          title: 'Check your email',
          description: "We've sent you a confirmation link to complete your registration.",
          duration: SIGN_UP_CONFIRMATION_TOAST_MS,
        });
        return true;
      }),
    [auth, toast, tracked],
  );

  const signOut = useCallback(
    () =>
      tracked(async () => {
        let failed = false;
        if (auth !== null) {
          // Ends the session at the auth server; when that fails, this browser forgets it anyway.
          const { error } = await auth.signOut().catch((thrown: unknown) => ({ error: thrown }));
          if (error) {
            failed = true;
            await auth.signOut({ scope: 'local' }).catch(() => undefined);
          }
        }
        // The product's own session state (cookies); the auth session is over by now.
        failed ||= await dispatch(accountsApi.endpoints.logout.initiate())
          .unwrap()
          .then(
            () => false,
            () => true,
          );
        // SPEC 8: the local user is cleared whatever the servers said.
        dispatch(signedOutLocally());
        if (failed) {
          toast({ title: 'Sign Out Failed', description: 'There was a problem signing out. Please try again.', variant: 'destructive' });
        }
      }),
    [auth, dispatch, toast, tracked],
  );

  const resetPassword = useCallback(
    (email: string) =>
      tracked(async () => {
        const fail = (description: string) => {
          toast({ title: 'Password Reset Failed', description, variant: 'destructive' });
          return false;
        };
        if (auth === null) return fail(AUTH_UNAVAILABLE.description);
        const { error } = await auth
          .resetPasswordForEmail(email, { redirectTo: `${window.location.origin}${RESET_CONFIRM_PATH}` })
          .catch((thrown: unknown) => ({ error: thrown }));
        if (error) return fail(messageOf(error) || 'Please try again.');
        rememberResetEmail(email);
        toast({ title: 'Check your email', description: "We've sent you a password reset link." });
        return true;
      }),
    [auth, toast, tracked],
  );

  const updatePassword = useCallback(
    (password: string, recovery?: RecoveryToken) =>
      tracked(async () => {
        if (auth === null) throw new Error(RESET_MESSAGES.noAuth);
        const ports: PasswordUpdatePorts = {
          hasSession: async () => (await auth.getSession()).data.session !== null,
          updateWithSession: async (newPassword) => {
            const { error } = await auth.updateUser({ password: newPassword });
            if (error) throw error;
          },
          updateWithToken: async (token, newPassword) => {
            try {
              await dispatch(accountsApi.endpoints.resetPasswordWithToken.initiate({ token, password: newPassword })).unwrap();
            } catch (error) {
              throw new Error(serverMessage(error));
            }
          },
          signOut: async () => {
            await auth.signOut().catch(() => undefined);
            dispatch(signedOutLocally());
          },
        };
        return updatePasswordFlow(ports, password, recovery);
      }),
    [auth, dispatch, tracked],
  );

  return useMemo(
    () => ({ signIn, signUp, signOut, resetPassword, updatePassword }),
    [signIn, signUp, signOut, resetPassword, updatePassword],
  );
}
